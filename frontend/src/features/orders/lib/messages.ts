/** My Orders' texts (docs/spec.md §2 'My Orders', §8 'Orders'). */
export const ordersMessages = {
  notLoggedIn: 'You must be logged in to view your orders.',
  none: 'You haven’t placed any orders yet.',
  loadFailed: 'Could not load your orders. Please try again.',
  moreFailed: 'Could not load more orders. Please try again.',
  confirmLinkInvalid: 'This confirmation link is not valid.',
  confirmFailed: 'We could not reach the shop to confirm your order. Please try again.',
  /** The server's 410 for a link used before: good news, shown as such. */
  alreadyConfirmed: 'This order is already confirmed.',
  confirmed: 'Confirmed by you',
  notConfirmed: 'Not confirmed yet: please confirm it, or open the link we e-mailed you.',
} as const;
