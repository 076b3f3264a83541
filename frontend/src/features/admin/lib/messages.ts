/** The admin area's user-visible messages (SPEC.md §8 'Admin login', 'Delivery charge'; §5 'Delivery charge'). */
export const adminMessages = {
  loginFailed: 'Login failed',
  loginUnreachable: 'Something went wrong.',
  logoutFailed: 'Could not log out. Please try again.',
  deliveryChargeInvalid: '❌ Please enter a valid non-negative number.',
  deliveryChargeLoadFailed: 'Could not load delivery charge.',
  deliveryChargeSaveFailed: 'Failed to update delivery charge.',
  deliveryChargeUnreachable: 'Network error. Please try again.',
  deliveryChargeSaved: '✅ Delivery charge updated successfully.',
} as const;
