import { env } from '@/config/env';
import shellTexts from '@/i18n/en/shell.json';
import { useMessages } from '@/lib/i18n';

export function Footer() {
  const t = useMessages(shellTexts, 'shell');
  return (
    <footer className="site-footer">
      <nav aria-label={t.socialMedia()}>
        <ul className="site-footer__links">
          <li>
            <a href={env.social.facebook} rel="noopener noreferrer" target="_blank">
              Facebook
            </a>
          </li>
          <li>
            <a href={env.social.instagram} rel="noopener noreferrer" target="_blank">
              Instagram
            </a>
          </li>
          <li>
            <a href={env.social.tiktok} rel="noopener noreferrer" target="_blank">
              TikTok
            </a>
          </li>
        </ul>
      </nav>
      <p>
        <a href={`mailto:${env.contactEmail}`}>{env.contactEmail}</a>
      </p>
      <p>{t.copyright()}</p>
    </footer>
  );
}
