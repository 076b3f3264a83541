import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ChartData } from 'chart.js';
import type { ComponentProps } from 'react';
import { describe, expect, it, vi } from 'vitest';

import { jsonResponse as json, mockFetch } from '@/testing/fetch-mock';
import { renderWithProviders } from '@/testing/render';

import { OrderAnalytics } from './order-analytics';

// jsdom draws no canvas: the chart stands in as its canvas with what Chart.js was given.
vi.mock('react-chartjs-2', () => ({
  Bar: ({ data, options, ...canvas }: { data: ChartData<'bar'>; options?: unknown } & ComponentProps<'canvas'>) => (
    <canvas role={canvas.role} aria-label={canvas['aria-label']} data-chart={JSON.stringify(data)} data-options={JSON.stringify(options)} />
  ),
}));

const figures = (placed: number, delivered: number, returned: number, rejected: number, deliveryRate: number | null, cashCollected: number) => ({
  placed,
  delivered,
  returned,
  rejected,
  deliveryRate,
  cashCollected,
});

function report(url: URL) {
  const by = url.searchParams.get('by') ?? 'week';
  // The server's default period: this week and the seven before it.
  const from = url.searchParams.get('from') ?? '2026-10-05';
  const to = url.searchParams.get('to') ?? '2026-11-24';
  const rows =
    by === 'city'
      ? [
          { key: 'Lahore', label: 'Lahore', ...figures(3, 1, 1, 1, 50, 1710) },
          { key: '', label: 'No city', ...figures(1, 0, 0, 0, null, 0) },
        ]
      : [
          { key: '2026-10-26', label: 'Week of 26 Oct 2026', ...figures(2, 1, 0, 1, 100, 1710) },
          { key: '2026-11-02', label: 'Week of 2 Nov 2026', ...figures(2, 0, 1, 0, 0, 0) },
        ];
  return { success: true, from, to, by, rows, totals: figures(4, 1, 1, 1, 50, 1710) };
}

function setup(answer: (url: URL) => Response = (url) => json(report(url))) {
  const asked: URLSearchParams[] = [];
  mockFetch((url) => {
    if (url.pathname !== '/api/analytics/orders') return json({ message: 'Not found' }, 404);
    asked.push(url.searchParams);
    return answer(url);
  });
  renderWithProviders(<OrderAnalytics />, { route: '/admin/analytics' });
  return { asked, user: userEvent.setup() };
}

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));

