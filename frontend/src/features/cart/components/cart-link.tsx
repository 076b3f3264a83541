import { Link } from 'react-router';

import { paths } from '@/config/paths';

interface CartLinkProps {
  /** Total quantity of items in the cart; the badge shows only above 0. */
  count?: number;
  onNavigate?: () => void;
}

export function CartLink({ count = 0, onNavigate }: CartLinkProps) {
  const filled = count > 0;
  return (
    <Link
      to={paths.cart.getHref()}
      className={filled ? 'cart-link cart-link--filled' : 'cart-link'}
      aria-label={filled ? `Cart, ${count} ${count === 1 ? 'item' : 'items'}` : 'Cart'}
      onClick={onNavigate}
    >
      <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
        <path
          d="M3 4h2l2.4 10.2a1 1 0 0 0 1 .8h8.9a1 1 0 0 0 1-.8L20 8H6.2"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <circle cx="9" cy="19" r="1.6" fill="currentColor" />
        <circle cx="17" cy="19" r="1.6" fill="currentColor" />
      </svg>
      {filled && (
        <span className="cart-link__badge" aria-hidden="true">
          {count}
        </span>
      )}
    </Link>
  );
}
