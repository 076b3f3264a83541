import {
  categoryNameRequired,
  couponCodeAndDiscountRequired,
  deliveryChargeInvalid,
  productImagesOnly,
  productRequiredFields,
} from '@/api/rules/admin.gen';

/**
 * The admin area's user-visible messages (SPEC.md §8 'Admin login', 'Delivery charge', 'Admin product',
 * 'Admin category', 'Admin coupon'; §5 'Delivery charge', 'Coupon (admin)', 'Add/edit product').
 */
export const adminMessages = {
  loginFailed: 'Login failed',
  loginUnreachable: 'Something went wrong.',
  logoutFailed: 'Could not log out. Please try again.',
  deliveryChargeInvalid,
  deliveryChargeLoadFailed: 'Could not load delivery charge.',
  deliveryChargeSaveFailed: 'Failed to update delivery charge.',
  deliveryChargeUnreachable: 'Network error. Please try again.',
  deliveryChargeSaved: '✅ Delivery charge updated successfully.',
  categoryNameRequired,
  categoryAdded: '✅ Category added',
  categoryRenamed: '✅ Category renamed',
  categoryDeleted: '✅ Category deleted',
  categoriesLoadFailed: 'Could not load categories.',
  productCreated: '✅ Product created',
  productUpdated: '✅ Product updated',
  productDeleted: '✅ Product deleted',
  productRequiredFields,
  productImagesOnly,
  productMediaTypes: 'Only images and MP4 or WebM videos are allowed.',
  productsLoadFailed: 'Could not load products.',
  productLoadFailed: 'Could not load the product.',
  couponAdded: '✅ Coupon added successfully',
  couponInvalid: couponCodeAndDiscountRequired,
  couponsLoadFailed: 'Could not load coupons.',
  categoryViewsLoadFailed: 'Could not load category views.',
  somethingWentWrong: 'Something went wrong',
  unreachable: 'Network error. Please try again.',
} as const;

/** '❌ {message}', falling back to 'Something went wrong' when the server gave none (SPEC.md §8). */
export function failureMessage(message: string | undefined): string {
  return `❌ ${message ?? adminMessages.somethingWentWrong}`;
}
