import { googleEmailInUse, invalidCredentials, MIN_PASSWORD_CHARS, passwordTooShort } from '@/api/rules/auth.gen';

/** The account screens' user-visible messages (docs/spec.md §8 'Google', 'Login', 'Sign-up', 'Password reset'). */
export const authMessages = {
  loginFailed: `⚠️ ${invalidCredentials}`,
  signupFailed: '⚠️ Failed to sign up. Please try again.',
  googleLoginFailed: '⚠️ Google login failed',
  googleSignupFailed: '⚠️ Google sign-up failed',
  googleEmailInUse,
  unreachable: '⚠️ Could not reach the shop. Please check your connection and try again.',
  resetEmailSent: '✅ Password reset email sent. Please check your inbox.',
  resetEmailFailed: '❌ Failed to send reset email. Please try again.',
  passwordTooShort,
  passwordsDiffer: 'The two passwords do not match.',
  passwordChanged: '✅ Your password has been changed.',
  passwordChangeFailed: '❌ Could not change your password. Please try again.',
  resetTokenMissing: 'This reset link is incomplete. Please request a new one.',
  logoutFailed: 'Could not log out. Please try again.',
  checkFailed: 'Could not check your login. Please try again.',
} as const;

/** The shortest password the identity provider accepts (docs/spec.md §5 'Login and sign-up'). */
export { MIN_PASSWORD_CHARS };

/** Whether a password is shorter than the server accepts, counting characters as it does (code points). */
export function isPasswordTooShort(password: string): boolean {
  return Array.from(password).length < MIN_PASSWORD_CHARS;
}

/** A server message shown as a warning, e.g. '⚠️ This email is already registered.'. */
export function warning(message: string): string {
  return `⚠️ ${message}`;
}
