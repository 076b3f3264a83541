import { googleEmailInUse, invalidCredentials, MIN_PASSWORD_CHARS, passwordTooShort } from '@/api/rules/auth.gen';
import accountTexts from '@/i18n/en/account.json';
// The page's language is fixed for its load (lib/language.ts): reading a catalogue is no hook and may happen
// anywhere, as long as it happens when the text is shown rather than when the module loads.
import { useMessages as messagesOf } from '@/lib/i18n';

/** The account screens' own texts in the page's language (`i18n/<language>/account.json`). */
export const accountText = () => messagesOf(accountTexts, 'account');

/**
 * The account screens' user-visible messages (docs/spec.md §8 'Google', 'Login', 'Sign-up', 'Password reset');
 * read when shown, in the page's language.
 */
export const authMessages = {
  loginFailed: `⚠️ ${invalidCredentials}`,
  get signupFailed() {
    return accountText().signupFailed();
  },
  get googleLoginFailed() {
    return accountText().googleLoginFailed();
  },
  get googleSignupFailed() {
    return accountText().googleSignupFailed();
  },
  googleEmailInUse,
  get unreachable() {
    return accountText().unreachable();
  },
  get resetEmailSent() {
    return accountText().resetEmailSent();
  },
  get resetEmailFailed() {
    return accountText().resetEmailFailed();
  },
  passwordTooShort,
  get passwordsDiffer() {
    return accountText().passwordsDiffer();
  },
  get passwordChanged() {
    return accountText().passwordChanged();
  },
  get passwordChangeFailed() {
    return accountText().passwordChangeFailed();
  },
  get resetTokenMissing() {
    return accountText().resetTokenMissing();
  },
  get checkFailed() {
    return accountText().checkFailed();
  },
};

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
