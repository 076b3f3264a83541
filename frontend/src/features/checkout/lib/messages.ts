/** The checkout's texts: SPEC.md §5 'Checkout' and §8 'Checkout', and the field errors in plain words. */
export const checkoutMessages = {
  notLoggedIn: 'You must be logged in to place an order.',
  emptyCart: 'Your cart is empty.',
  failed: 'Failed to place order',
  unreachable: 'Something went wrong!',
  submit: 'Confirm & Place Order',
  submitting: 'Placing your order...',
  fixFields: 'Please correct the highlighted fields.',
} as const;

export const fieldMessages = {
  nameRequired: 'Please enter your full name.',
  nameTooLong: 'Your name is too long.',
  phone1Required: 'Please enter your phone number.',
  phone1Invalid: 'Enter a Pakistani mobile number, for example 0300 1234567.',
  phone2Invalid: 'Enter a mobile or landline number, for example 042 35761234, or leave this empty.',
  emailRequired: 'Please enter your email address.',
  emailInvalid: 'Enter an email address like name@example.com.',
  addressRequired: 'Please enter your complete address.',
  addressTooLong: 'Your address is too long.',
  cityOutsideProvince: 'Choose a city of the chosen province.',
} as const;
