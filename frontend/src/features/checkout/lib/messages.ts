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
import checkoutTexts from '@/i18n/en/checkout.json';
// The page's language is fixed for its load (lib/language.ts): reading a catalogue is no hook and may happen
// anywhere, as long as it happens when the text is shown rather than when the module loads.
import { useMessages as messagesOf } from '@/lib/i18n';

/** The checkout's own texts in the page's language (`i18n/<language>/checkout.json`). */
export const checkoutText = () => messagesOf(checkoutTexts, 'checkout');

/** The checkout's texts: docs/spec.md §5 'Checkout' and §8 'Checkout'; read when shown, in the page's language. */
export const checkoutMessages = {
  get notLoggedIn() {
    return checkoutText().notLoggedIn();
  },
  emptyCart: cartEmpty,
  get failed() {
    return checkoutText().failed();
  },
  get unreachable() {
    return checkoutText().unreachable();
  },
  get submit() {
    return checkoutText().submit();
  },
  get submitting() {
    return checkoutText().submitting();
  },
  get fixFields() {
    return checkoutText().fixFields();
  },
};

/** The field errors in plain words: the server's own texts (generated), so both sides say the same. */
export const fieldMessages = {
  nameRequired,
  get nameTooLong() {
    return checkoutText().nameTooLong();
  },
  emailRequired,
  emailInvalid,
  addressRequired,
  addressTooLong,
  cityWithoutProvince,
  cityLength,
  cityNotAName,
};
