import { confirmOrderTitle, confirmOrderTitleUr } from '@/api/rules/pages.gen';
import { useSearchParams } from 'react-router';
import * as z from 'zod/mini';

import { ConfirmOrder } from '@/features/orders/components/confirm-order';
import ordersTexts from '@/i18n/en/orders.json';
import { useLanguage, useMessages } from '@/lib/i18n';

const orderParam = z.catch(z.string().check(z.trim(), z.regex(/^\d{1,18}$/)), '');
const tokenParam = z.catch(z.string().check(z.trim()), '');

/** /confirm-order?order=&token=: the e-mailed 'Confirm my order' link. */
export default function ConfirmOrderRoute() {
  const [params] = useSearchParams();
  const t = useMessages(ordersTexts, 'orders');
  const order = orderParam.parse(params.get('order') ?? '');
  const token = tokenParam.parse(params.get('token') ?? '');

  return (
    <section className="page confirm-order" aria-labelledby="page-title">
      <title>{useLanguage() === 'ur' ? confirmOrderTitleUr : confirmOrderTitle}</title>
      <h1 id="page-title" className="page-title">
        {t.confirmTitle()}
      </h1>
      <ConfirmOrder order={order} token={token} />
    </section>
  );
}
