/** My Orders' texts (docs/spec.md §2 'My Orders', §8 'Orders'). */
export const ordersMessages = {
  notLoggedIn: 'You must be logged in to view your orders.',
  none: 'You haven’t placed any orders yet.',
  loadFailed: 'Could not load your orders. Please try again.',
  moreFailed: 'Could not load more orders. Please try again.',
  confirmLinkInvalid: 'This confirmation link is not valid.',
  confirmFailed: 'We could not reach the shop to confirm your order. Please try again.',
} as const;
