import { Link } from 'react-router';

import { paths } from '@/config/paths';
import shellTexts from '@/i18n/en/shell.json';
import { useMessages } from '@/lib/i18n';

import { useCartCount } from '../hooks/use-cart';

interface CartLinkProps {
  onNavigate?: () => void;
  className?: string;
}

/** The cart icon: a badge with the total quantity when above 0, and green then (docs/spec.md §2). */
export function CartLink({ onNavigate, className }: CartLinkProps) {
  const t = useMessages(shellTexts, 'shell');
  const count = useCartCount();
  const filled = count > 0;
  const classes = ['cart-link', filled && 'cart-link--filled', className].filter(Boolean).join(' ');
  return (
    <Link
      to={paths.cart.getHref()}
      className={classes}
      aria-label={filled ? t.cartItems({ count }) : t.cart()}
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
