import { Suspense } from 'react';
import { Link } from 'react-router';

import { paths } from '@/config/paths';
import { LazyCategoryList } from '@/features/categories/components/lazy-category-list';

import { LogoutButton } from './lazy-logout-button';

interface MobileMenuProps {
  id: string;
  signedIn: boolean;
  onClose: () => void;
  onLoggedOut: () => void;
}

/** The small-screen menu: home, cart, the categories and the account links. */
export default function MobileMenu({ id, signedIn, onClose, onLoggedOut }: MobileMenuProps) {
  return (
    <nav id={id} className="mobile-menu" aria-label="Menu">
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
