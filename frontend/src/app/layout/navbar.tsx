import { lazy, Suspense, useState } from 'react';
import { Link, useNavigate } from 'react-router';

import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { useCurrentUser } from '@/features/auth/api/current-user';
import { CartLink } from '@/features/cart/components/cart-link';
import { CategoryMenu } from '@/features/categories/components/category-menu';
import { LazyCategoryList } from '@/features/categories/components/lazy-category-list';
import { SearchBox } from '@/features/search/components/search-box';

const MOBILE_MENU_ID = 'mobile-menu';

/**
 * The logout button's module. Only a signed-in customer sees the button, so it loads when one is: the home
 * page's first load goes without the logout call, its mutation and the account screens' styles.
 */
export const loadLogoutButton = () => import('@/features/auth/components/logout-button');

// The links beside it wait for it (one Suspense), so 'My Orders' and 'Logout' appear together where 'Login',
// 'Sign up' and 'Admin' were.
const LogoutButton = lazy(async () => ({ default: (await loadLogoutButton()).LogoutButton }));

export function Navbar() {
  const [menuOpen, setMenuOpen] = useState(false);
  const navigate = useNavigate();
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
      <nav className="navbar" aria-label="Main">
        <Link to={paths.home.getHref()} className="navbar__brand" aria-label={`${env.shopName} home`} onClick={closeMenu}>
          {env.shopName}
        </Link>
        <SearchBox className="navbar__search" onSearch={closeMenu} />
        <div className="navbar__desktop">
          <CategoryMenu />
          {signedIn ? (
            <Suspense>
              <Link to={paths.orders.getHref()} className="nav-link">
                My Orders
              </Link>
              <LogoutButton className="nav-button" onLoggedOut={afterLogout} />
            </Suspense>
          ) : (
            <>
              <Link to={paths.login.getHref()} className="nav-link">
                Login
              </Link>
              <Link to={paths.signup.getHref()} className="nav-link">
                Sign up
              </Link>
              <Link to={paths.admin.login.getHref()} className="nav-link">
                Admin
              </Link>
            </>
          )}
        </div>
        <CartLink onNavigate={closeMenu} />
        <button
          type="button"
          className="navbar__toggle"
          aria-expanded={menuOpen}
          aria-controls={MOBILE_MENU_ID}
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
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
      {menuOpen && <MobileMenu signedIn={signedIn} onClose={closeMenu} onLoggedOut={afterLogout} />}
    </header>
  );
}

interface MobileMenuProps {
  signedIn: boolean;
  onClose: () => void;
  onLoggedOut: () => void;
}

function MobileMenu({ signedIn, onClose, onLoggedOut }: MobileMenuProps) {
  return (
    <nav id={MOBILE_MENU_ID} className="mobile-menu" aria-label="Menu">
      <ul className="mobile-menu__list">
        <li>
          <Link to={paths.home.getHref()} onClick={onClose}>
            Home
          </Link>
        </li>
        <li>
          <Link to={paths.cart.getHref()} onClick={onClose}>
            Cart
          </Link>
        </li>
      </ul>
      <h2 className="mobile-menu__heading">Categories</h2>
      <Suspense>
        <LazyCategoryList onNavigate={onClose} />
      </Suspense>
      <h2 className="mobile-menu__heading">My Account</h2>
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
              Login
            </Link>
          </li>
          <li>
            <Link to={paths.signup.getHref()} onClick={onClose}>
              Sign up
            </Link>
          </li>
          <li>
            <Link to={paths.admin.login.getHref()} onClick={onClose}>
              Admin
            </Link>
          </li>
        </ul>
      )}
    </nav>
  );
}
