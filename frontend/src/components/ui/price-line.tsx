import productTexts from '@/i18n/en/products.json';
import { useMessages } from '@/lib/i18n';
import { formatRupees } from '@/lib/money';

interface PriceLineProps {
  /** The list price, in whole rupees. */
  price: number;
  /** What is charged, in whole rupees; below `price`, the list price follows it struck through. */
  finalPrice: number;
  /** What a screen reader hears before the price. */
  label?: string;
}

/**
 * A price in bold, then the list price struck through when it is marked down, each named for screen readers:
 * the inside of the price line of the product cards, the product page, the cart and the admin's product list.
 * The server draws the product page's the same way (`adapters-http/src/pages/product.rs`), so this markup is
 * the page's first paint too: change both together.
 */
export function PriceLine({ price, finalPrice, label }: PriceLineProps) {
  const t = useMessages(productTexts, 'products');
  return (
    <>
      <span className="visually-hidden">{label ?? t.price()}</span>
      <strong>{formatRupees(finalPrice)}</strong>
      {finalPrice < price && (
        <>
          {' '}
          <span className="visually-hidden">{t.originalPrice()}</span>
          <s>{formatRupees(price)}</s>
        </>
      )}
    </>
  );
}
