import { Suspense } from 'react';
import { Link } from 'react-router';

import { paths } from '@/config/paths';
import { LazyCategoryList } from '@/features/categories/components/lazy-category-list';
import menuTexts from '@/i18n/en/menu.json';
import shellTexts from '@/i18n/en/shell.json';
import { useMessages } from '@/lib/i18n';

import { LogoutButton } from './lazy-logout-button';

interface MobileMenuProps {
  id: string;
  signedIn: boolean;
  onClose: () => void;
  onLoggedOut: () => void;
}

/** The small-screen menu: home, cart, the categories and the account links. */
export default function MobileMenu({ id, signedIn, onClose, onLoggedOut }: MobileMenuProps) {
  const t = useMessages(shellTexts, 'shell');
  const m = useMessages(menuTexts, 'menu');
  return (
    <nav id={id} className="mobile-menu" aria-label={m.menu()}>
      <ul className="mobile-menu__list">
        <li>
          <Link to={paths.home.getHref()} onClick={onClose}>
            {m.home()}
          </Link>
        </li>
        <li>
          <Link to={paths.cart.getHref()} onClick={onClose}>
            {t.cart()}
          </Link>
        </li>
      </ul>
      <h2 className="mobile-menu__heading">{t.categories()}</h2>
      <Suspense>
        <LazyCategoryList onNavigate={onClose} />
      </Suspense>
      <h2 className="mobile-menu__heading">{m.myAccount()}</h2>
      {signedIn ? (
        <Suspense>
          <ul className="mobile-menu__list">
            <li>
              <Link to={paths.orders.getHref()} onClick={onClose}>
                My Orders
              </Link>
            </li>
            <li>
              <LogoutButton className="auth-menu-button" onLoggedOut={onLoggedOut} />
            </li>
          </ul>
        </Suspense>
      ) : (
        <ul className="mobile-menu__list">
          <li>
            <Link to={paths.login.getHref()} onClick={onClose}>
              {t.login()}
            </Link>
          </li>
          <li>
            <Link to={paths.signup.getHref()} onClick={onClose}>
              {t.signUp()}
            </Link>
          </li>
          <li>
            <Link to={paths.admin.login.getHref()} onClick={onClose}>
              {t.admin()}
            </Link>
          </li>
        </ul>
      )}
    </nav>
  );
}
