import { Link } from 'react-router';

import { LoadMore } from '@/components/ui/load-more';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';

import { OrdersSignedOutError, ordersOfPages, useMyOrders } from '../api/get-my-orders';
import { ordersMessages } from '../lib/messages';

import { OrderCard, type RenderItemExtra } from './order-card';

import '../orders.css';


/**
 * My Orders (docs/spec.md §2): the signed-in customer's orders as expandable cards, newest first, a page at a time
 * with 'Load more' while there are more; the texts for a shopper who is not signed in and for one with no
 * orders yet.
 */
export function MyOrders({ uid, renderItemExtra }: { uid: string; renderItemExtra?: RenderItemExtra }) {
  const pages = useMyOrders(uid);
  const orders = ordersOfPages(pages.data);

  let body;
  if (uid === '' || pages.error instanceof OrdersSignedOutError) {
    body = (
      <p className="status-text" role="alert">
        {ordersMessages.notLoggedIn} <Link to={paths.login.getHref()}>Log in</Link>
      </p>
    );
  } else if (pages.isPending) {
    body = <Spinner label="Loading your orders" />;
  } else if (pages.data === undefined) {
    body = (
      <div className="status-text" role="alert">
        <p>{ordersMessages.loadFailed}</p>
        <button type="button" className="button" onClick={() => void pages.refetch()}>
          Try again
        </button>
      </div>
    );
  } else if (orders.length === 0) {
    body = (
      <div className="status-text">
        <p>{ordersMessages.none}</p>
        <Link to={paths.home.getHref()} className="button">
          Start Shopping
        </Link>
      </div>
    );
  } else {
    const total = pages.data.pages.at(-1)?.total ?? orders.length;
    body = (
      <>
        <ul className="order-list">
          {orders.map((order) => (
            <OrderCard
              key={order._id}
              order={order}
              renderItemExtra={renderItemExtra}
              confirmWithinHours={pages.data.pages.at(-1)?.confirmWithinHours}
            />
          ))}
        </ul>
        <LoadMore
          pages={pages}
          label="Load more"
          failed={ordersMessages.moreFailed}
          shown={`Showing ${orders.length} of ${total} orders`}
        />
      </>
    );
  }

  return (
    <section className="page my-orders" aria-labelledby="page-title">
      <h1 id="page-title" className="page-title">
        My Orders
      </h1>
      {body}
    </section>
  );
}
