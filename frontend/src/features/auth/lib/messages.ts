/** The account screens' user-visible messages (SPEC.md §8 'Google', 'Login', 'Sign-up', 'Password reset'). */
export const authMessages = {
  loginFailed: '⚠️ Invalid email or password.',
  signupFailed: '⚠️ Failed to sign up. Please try again.',
  googleLoginFailed: '⚠️ Google login failed',
  googleSignupFailed: '⚠️ Google sign-up failed',
  googleEmailInUse: 'This email is already registered. Log in with your password.',
  unreachable: '⚠️ Could not reach the shop. Please check your connection and try again.',
  resetEmailSent: '✅ Password reset email sent. Please check your inbox.',
  resetEmailFailed: '❌ Failed to send reset email. Please try again.',
  passwordTooShort: 'Password must be at least 6 characters.',
  passwordsDiffer: 'The two passwords do not match.',
  passwordChanged: '✅ Your password has been changed.',
  passwordChangeFailed: '❌ Could not change your password. Please try again.',
  resetTokenMissing: 'This reset link is incomplete. Please request a new one.',
  logoutFailed: 'Could not log out. Please try again.',
  checkFailed: 'Could not check your login. Please try again.',
} as const;

/** The shortest password the identity provider accepts (SPEC.md §5 'Login and sign-up'). */
export const MIN_PASSWORD_LENGTH = 6;

/** A server message shown as a warning, e.g. '⚠️ This email is already registered.'. */
export function warning(message: string): string {
  return `⚠️ ${message}`;
}
