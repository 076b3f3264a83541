import { lazy, Suspense, useState } from 'react';
import { Link, useNavigate } from 'react-router';

import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { useCurrentUser } from '@/features/auth/api/current-user';
import { CartLink } from '@/features/cart/components/cart-link';
import { CategoryMenu } from '@/features/categories/components/category-menu';
import { SearchBox } from '@/features/search/components/search-box';
import shellTexts from '@/i18n/en/shell.json';
import { useMessages } from '@/lib/i18n';

import { LanguageSwitch } from './language-switch';

import { LogoutButton } from './lazy-logout-button';

/** The small-screen menu's id (`mobile-menu.tsx`). */
const MOBILE_MENU_ID = 'mobile-menu';

/**
 * The small-screen menu's module, loaded when a pointer first presses the toggle (or on the first click): its
 * links are in no first paint, so the home page's first load goes without it.
 */
export const loadMobileMenu = () => import('./mobile-menu');

const MobileMenu = lazy(loadMobileMenu);

export function Navbar() {
  const [menuOpen, setMenuOpen] = useState(false);
  const navigate = useNavigate();
  const t = useMessages(shellTexts, 'shell');
  const signedIn = Boolean(useCurrentUser().data?.uid);
  const closeMenu = () => {
    setMenuOpen(false);
  };
  const afterLogout = () => {
    closeMenu();
    void navigate(paths.login.getHref());
  };

  return (
    <header className="site-header">
      <nav className="navbar" aria-label={t.mainNav()}>
        <Link to={paths.home.getHref()} className="navbar__brand" aria-label={t.brandHome({ shop: env.shopName })} onClick={closeMenu}>
          {env.shopName}
        </Link>
        <SearchBox className="navbar__search" onSearch={closeMenu} />
        <div className="navbar__desktop">
          <CategoryMenu />
          {signedIn ? (
            <Suspense>
              <Link to={paths.orders.getHref()} className="nav-link">
                {t.myOrders()}
              </Link>
              <LogoutButton className="nav-button" onLoggedOut={afterLogout} />
            </Suspense>
          ) : (
            <>
              <Link to={paths.login.getHref()} className="nav-link">
                {t.login()}
              </Link>
              <Link to={paths.signup.getHref()} className="nav-link">
                {t.signUp()}
              </Link>
              <Link to={paths.admin.login.getHref()} className="nav-link">
                {t.admin()}
              </Link>
            </>
          )}
        </div>
        <LanguageSwitch signedIn={signedIn} />
        <CartLink onNavigate={closeMenu} />
        <button
          type="button"
          className="navbar__toggle"
          aria-expanded={menuOpen}
          aria-controls={MOBILE_MENU_ID}
          aria-label={menuOpen ? t.closeMenu() : t.openMenu()}
          onPointerDown={() => void loadMobileMenu()}
          onClick={() => {
            setMenuOpen((open) => !open);
          }}
        >
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
            <path
              d={menuOpen ? 'M6 6l12 12M18 6 6 18' : 'M4 7h16M4 12h16M4 17h16'}
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
            />
          </svg>
        </button>
      </nav>
      {menuOpen && (
        <Suspense>
          <MobileMenu id={MOBILE_MENU_ID} signedIn={signedIn} onClose={closeMenu} onLoggedOut={afterLogout} />
        </Suspense>
      )}
    </header>
  );
}
