import { Link } from 'react-router';

import { LoadMore } from '@/components/ui/load-more';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import ordersTexts from '@/i18n/en/orders.json';
import { useMessages } from '@/lib/i18n';

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
  const t = useMessages(ordersTexts, 'orders');
  const pages = useMyOrders(uid);
  const orders = ordersOfPages(pages.data);

  let body;
  if (uid === '' || pages.error instanceof OrdersSignedOutError) {
    body = (
      <p className="status-text" role="alert">
        {ordersMessages.notLoggedIn} <Link to={paths.login.getHref()}>{t.logIn()}</Link>
      </p>
    );
  } else if (pages.isPending) {
    body = <Spinner label={t.loading()} />;
  } else if (pages.data === undefined) {
    body = (
      <div className="status-text" role="alert">
        <p>{ordersMessages.loadFailed}</p>
        <button type="button" className="button" onClick={() => void pages.refetch()}>
          {t.tryAgain()}
        </button>
      </div>
    );
  } else if (orders.length === 0) {
    body = (
      <div className="status-text">
        <p>{ordersMessages.none}</p>
        <Link to={paths.home.getHref()} className="button">
          {t.startShopping()}
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
          label={t.loadMore()}
          failed={ordersMessages.moreFailed}
          shown={t.shown({ shown: orders.length, total })}
        />
      </>
    );
  }

  return (
    <section className="page my-orders" aria-labelledby="page-title">
      <h1 id="page-title" className="page-title">
        {t.title()}
      </h1>
      {body}
    </section>
  );
}