describe('OrderAnalytics', () => {
  it("asks for the server's default period by week, shows its dates and the table with its totals", async () => {
    const { asked } = setup();

    const table = await screen.findByRole('table', { name: 'Orders by week, 5 Oct 2026 to 24 Nov 2026' });

    expect(screen.getByLabelText('From')).toHaveValue('2026-10-05');
    expect(screen.getByLabelText('To')).toHaveValue('2026-11-24');
    expect(screen.getByRole('radio', { name: 'By week' })).toBeChecked();
    expect(Object.fromEntries(asked[0] ?? [])).toEqual({ by: 'week' });
    expect(rowsOf(table)).toEqual([
      ['Week', 'Placed', 'Delivered', 'Returned', 'Rejected', 'Delivery rate (%)', 'Cash collected (Rs)'],
      ['Week of 26 Oct 2026', '2', '1', '0', '1', '100.0', '1710'],
      ['Week of 2 Nov 2026', '2', '0', '1', '0', '0.0', '0'],
      ['Total', '4', '1', '1', '1', '50.0', '1710'],
    ]);
  });

  it('draws the counts as a named bar chart, one group per row', async () => {
    setup();

    const chart = await screen.findByRole('img', { name: 'Bar chart: Orders by week, 5 Oct 2026 to 24 Nov 2026' });

    const data = JSON.parse(chart.dataset.chart ?? '{}') as ChartData<'bar'>;
    // Short labels (the Monday, no year) so they stay level on a phone; the table keeps the full ones.
    expect(data.labels).toEqual(['26 Oct', '2 Nov']);
    expect(chart.dataset.options).toContain('"maxRotation":0');
    expect(data.datasets.map((set) => [set.label, set.data])).toEqual([
      ['Placed', [2, 2]],
      ['Delivered', [1, 0]],
      ['Returned', [0, 1]],
      ['Rejected', [1, 0]],
    ]);
  });

  it('heads the result with the delivery rate and the cash collected, before the chart and the table', async () => {
    setup();

    const table = await screen.findByRole('table');
    const headline = screen.getByText('Delivery rate').closest('dl');

    expect(headline).toHaveTextContent('Delivery rate50.0%Cash collectedRs 1,710');
    expect(headline?.compareDocumentPosition(screen.getByRole('img'))).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    expect(headline?.compareDocumentPosition(table)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
  });

  it('switches to another table and period', async () => {
    const { asked, user } = setup();
    await screen.findByRole('table');

    await user.click(screen.getByRole('radio', { name: 'By city' }));
    const table = await screen.findByRole('table', { name: /^Orders by city/ });
    expect(rowsOf(table)[0]?.[0]).toBe('City');
    expect(rowsOf(table)[2]).toEqual(['No city', '1', '0', '0', '0', 'n/a', '0']);

    await user.clear(screen.getByLabelText('From'));
    await user.type(screen.getByLabelText('From'), '2026-11-01');
    await screen.findByRole('table', { name: 'Orders by city, 1 Nov 2026 to 24 Nov 2026' });
    expect(Object.fromEntries(asked.at(-1) ?? [])).toEqual({ from: '2026-11-01', to: '2026-11-24', by: 'city' });
  });

  it("shows the server's refusal", async () => {
    setup(() => json({ message: 'Choose week, city, product or coupon.' }, 400));

    expect(await screen.findByRole('alert')).toHaveTextContent('Choose week, city, product or coupon.');
  });

  it('does not send a period the server would refuse, and says why', async () => {
    const { asked, user } = setup();
    await screen.findByRole('table');
    const before = asked.length;

    await user.clear(screen.getByLabelText('From'));
    await user.type(screen.getByLabelText('From'), '2026-12-01');

    expect(await screen.findByRole('alert')).toHaveTextContent('The start date must not be after the end date.');
    expect(asked).toHaveLength(before);
  });

  it('exports the table as shown, as a CSV file named by the choice and period', async () => {
    const blobs: Blob[] = [];
    const names: string[] = [];
    Object.assign(URL, {
      createObjectURL: vi.fn((blob: Blob) => {
        blobs.push(blob);
        return 'blob:analytics';
      }),
      revokeObjectURL: vi.fn(),
    });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    const { user } = setup();
    await screen.findByRole('table');

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));

    expect(names).toEqual(['orders-by-week-2026-10-05-to-2026-11-24.csv']);
    expect(blobs[0]?.type).toBe('text/csv;charset=utf-8');
    const bytes = new Uint8Array(await (blobs[0] ?? new Blob()).arrayBuffer());
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)).toBe(
      '\uFEFFWeek,Placed,Delivered,Returned,Rejected,Delivery rate (%),Cash collected (Rs)\r\n' +
        'Week of 26 Oct 2026,2,1,0,1,100.0,1710\r\n' +
        'Week of 2 Nov 2026,2,0,1,0,0.0,0\r\n' +
        'Total,4,1,1,1,50.0,1710\r\n',
    );
  });

  it('asks for both dates before asking the server', async () => {
    const { asked, user } = setup();
    await screen.findByRole('table');
    const before = asked.length;

    await user.clear(screen.getByLabelText('To'));

    expect(await screen.findByRole('alert')).toHaveTextContent('Choose both dates.');
    await waitFor(() => {
      expect(asked).toHaveLength(before);
    });
  });
});
