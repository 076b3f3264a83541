import {
  addressRequired,
  addressTooLong,
  cartEmpty,
  cityLength,
  cityNotAName,
  cityWithoutProvince,
  emailInvalid,
  emailRequired,
  nameRequired,
} from '@/api/rules/checkout.gen';

/** The checkout's texts: docs/spec.md §5 'Checkout' and §8 'Checkout'. */
export const checkoutMessages = {
  notLoggedIn: 'You must be logged in to place an order.',
  emptyCart: cartEmpty,
  failed: 'Failed to place order',
  unreachable: 'Something went wrong!',
  submit: 'Confirm & Place Order',
  submitting: 'Placing your order...',
  fixFields: 'Please correct the highlighted fields.',
} as const;

/** The field errors in plain words: the server's own texts (generated), so both sides say the same. */
export const fieldMessages = {
  nameRequired,
  nameTooLong: 'Your name is too long.',
  emailRequired,
  emailInvalid,
  addressRequired,
  addressTooLong,
  cityWithoutProvince,
  cityLength,
  cityNotAName,
} as const;
