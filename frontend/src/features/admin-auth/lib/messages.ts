/** The admin sign-in's user-visible messages (SPEC.md §8 'Admin login'). */
export const adminAuthMessages = {
  loginFailed: 'Login failed',
  loginUnreachable: 'Something went wrong.',
  logoutFailed: 'Could not log out. Please try again.',
} as const;
