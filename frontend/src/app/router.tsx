import { lazy, type ComponentType } from 'react';
import { Route, Routes } from 'react-router';

import { paths } from '@/config/paths';

import { RootLayout } from './layout/root-layout';
import HomeRoute from './routes/home';

/**
 * Every page but the home page, as a loader of its module: each is its own lazily loaded chunk, so the first
 * visit downloads little (the admin area and checkout never load on the storefront).
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
  checkout: () => import('./routes/checkout'),
  orders: () => import('./routes/orders'),
  notFound: () => import('./routes/not-found'),
  adminLogin: () => import('./routes/admin/login'),
  adminLayout: () => import('./routes/admin/admin-layout'),
  adminDashboard: () => import('./routes/admin/dashboard'),
  addCategory: () => import('./routes/admin/add-category'),
  uploadProduct: () => import('./routes/admin/upload-product'),
  editProduct: () => import('./routes/admin/edit-product'),
  adminReviews: () => import('./routes/admin/reviews'),
  manageProducts: () => import('./routes/admin/manage'),
  productsByCategory: () => import('./routes/admin/products-by-category'),
  deliveryCharge: () => import('./routes/admin/delivery-charge'),
  adminOrders: () => import('./routes/admin/orders'),
  coupons: () => import('./routes/admin/coupons'),
  categoryViews: () => import('./routes/admin/category-views'),
  sendEmail: () => import('./routes/admin/send-email'),
} satisfies Record<string, () => Promise<{ default: ComponentType }>>;

/** A component for every page of `pageLoaders`. */
export type Pages = Record<keyof typeof pageLoaders, ComponentType>;

/** Builds every page from its module loader. */
export function pagesFrom(page: (load: () => Promise<{ default: ComponentType }>) => ComponentType): Pages {
  const loaders: Record<keyof Pages, () => Promise<{ default: ComponentType }>> = pageLoaders;
  const pages = {} as Pages;
  for (const name of Object.keys(loaders) as (keyof Pages)[]) pages[name] = page(loaders[name]);
  return pages;
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
        <Route path={paths.checkout.path} element={<page.checkout />} />
        <Route path={paths.orders.path} element={<page.orders />} />
        <Route path={paths.admin.login.path} element={<page.adminLogin />} />
        <Route path="*" element={<page.notFound />} />
      </Route>
      <Route path={paths.admin.root.path} element={<page.adminLayout />}>
        <Route index element={<page.adminDashboard />} />
        <Route path={paths.admin.dashboard.path} element={<page.adminDashboard />} />
        <Route path={paths.admin.addCategory.path} element={<page.addCategory />} />
        <Route path={paths.admin.uploadProduct.path} element={<page.uploadProduct />} />
        <Route path={paths.admin.editProduct.path} element={<page.editProduct />} />
        <Route path={paths.admin.reviews.path} element={<page.adminReviews />} />
        <Route path={paths.admin.manage.path} element={<page.manageProducts />} />
        <Route path={paths.admin.productsByCategory.path} element={<page.productsByCategory />} />
        <Route path={paths.admin.deliveryCharge.path} element={<page.deliveryCharge />} />
        <Route path={paths.admin.orders.path} element={<page.adminOrders />} />
        <Route path={paths.admin.coupons.path} element={<page.coupons />} />
        <Route path={paths.admin.categoryViews.path} element={<page.categoryViews />} />
        <Route path={paths.admin.sendEmail.path} element={<page.sendEmail />} />
        <Route path="*" element={<page.notFound />} />
      </Route>
    </Routes>
  );
}
