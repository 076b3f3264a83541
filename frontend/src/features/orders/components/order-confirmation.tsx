import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';

import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';

import '../orders.css';


/** How long the confirmation's spinner shows (docs/spec.md §9). */
export const CONFIRMATION_SPINNER_MS = 1500;

/**
 * The page after a placed order (docs/spec.md §2 'Order confirmation'): a spinner for 1.5 s, then 'Order Placed —
 * Awaiting Approval', what happens next, and the links 'Continue Shopping' and 'View My Orders'.
 */
export function OrderConfirmation() {
  const [waiting, setWaiting] = useState(true);

  useEffect(() => {
    const timer = setTimeout(() => {
      setWaiting(false);
    }, CONFIRMATION_SPINNER_MS);
    return () => {
      clearTimeout(timer);
    };
  }, []);

  if (waiting) return <Spinner label="Confirming your order" />;

  return (
    <section className="page order-confirmation" aria-labelledby="page-title">
      <span className="order-confirmation__tick" aria-hidden="true">
        ✓
      </span>
      <h1 id="page-title" className="page-title">
        Order Placed — Awaiting Approval
      </h1>
      <p>
        Your order is pending approval by our admin team. You will be notified once it is approved and ready for dispatch.
      </p>
      <OrderNextLinks />
    </section>
  );
}

/** Where a shopper goes after an order: back to the shop or to My Orders, after any links of the page's own. */
export function OrderNextLinks({ children }: { children?: ReactNode }) {
  return (
    <div className="order-confirmation__links">
      {children}
      <Link to={paths.home.getHref()} className="button button--secondary">
        Continue Shopping
      </Link>
      <Link to={paths.orders.getHref()} className="button">
        View My Orders
      </Link>
    </div>
  );
}
