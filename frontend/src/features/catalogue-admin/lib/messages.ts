import {
  categoryNameRequired,
  couponCodeAndDiscountRequired,
  deliveryChargeInvalid,
  productImagesOnly,
  productRequiredFields,
} from '@/api/rules/admin.gen';

/**
 * The catalogue pages' user-visible messages (docs/spec.md §8 'Delivery charge', 'Admin product', 'Admin category',
 * 'Admin coupon'; §5 'Delivery charge', 'Coupon (admin)', 'Add/edit product').
 */
export const catalogueMessages = {
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
} as const;
