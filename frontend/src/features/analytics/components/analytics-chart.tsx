import { BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip, type ChartData, type ChartOptions } from 'chart.js';
import { Bar } from 'react-chartjs-2';

import type { Figures } from '../lib/analytics';

// Only what a bar chart with a legend and tooltips draws ('Bar' registers its own controller): the rest of
// Chart.js stays out of the analytics page's chunk.
Chart.register(BarElement, CategoryScale, LinearScale, Legend, Tooltip);

/** The counts the chart draws, each in its colour (contrast of at least 3:1 on white). */
const series = [
  { key: 'placed', label: 'Placed', color: '#475569' },
  { key: 'delivered', label: 'Delivered', color: '#15803d' },
  { key: 'returned', label: 'Returned', color: '#b45309' },
  { key: 'rejected', label: 'Rejected', color: '#b91c1c' },
] as const satisfies readonly { key: keyof Figures; label: string; color: string }[];

const options: ChartOptions<'bar'> = {
  responsive: true,
  maintainAspectRatio: false,
  animation: false,
  // Labels stay level and thin out rather than turning and eating the bars on a phone.
  scales: { x: { ticks: { maxRotation: 0, autoSkip: true, autoSkipPadding: 8 } }, y: { beginAtZero: true, ticks: { precision: 0 } } },
  plugins: { legend: { position: 'bottom' } },
};

interface AnalyticsChartProps {
  /** The chart's accessible name. */
  title: string;
  rows: readonly (Figures & { label: string })[];
}

/**
 * The table's placed, delivered, returned and rejected orders as grouped bars, one group per row, drawn by
 * Chart.js. The canvas is an image named `title`; the table beside it is the accessible form of its figures.
 */
export function AnalyticsChart({ title, rows }: AnalyticsChartProps) {
  const data: ChartData<'bar'> = {
    labels: rows.map((row) => row.label),
    datasets: series.map((line) => ({
      label: line.label,
      data: rows.map((row) => row[line.key]),
      backgroundColor: line.color,
    })),
  };
  return (
    <div className="analytics-chart">
      <Bar data={data} options={options} role="img" aria-label={title} fallbackContent={<p>{title}: the table lists the same figures.</p>} />
    </div>
  );
}
