import { useId } from 'react';
import { Link } from 'react-router';

import type { DashboardActivity } from '@/api/generated';
import { LoadingBar } from '@/components/ui/loading-bar';

import { useDashboard } from '../api/dashboard';
import { formatDay } from '../lib/analytics';
import { activityFigures, dashboardCounts } from '../lib/dashboard';

/**
 * The dashboard's figures (docs/cod.md 'Dashboard'): the work waiting as counts, each a link to the list that
 * holds it, then today's and this week's orders placed, delivered and returned and the cash collected.
 */
export function OwnerDashboard() {
  const board = useDashboard();
  const id = useId();

  if (board.isPending) return <LoadingBar label="Loading figures" />;
  if (board.isError) {
    return (
      <p className="admin-message admin-message--error" role="alert">
        {board.error.message}
      </p>
    );
  }
  const data = board.data;

  return (
    <>
      <section aria-labelledby={`${id}-waiting`}>
        <h2 id={`${id}-waiting`} className="visually-hidden">
          Waiting for you
        </h2>
        <ul className="admin-dashboard__counts">
          {dashboardCounts(data.waiting).map((item) => (
            <li key={item.key}>
              <Link to={item.href} className={`admin-dashboard__count${item.count > 0 ? ' admin-dashboard__count--busy' : ''}`}>
                <span className="admin-dashboard__figure">{item.count}</span>
                <span>{item.label}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <div className="admin-dashboard__periods">
        <Period title={`Today, ${formatDay(data.date)}`} activity={data.today} />
        <Period title={`This week, ${formatDay(data.weekFrom)} to ${formatDay(data.weekTo)}`} activity={data.week} />
      </div>
    </>
  );
}

function Period({ title, activity }: { title: string; activity: DashboardActivity }) {
  const id = useId();
  return (
    <section className="admin-dashboard__period form-card" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <dl>
        {activityFigures(activity).map((figure) => (
          <div key={figure.label}>
            <dt>{figure.label}</dt>
            <dd>{figure.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
