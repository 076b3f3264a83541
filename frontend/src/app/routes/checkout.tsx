import { checkoutTitle, checkoutTitleUr } from '@/api/rules/pages.gen';
import { useNavigate } from 'react-router';

import { paths } from '@/config/paths';
import { useSavedAddresses } from '@/features/addresses/api/saved-addresses';
import { useCurrentUser, signedOut } from '@/features/auth/api/current-user';
import { RequireCustomer } from '@/features/auth/components/require-customer';
import { useSyncCartWithQuote } from '@/features/cart/api/sync-with-quote';
import { CheckoutSummary } from '@/features/cart/components/checkout-summary';
import { useCart, useCartStore } from '@/features/cart/hooks/use-cart';
import { orderFiguresOf } from '@/features/cart/lib/order-figures';
import { CheckoutForm } from '@/features/checkout/components/checkout-form';
import checkoutTexts from '@/i18n/en/checkout.json';
import { useLanguage, useMessages } from '@/lib/i18n';

/** /checkout: the cart's summary beside the checkout form; a placed order empties the cart and confirms. */
function CheckoutPage() {
  const user = useCurrentUser().data ?? signedOut;
  const cart = useCart();
  const store = useCartStore();
  const syncWithQuote = useSyncCartWithQuote();
  const navigate = useNavigate();
  const saved = useSavedAddresses(user.uid !== '');
  const t = useMessages(checkoutTexts, 'checkout');
  const title = useLanguage() === 'ur' ? checkoutTitleUr : checkoutTitle;

  return (
    <section className="page checkout-page" aria-labelledby="page-title">
      <title>{title}</title>
      <h1 id="page-title" className="page-title">
        {t.title()}
      </h1>
      <div className="checkout-layout">
        <CheckoutSummary />
        <CheckoutForm
          user={user}
          figures={orderFiguresOf(cart)}
          onQuote={syncWithQuote}
          savedAddresses={saved.data?.addresses}
          onPlaced={(placed) => {
            store.clear();
            // The confirmation page shows the order's number, items, total and confirmation hours from this state.
            void navigate(paths.orderConfirmation.getHref(), { replace: true, state: placed });
          }}
        />
      </div>
    </section>
  );
}

export default function CheckoutRoute() {
  return (
    <RequireCustomer>
      <CheckoutPage />
    </RequireCustomer>
  );
}
