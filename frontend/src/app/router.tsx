import { lazy, type ComponentType } from 'react';
import { Route, Routes } from 'react-router';

import { paths } from '@/config/paths';

import { RootLayout } from './layout/root-layout';
import HomeRoute from './routes/home';

/** A module with a page as its default export. */
export type PageLoader = () => Promise<{ default: ComponentType }>;

/**
 * Every page but the home page, as a loader of its module: each is its own lazily loaded chunk, so the first
 * visit downloads little (checkout never loads on the storefront). The management area is one entry,
 * `admin`: its routes and pages load on the first visit to /admin.
 */
export const pageLoaders = {
  product: () => import('./routes/product'),
  cart: () => import('./routes/cart'),
  products: () => import('./routes/products'),
  category: () => import('./routes/category'),
  search: () => import('./routes/search'),
  login: () => import('./routes/login'),
  signup: () => import('./routes/signup'),
  forgotPassword: () => import('./routes/forgot-password'),
  resetPassword: () => import('./routes/reset-password'),
  addReview: () => import('./routes/add-review'),
  internalReview: () => import('./routes/internal-review'),
  orderConfirmation: () => import('./routes/order-confirmation'),
  confirmOrder: () => import('./routes/confirm-order'),
  checkout: () => import('./routes/checkout'),
  orders: () => import('./routes/orders'),
  notFound: () => import('./routes/not-found'),
  adminLogin: () => import('./routes/admin/login'),
  admin: () => import('./routes/admin/admin-routes'),
} satisfies Record<string, PageLoader>;

/** A component for every page of `pageLoaders`. */
export type Pages = Record<keyof typeof pageLoaders, ComponentType>;

/** A component for every loader of `loaders`, built by `page`. */
export function pagesOf<K extends string>(loaders: Record<K, PageLoader>, page: (load: PageLoader) => ComponentType): Record<K, ComponentType> {
  const pages = {} as Record<K, ComponentType>;
  for (const name of Object.keys(loaders) as K[]) pages[name] = page(loaders[name]);
  return pages;
}

/** Builds every page from its module loader. */
export function pagesFrom(page: (load: PageLoader) => ComponentType): Pages {
  return pagesOf(pageLoaders, page);
}

const lazyPages = pagesFrom(lazy);

interface AppRoutesProps {
  /** The pages to mount; the app's are lazy, tests pass pages whose modules are already loaded. */
  pages?: Pages;
}

/** Every route of SPEC.md §2. */
export function AppRoutes({ pages: page = lazyPages }: AppRoutesProps) {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route index element={<HomeRoute />} />
        <Route path={paths.product.path} element={<page.product />} />
        <Route path={paths.cart.path} element={<page.cart />} />
        <Route path={paths.products.path} element={<page.products />} />
        <Route path={paths.category.path} element={<page.category />} />
        <Route path={paths.search.path} element={<page.search />} />
        <Route path={paths.login.path} element={<page.login />} />
        <Route path={paths.signup.path} element={<page.signup />} />
        <Route path={paths.forgotPassword.path} element={<page.forgotPassword />} />
        <Route path={paths.resetPassword.path} element={<page.resetPassword />} />
        <Route path={paths.addReview.path} element={<page.addReview />} />
        <Route path={paths.review.path} element={<page.addReview />} />
        <Route path={paths.internalReview.path} element={<page.internalReview />} />
        <Route path={paths.orderConfirmation.path} element={<page.orderConfirmation />} />
        <Route path={paths.confirmOrder.path} element={<page.confirmOrder />} />
        <Route path={paths.checkout.path} element={<page.checkout />} />
        <Route path={paths.orders.path} element={<page.orders />} />
        <Route path={paths.admin.login.path} element={<page.adminLogin />} />
        <Route path="*" element={<page.notFound />} />
      </Route>
      <Route path={`${paths.admin.root.path}/*`} element={<page.admin />} />
    </Routes>
  );
}
