import { adminAreaPaths } from '@/config/admin-area-paths';

/**
 * Paths of admin pages added after the home page's JavaScript reached its budget: they live here, loaded with
 * the admin area, rather than in `config/paths.ts`, which the home page carries.
 */
export const adminPaths = {
  searchSynonyms: { path: 'search-synonyms', getHref: () => '/admin/search-synonyms' },
} as const;

/** One page of the management area as the menu and the dashboard name it. */
export interface AdminMenuItem {
  label: string;
  href: string;
}

/**
 * Every page of the management area (but a product's edit page, reached from its list), grouped as the owner's
 * day goes: orders first, then the catalogue, then customers and figures. The top bar's menu and the
 * dashboard's list both draw these, so a new page added here is reachable from both.
 */
export const adminMenu: readonly { group: string; items: readonly AdminMenuItem[] }[] = [
  {
    group: 'Orders',
    items: [
      { label: 'Customer Orders', href: adminAreaPaths.orders.getHref() },
      { label: 'Order Checks', href: adminAreaPaths.orderChecks.getHref() },
      { label: 'Blocklist', href: adminAreaPaths.blocklist.getHref() },
      { label: 'Order Analytics', href: adminAreaPaths.analytics.getHref() },
    ],
  },
  {
    group: 'Catalogue',
    items: [
      { label: 'Manage Products', href: adminAreaPaths.manage.getHref() },
      { label: 'Add Product', href: adminAreaPaths.uploadProduct.getHref() },
      { label: 'Products by Category', href: adminAreaPaths.productsByCategory.getHref() },
      { label: 'Add Category', href: adminAreaPaths.addCategory.getHref() },
      { label: 'Manage Coupons', href: adminAreaPaths.coupons.getHref() },
      { label: 'Delivery Charges', href: adminAreaPaths.deliveryCharge.getHref() },
      { label: 'Search Synonyms', href: adminPaths.searchSynonyms.getHref() },
    ],
  },
  {
    group: 'Customers',
    items: [
      { label: 'Review Requests', href: adminAreaPaths.reviews.getHref() },
      { label: 'Send Email to Customer', href: adminAreaPaths.sendEmail.getHref() },
      { label: 'Category Views (Analytics)', href: adminAreaPaths.categoryViews.getHref() },
    ],
  },
];
