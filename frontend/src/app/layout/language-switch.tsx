import { useLocation } from 'react-router';

import { setLanguage as saveAccountLanguage } from '@/api/generated';
import shellTexts from '@/i18n/en/shell.json';
import { hrefIn, rememberLanguage, useLanguage, useMessages } from '@/lib/i18n';

/**
 * The header's switch to the other language: a link to the same page there (a new page load, so the server
 * fills it in that language from the first byte), which remembers the choice in the `lang` cookie and, for a
 * signed-in customer, in the account (`PUT /api/auth/language`, sent with `keepalive` so the page's unloading
 * does not cancel it), which a later sign-in on any browser gives back as the cookie.
 */
export function LanguageSwitch({ signedIn = false }: { signedIn?: boolean }) {
  const t = useMessages(shellTexts, 'shell');
  const other = useLanguage() === 'ur' ? 'en' : 'ur';
  const { pathname, search, hash } = useLocation();
  return (
    <a
      href={`${hrefIn(other, pathname)}${search}${hash}`}
      className="nav-link language-switch"
      lang={other}
      hrefLang={other}
      onClick={() => {
        rememberLanguage(other);
        if (signedIn) saveAccountLanguage({ body: { language: other }, keepalive: true }).catch(() => undefined);
      }}
    >
      {t.switchLanguage()}
    </a>
  );
}
