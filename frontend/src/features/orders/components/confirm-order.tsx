import type { ReactNode } from 'react';

import { Spinner } from '@/components/ui/spinner';
import ordersTexts from '@/i18n/en/orders.json';
import { useMessages } from '@/lib/i18n';

import { useConfirmOrder } from '../api/confirm-order';
import { isAlreadyConfirmed, ordersMessages } from '../lib/messages';

import { OrderNextLinks } from './order-confirmation';

import '../orders.css';
import '../confirm-order.css';

/**
 * What the e-mailed 'Confirm my order' link came to (docs/cod.md 'Confirmation link'): the server's thanks,
 * or its refusal in words (not valid, already confirmed, expired); a link without an order number or token is
 * not valid without asking.
 */
export function ConfirmOrder({ order, token }: { order: string; token: string }) {
  if (order === '' || token === '') return <ConfirmOrderResult tone="error" message={ordersMessages.confirmLinkInvalid} />;
  return <SendConfirmation order={order} token={token} />;
}

function SendConfirmation({ order, token }: { order: string; token: string }) {
  const t = useMessages(ordersTexts, 'orders');
  const confirmation = useConfirmOrder(order, token);
  if (confirmation.isPending) return <Spinner label={t.confirming()} />;
  const reply = confirmation.data;
  if (reply?.kind === 'done') return <ConfirmOrderResult tone="success" message={reply.data.message} />;
  if (reply?.kind === 'refused' && reply.message) {
    // A link used twice is good news: the order is confirmed.
    const tone = isAlreadyConfirmed(reply.message) ? 'success' : 'error';
    return <ConfirmOrderResult tone={tone} message={reply.message} />;
  }
  return (
    <ConfirmOrderResult tone="error" message={ordersMessages.confirmFailed}>
      <button
        type="button"
        className="button"
        onClick={() => {
          void confirmation.refetch();
        }}
      >
        {t.tryAgain()}
      </button>
    </ConfirmOrderResult>
  );
}

function ConfirmOrderResult({ tone, message, children }: { tone: 'success' | 'error'; message: string; children?: ReactNode }) {
  return (
    <>
      <p className={`confirm-order__message confirm-order__message--${tone}`} role={tone === 'success' ? 'status' : 'alert'}>
        {message}
      </p>
      <OrderNextLinks>{children}</OrderNextLinks>
    </>
  );
}
