import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { matchPath, Route, Routes, type Params } from 'react-router';

import { paths } from '@/config/paths';

import { RootLayout } from './layout/root-layout';
import { pagesOf, preloadable, type PageLoader, type PagePrime } from './page-loading';
import HomeRoute from './routes/home';

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

const lazyPages = pagesOf(pageLoaders, preloadable);

/** The pages drawn inside RootLayout: each router pattern and the page at it. */
const storefrontPages: readonly (readonly [path: string, page: keyof Pages])[] = [
  [paths.product.path, 'product'],
  [paths.cart.path, 'cart'],
  [paths.products.path, 'products'],
  [paths.category.path, 'category'],
  [paths.search.path, 'search'],
  [paths.login.path, 'login'],
  [paths.signup.path, 'signup'],
  [paths.forgotPassword.path, 'forgotPassword'],
  [paths.resetPassword.path, 'resetPassword'],
  [paths.addReview.path, 'addReview'],
  [paths.review.path, 'addReview'],
  [paths.internalReview.path, 'internalReview'],
  [paths.orderConfirmation.path, 'orderConfirmation'],
  [paths.confirmOrder.path, 'confirmOrder'],
  [paths.checkout.path, 'checkout'],
  [paths.orders.path, 'orders'],
  [paths.admin.login.path, 'adminLogin'],
];

const adminPattern = `${paths.admin.root.path}/*`;

/** The page of `pageLoaders` the app draws at `pathname` and its parameters; none for the home page. */
export function pageAt(pathname: string): { page: keyof Pages; params: Params } | undefined {
  if (matchPath(paths.home.path, pathname)) return undefined;
  for (const [path, page] of storefrontPages) {
    const match = matchPath(path, pathname);
    if (match) return { page, params: match.params };
  }
  return { page: matchPath(adminPattern, pathname) ? 'admin' : 'notFound', params: {} };
}

/** The pages that take what the server wrote into the page before the app's first render. */
const pagePrimes: Partial<Record<keyof Pages, () => Promise<PagePrime>>> = {
  product: async () => (await pageLoaders.product()).prime,
  category: async () => (await pageLoaders.category()).prime,
};

/**
 * Loads the module of the page at `pathname` and lets it take what the server wrote into the page, so the
 * app's first render draws that page finished instead of the Suspense fallback or a spinner. A module that
 * does not load is left to the page's own lazy loading (and its error), so the app still starts.
 */
export async function preparePage(pathname: string, queryClient: QueryClient): Promise<void> {
  const at = pageAt(pathname);
  if (!at) return;
  try {
    await lazyPages[at.page].preload();
    const prime = await pagePrimes[at.page]?.();
    await prime?.({ queryClient, params: at.params });
  } catch {
    // The page loads its module again when drawn, and shows that error.
  }
}

interface AppRoutesProps {
  /** The pages to mount; the app's are lazy, tests pass pages whose modules are already loaded. */
  pages?: Pages;
}

/** Every route of docs/spec.md §2. */
export function AppRoutes({ pages: page = lazyPages }: AppRoutesProps) {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route index element={<HomeRoute />} />
        {storefrontPages.map(([path, name]) => {
          const Page = page[name];
          return <Route key={path} path={path} element={<Page />} />;
        })}
        <Route path="*" element={<page.notFound />} />
      </Route>
      <Route path={adminPattern} element={<page.admin />} />
    </Routes>
  );
}
