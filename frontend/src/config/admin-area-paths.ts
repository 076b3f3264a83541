/**
 * The management area's pages beside its login and root (`paths.admin`): `path` is the router pattern under
 * `/admin/`, `getHref` builds a link. They live apart from `paths.ts`, which the home page carries, so the
 * home page's JavaScript does not hold the admin area's links (docs/frontend-bundle.md).
 */
export const adminAreaPaths = {
    dashboard: { path: 'dashboard', getHref: () => '/admin/dashboard' },
    addCategory: { path: 'add-category', getHref: () => '/admin/add-category' },
    uploadProduct: { path: 'upload-product', getHref: () => '/admin/upload-product' },
    editProduct: { path: 'edit-product/:id', getHref: (id: string) => `/admin/edit-product/${encodeURIComponent(id)}` },
    reviews: { path: 'reviews', getHref: () => '/admin/reviews' },
    manage: { path: 'manage', getHref: () => '/admin/manage' },
    productsByCategory: { path: 'products-by-category', getHref: () => '/admin/products-by-category' },
    deliveryCharge: { path: 'delivery-charge', getHref: () => '/admin/delivery-charge' },
    orders: { path: 'orders', getHref: (q?: string) => (q === undefined ? '/admin/orders' : `/admin/orders?q=${encodeURIComponent(q)}`) },
    coupons: { path: 'coupons', getHref: () => '/admin/coupons' },
    categoryViews: { path: 'category-views', getHref: () => '/admin/category-views' },
    sendEmail: { path: 'send-email', getHref: () => '/admin/send-email' },
    orderChecks: { path: 'order-checks', getHref: () => '/admin/order-checks' },
    blocklist: { path: 'blocklist', getHref: () => '/admin/blocklist' },
    analytics: { path: 'analytics', getHref: () => '/admin/analytics' },
} as const;
