import { lazy, type ComponentType } from 'react';
import { Route, Routes } from 'react-router';

import { pagesOf, type PageLoader } from '@/app/page-loading';
import { adminAreaPaths } from '@/config/admin-area-paths';

import { adminPaths } from './admin-paths';

/**
 * Every page of the management area, as a loader of its module: each is its own lazily loaded chunk. They
 * live here rather than beside the storefront's in `router.tsx`, so the home page's JavaScript carries one
 * loader for the whole area instead of these and their routes.
 */
export const adminPageLoaders = {
  adminLayout: () => import('./admin-layout'),
  adminDashboard: () => import('./dashboard'),
  addCategory: () => import('./add-category'),
  uploadProduct: () => import('./upload-product'),
  editProduct: () => import('./edit-product'),
  adminReviews: () => import('./reviews'),
  manageProducts: () => import('./manage'),
  productsByCategory: () => import('./products-by-category'),
  deliveryCharge: () => import('./delivery-charge'),
  adminOrders: () => import('./orders'),
  coupons: () => import('./coupons'),
  categoryViews: () => import('./category-views'),
  sendEmail: () => import('./send-email'),
  orderChecks: () => import('./order-checks'),
  blocklist: () => import('./blocklist'),
  analytics: () => import('./analytics'),
  searchSynonyms: () => import('./search-synonyms'),
  notFound: () => import('../not-found'),
} satisfies Record<string, PageLoader>;

/** A component for every page of `adminPageLoaders`. */
export type AdminPages = Record<keyof typeof adminPageLoaders, ComponentType>;

const lazyPages = pagesOf(adminPageLoaders, lazy);

interface AdminRoutesProps {
  /** The pages to mount; the app's are lazy, tests pass pages whose modules are already loaded. */
  pages?: AdminPages;
}

/** The management area's routes (docs/spec.md §2 'Admin'), below /admin; the admin login is a storefront route. */
export default function AdminRoutes({ pages: page = lazyPages }: AdminRoutesProps) {
  return (
    <Routes>
      <Route element={<page.adminLayout />}>
        <Route index element={<page.adminDashboard />} />
        <Route path={adminAreaPaths.dashboard.path} element={<page.adminDashboard />} />
        <Route path={adminAreaPaths.addCategory.path} element={<page.addCategory />} />
        <Route path={adminAreaPaths.uploadProduct.path} element={<page.uploadProduct />} />
        <Route path={adminAreaPaths.editProduct.path} element={<page.editProduct />} />
        <Route path={adminAreaPaths.reviews.path} element={<page.adminReviews />} />
        <Route path={adminAreaPaths.manage.path} element={<page.manageProducts />} />
        <Route path={adminAreaPaths.productsByCategory.path} element={<page.productsByCategory />} />
        <Route path={adminAreaPaths.deliveryCharge.path} element={<page.deliveryCharge />} />
        <Route path={adminAreaPaths.orders.path} element={<page.adminOrders />} />
        <Route path={adminAreaPaths.coupons.path} element={<page.coupons />} />
        <Route path={adminAreaPaths.categoryViews.path} element={<page.categoryViews />} />
        <Route path={adminAreaPaths.sendEmail.path} element={<page.sendEmail />} />
        <Route path={adminAreaPaths.orderChecks.path} element={<page.orderChecks />} />
        <Route path={adminAreaPaths.blocklist.path} element={<page.blocklist />} />
        <Route path={adminAreaPaths.analytics.path} element={<page.analytics />} />
        <Route path={adminPaths.searchSynonyms.path} element={<page.searchSynonyms />} />
        <Route path="*" element={<page.notFound />} />
      </Route>
    </Routes>
  );
}
