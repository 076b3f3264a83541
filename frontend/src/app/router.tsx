import { lazy } from 'react';
import { Route, Routes } from 'react-router';

import { paths } from '@/config/paths';

import { RootLayout } from './layout/root-layout';
import HomeRoute from './routes/home';

// Every page but the home page is its own lazily loaded chunk, so the first visit downloads little.
const ProductRoute = lazy(() => import('./routes/product'));
const CartRoute = lazy(() => import('./routes/cart'));
const ProductsRoute = lazy(() => import('./routes/products'));
const CategoryRoute = lazy(() => import('./routes/category'));
const SearchRoute = lazy(() => import('./routes/search'));
const LoginRoute = lazy(() => import('./routes/login'));
const SignupRoute = lazy(() => import('./routes/signup'));
const ForgotPasswordRoute = lazy(() => import('./routes/forgot-password'));
const ResetPasswordRoute = lazy(() => import('./routes/reset-password'));
const AddReviewRoute = lazy(() => import('./routes/add-review'));
const InternalReviewRoute = lazy(() => import('./routes/internal-review'));
const OrderConfirmationRoute = lazy(() => import('./routes/order-confirmation'));
const CheckoutRoute = lazy(() => import('./routes/checkout'));
const OrdersRoute = lazy(() => import('./routes/orders'));
const NotFoundRoute = lazy(() => import('./routes/not-found'));

const AdminLoginRoute = lazy(() => import('./routes/admin/login'));
const AdminLayout = lazy(() => import('./routes/admin/admin-layout'));
const AdminDashboardRoute = lazy(() => import('./routes/admin/dashboard'));
const AddCategoryRoute = lazy(() => import('./routes/admin/add-category'));
const UploadProductRoute = lazy(() => import('./routes/admin/upload-product'));
const EditProductRoute = lazy(() => import('./routes/admin/edit-product'));
const AdminReviewsRoute = lazy(() => import('./routes/admin/reviews'));
const ManageProductsRoute = lazy(() => import('./routes/admin/manage'));
const ProductsByCategoryRoute = lazy(() => import('./routes/admin/products-by-category'));
const DeliveryChargeRoute = lazy(() => import('./routes/admin/delivery-charge'));
const AdminOrdersRoute = lazy(() => import('./routes/admin/orders'));
const CouponsRoute = lazy(() => import('./routes/admin/coupons'));
const CategoryViewsRoute = lazy(() => import('./routes/admin/category-views'));
const SendEmailRoute = lazy(() => import('./routes/admin/send-email'));

/** Every route of SPEC.md §2. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route index element={<HomeRoute />} />
        <Route path={paths.product.path} element={<ProductRoute />} />
        <Route path={paths.cart.path} element={<CartRoute />} />
        <Route path={paths.products.path} element={<ProductsRoute />} />
        <Route path={paths.category.path} element={<CategoryRoute />} />
        <Route path={paths.search.path} element={<SearchRoute />} />
        <Route path={paths.login.path} element={<LoginRoute />} />
        <Route path={paths.signup.path} element={<SignupRoute />} />
        <Route path={paths.forgotPassword.path} element={<ForgotPasswordRoute />} />
        <Route path={paths.resetPassword.path} element={<ResetPasswordRoute />} />
        <Route path={paths.addReview.path} element={<AddReviewRoute />} />
        <Route path={paths.review.path} element={<AddReviewRoute />} />
        <Route path={paths.internalReview.path} element={<InternalReviewRoute />} />
        <Route path={paths.orderConfirmation.path} element={<OrderConfirmationRoute />} />
        <Route path={paths.checkout.path} element={<CheckoutRoute />} />
        <Route path={paths.orders.path} element={<OrdersRoute />} />
        <Route path={paths.admin.login.path} element={<AdminLoginRoute />} />
        <Route path="*" element={<NotFoundRoute />} />
      </Route>
      <Route path={paths.admin.root.path} element={<AdminLayout />}>
        <Route index element={<AdminDashboardRoute />} />
        <Route path={paths.admin.dashboard.path} element={<AdminDashboardRoute />} />
        <Route path={paths.admin.addCategory.path} element={<AddCategoryRoute />} />
        <Route path={paths.admin.uploadProduct.path} element={<UploadProductRoute />} />
        <Route path={paths.admin.editProduct.path} element={<EditProductRoute />} />
        <Route path={paths.admin.reviews.path} element={<AdminReviewsRoute />} />
        <Route path={paths.admin.manage.path} element={<ManageProductsRoute />} />
        <Route path={paths.admin.productsByCategory.path} element={<ProductsByCategoryRoute />} />
        <Route path={paths.admin.deliveryCharge.path} element={<DeliveryChargeRoute />} />
        <Route path={paths.admin.orders.path} element={<AdminOrdersRoute />} />
        <Route path={paths.admin.coupons.path} element={<CouponsRoute />} />
        <Route path={paths.admin.categoryViews.path} element={<CategoryViewsRoute />} />
        <Route path={paths.admin.sendEmail.path} element={<SendEmailRoute />} />
        <Route path="*" element={<NotFoundRoute />} />
      </Route>
    </Routes>
  );
}
