/** Every route of the app (docs/spec.md §2). `path` is the router pattern, `getHref` builds a link. */
export const paths = {
  home: { path: '/', getHref: () => '/' },
  product: { path: '/product/:id', getHref: (id: string) => `/product/${encodeURIComponent(id)}` },
  cart: { path: '/cart', getHref: () => '/cart' },
  products: { path: '/products', getHref: () => '/products' },
  category: { path: '/category/:id', getHref: (id: string) => `/category/${encodeURIComponent(id)}` },
  search: { path: '/search', getHref: (q: string) => `/search?q=${encodeURIComponent(q)}` },
  login: { path: '/login', getHref: () => '/login' },
  signup: { path: '/signup', getHref: () => '/signup' },
  forgotPassword: { path: '/forgot-password', getHref: () => '/forgot-password' },
  resetPassword: { path: '/reset-password', getHref: () => '/reset-password' },
  addReview: { path: '/add-review', getHref: (token: string) => `/add-review?token=${encodeURIComponent(token)}` },
  review: { path: '/review', getHref: (token: string) => `/review?token=${encodeURIComponent(token)}` },
  internalReview: { path: '/internal-review', getHref: () => '/internal-review' },
  orderConfirmation: { path: '/order-confirmation', getHref: () => '/order-confirmation' },
  confirmOrder: { path: '/confirm-order', getHref: () => '/confirm-order' },
  checkout: { path: '/checkout', getHref: () => '/checkout' },
  orders: { path: '/orders', getHref: () => '/orders' },
  /** The management area's way in; its other pages are in `admin-area-paths.ts`, loaded with the area. */
  admin: {
    login: { path: '/admin/login', getHref: () => '/admin/login' },
    root: { path: '/admin', getHref: () => '/admin' },
  },
} as const;
