import { useId, useState } from 'react';

import { LoadingBar } from '@/components/ui/loading-bar';

import { useOrderAnalytics } from '../api/order-analytics';
import {
  analyticsCsv,
  analyticsFileName,
  analyticsTable,
  analyticsViews,
  chartLabel,
  formatDay,
  headlineFigures,
  periodProblem,
  type AnalyticsBy,
  type AnalyticsReport,
} from '../lib/analytics';
import { downloadCsv } from '../lib/csv';

import { AnalyticsChart } from './analytics-chart';

import './analytics.css';

/**
 * The analytics page (docs/cod.md 'Analytics'): a period (from and to, Pakistan dates) and a choice of table,
 * by week, city, product or coupon; the table of placed, delivered, returned and rejected orders, delivery
 * rate and cash collected with its totals, the same counts as a bar chart, and 'Export CSV' of the table as
 * shown; above them the owner's two headline figures, the delivery rate and the cash collected. Until the
 * owner picks dates the server's default period is asked for and shown (this week and the
 * seven before it). A period the server would refuse is not sent; its words show instead.
 */
export function OrderAnalytics() {
  const [chosen, setChosen] = useState<{ from: string; to: string } | null>(null);
  const [by, setBy] = useState<AnalyticsBy>('week');
  const problem = chosen && periodProblem(chosen.from, chosen.to);
  const report = useOrderAnalytics({ ...chosen, by }, !problem);
  const period = chosen ?? { from: report.data?.from ?? '', to: report.data?.to ?? '' };
  const id = useId();

  return (
    <>
      <form
        className="analytics-filters"
        aria-label="Period and table"
        onSubmit={(event) => {
          event.preventDefault();
        }}
      >
        <div className="analytics-filters__dates">
          {(['from', 'to'] as const).map((end) => (
            <div key={end} className="form-field">
              <label htmlFor={`${id}-${end}`}>{end === 'from' ? 'From' : 'To'}</label>
              <input
                id={`${id}-${end}`}
                name={end}
                type="date"
                required
                value={period[end]}
                onChange={(event) => {
                  setChosen({ ...period, [end]: event.target.value });
                }}
              />
            </div>
          ))}
        </div>
        <fieldset className="analytics-filters__views">
          <legend>Table</legend>
          {analyticsViews.map((view) => (
            <label key={view.by} className="analytics-filters__view">
              <input
                type="radio"
                name="by"
                value={view.by}
                checked={by === view.by}
                onChange={() => {
                  setBy(view.by);
                }}
              />
              {view.choice}
            </label>
          ))}
        </fieldset>
      </form>
      {problem ? (
        <p className="admin-message admin-message--error" role="alert">
          {problem}
        </p>
      ) : report.isPending ? (
        <LoadingBar label="Loading figures" />
      ) : report.isError ? (
        <p className="admin-message admin-message--error" role="alert">
          {report.error.message}
        </p>
      ) : (
        <AnalyticsResult report={report.data} busy={report.isFetching} />
      )}
    </>
  );
}

function AnalyticsResult({ report, busy }: { report: AnalyticsReport; busy: boolean }) {
  const table = analyticsTable(report);
  const title = `Orders ${analyticsViews.find((view) => view.by === report.by)?.choice.toLowerCase() ?? ''}, ${formatDay(report.from)} to ${formatDay(report.to)}`;
  const id = useId();

  return (
    <section className="analytics-result" aria-labelledby={`${id}-title`} aria-busy={busy}>
      <div className="analytics-result__head">
        <h2 id={`${id}-title`}>{title}</h2>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => {
            downloadCsv(analyticsFileName(report), analyticsCsv(table));
          }}
        >
          Export CSV
        </button>
      </div>
      <dl className="analytics-headline">
        {headlineFigures(report.totals).map((figure) => (
          <div key={figure.label} className="analytics-headline__figure">
            <dt>{figure.label}</dt>
            <dd>{figure.value}</dd>
          </div>
        ))}
      </dl>
      {report.rows.length === 0 ? (
        <p className="status-text">No orders were placed in this period.</p>
      ) : (
        <AnalyticsChart title={`Bar chart: ${title}`} rows={report.rows.map((row) => ({ ...row, label: chartLabel(report.by, row) }))} />
      )}
      <div className="analytics-table" role="region" aria-labelledby={`${id}-caption`} tabIndex={0}>
        <table>
          <caption id={`${id}-caption`} className="visually-hidden">
            {title}
          </caption>
          <thead>
            <tr>
              {table.header.map((cell) => (
                <th key={cell} scope="col">
                  {cell}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.rows.map((row) => (
              <tr key={row.key}>
                <RowCells cells={row.cells} />
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <RowCells cells={table.totals} />
            </tr>
          </tfoot>
        </table>
      </div>
      {report.by === 'product' && (
        <p className="form-field__hint">
          A product’s cash collected is its lines in delivered orders; the total counts whole orders, with delivery and
          coupons.
        </p>
      )}
    </section>
  );
}

/** A row's cells: the first heads the row, the rest are its figures. */
function RowCells({ cells }: { cells: readonly string[] }) {
  return cells.map((cell, index) =>
    index === 0 ? (
      <th key={index} scope="row">
        {cell}
      </th>
    ) : (
      <td key={index}>{cell}</td>
    ),
  );
}
