/** The admin sign-in's user-visible messages (docs/spec.md §8 'Admin login'). */
export const adminAuthMessages = {
  loginFailed: 'Login failed',
  loginUnreachable: 'Something went wrong.',
  logoutFailed: 'Could not log out. Please try again.',
} as const;
