import { env } from '@/config/env';

export function Footer() {
  return (
    <footer className="site-footer">
      <nav aria-label="Social media">
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
      <p>2025 all rights reserved</p>
    </footer>
  );
}
