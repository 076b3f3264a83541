import { Link } from 'react-router';

import { OwnerDashboard } from '@/features/analytics/components/owner-dashboard';

import { adminMenu } from './admin-paths';

/**
 * The admin index and /admin/dashboard: what needs doing first (counts linking to their lists), today's and this
 * week's figures, then every page of the area, grouped as in the top bar's menu.
 */
export default function AdminDashboardRoute() {
  return (
    <section className="page admin-page admin-page--wide" aria-labelledby="page-title">
      <title>Dashboard</title>
      <h1 id="page-title">Dashboard</h1>
      <OwnerDashboard />
      <nav aria-label="Management pages">
        {adminMenu.map((section) => (
          <section key={section.group} aria-label={section.group}>
            <h2 className="admin-dashboard__group">{section.group}</h2>
            <ul className="admin-tile-grid">
              {section.items.map((tile) => (
                <li key={tile.href}>
                  <Link to={tile.href}>{tile.label}</Link>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </nav>
    </section>
  );
}
