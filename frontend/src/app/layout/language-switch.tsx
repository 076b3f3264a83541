import { useLocation } from 'react-router';

import shellTexts from '@/i18n/en/shell.json';
import { hrefIn, rememberLanguage, useLanguage, useMessages } from '@/lib/i18n';

/**
 * The header's switch to the other language: a link to the same page there (a new page load, so the server
 * fills it in that language from the first byte), which remembers the choice in the `lang` cookie.
 */
export function LanguageSwitch() {
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
      }}
    >
      {t.switchLanguage()}
    </a>
  );
}
