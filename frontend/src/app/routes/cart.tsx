import { cartTitle, cartTitleUr } from '@/api/rules/pages.gen';
import { CartOverview } from '@/features/cart/components/cart-overview';
import { useLanguage } from '@/lib/i18n';

export default function CartRoute() {
  const title = useLanguage() === 'ur' ? cartTitleUr : cartTitle;
  return (
    <>
      <title>{title}</title>
      <CartOverview />
    </>
  );
}
