import { Link } from 'react-router';

import { paths } from '@/config/paths';

import { adminPaths } from './admin-paths';

// The ten tiles of docs/spec.md §2 'Admin', in its order, then those of later issues.
const tiles = [
  { label: 'Add Category', href: paths.admin.addCategory.getHref() },
  { label: 'Add Product', href: paths.admin.uploadProduct.getHref() },
  { label: 'Products by Category', href: paths.admin.productsByCategory.getHref() },
  { label: 'Review Requests', href: paths.admin.reviews.getHref() },
  { label: 'Manage Products', href: paths.admin.manage.getHref() },
  { label: 'Delivery Charges', href: paths.admin.deliveryCharge.getHref() },
  { label: 'Customer Orders', href: paths.admin.orders.getHref() },
  { label: 'Manage Coupons', href: paths.admin.coupons.getHref() },
  { label: 'Category Views (Analytics)', href: paths.admin.categoryViews.getHref() },
  { label: 'Send Email to Customer', href: paths.admin.sendEmail.getHref() },
  { label: 'Order Checks', href: paths.admin.orderChecks.getHref() },
  { label: 'Blocklist', href: paths.admin.blocklist.getHref() },
  { label: 'Order Analytics', href: paths.admin.analytics.getHref() },
  { label: 'Search Synonyms', href: adminPaths.searchSynonyms.getHref() },
] as const;

/** The admin index and /admin/dashboard. */
export default function AdminDashboardRoute() {
  return (
    <section className="page admin-page admin-page--wide" aria-labelledby="page-title">
      <title>Dashboard</title>
      <h1 id="page-title">Dashboard</h1>
      <nav aria-label="Management pages">
        <ul className="admin-tile-grid">
          {tiles.map((tile) => (
            <li key={tile.href}>
              <Link to={tile.href}>{tile.label}</Link>
            </li>
          ))}
        </ul>
      </nav>
    </section>
  );
}
