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

/** The stock choices of the owner's product list: low is 1 to 3 left, when the product page says 'Only N left!'. */
export const stockChoices = [
  ['all', 'Any stock'],
  ['out', 'Out of stock'],
  ['low', 'Low stock (1 to 3 left)'],
] as const;

/** '3 products' / '1 product' / 'No products found', and which of them show when there are pages: 'Products 101 to 200 of 10,000'. */
export function productCount(total: number, offset: number, shown: number): string {
  if (total === 0) return 'No products found';
  if (offset === 0 && shown === total) return `${total.toLocaleString('en-PK')} product${total === 1 ? '' : 's'}`;
  return `Products ${(offset + 1).toLocaleString('en-PK')} to ${(offset + shown).toLocaleString('en-PK')} of ${total.toLocaleString('en-PK')}`;
}
