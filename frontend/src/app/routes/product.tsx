import { useEffect } from 'react';
import { Link, useLocation, useParams } from 'react-router';

import type { PagePrime } from '@/app/page-loading';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { QuantityStepper } from '@/features/cart/components/quantity-stepper';
import { useCartItem, useCartStore, useMaxPerItem } from '@/features/cart/hooks/use-cart';
import { stepperStop } from '@/features/cart/lib/stepper-stop';
import { primeMissingProduct, primeProduct, useProduct } from '@/features/products/api/get-product';
import { ProductDetails } from '@/features/products/components/product-details';
import { ProductShare } from '@/features/products/components/product-share';
import type { Product } from '@/features/products/types';
import { useApprovedReviews } from '@/features/reviews/api/get-approved-reviews';
import { ReviewList } from '@/features/reviews/components/review-list';
import { ReviewSummary } from '@/features/reviews/components/review-summary';
import productTexts from '@/i18n/en/product.json';
import { localText, useMessages } from '@/lib/i18n';
import { pageAnsweredNotFound, readPageData, takeTappedAdd } from '@/lib/page-data';

const REVIEWS_ID = 'reviews';

/**
 * A visit that starts here: the product the server wrote into the page goes into the cache (docs/seo.md), or,
 * when the server answered 404, that there is none.
 */
export const prime: PagePrime = async ({ queryClient, params }) => {
  if (!params.id) return;
  const product = readPageData()?.product;
  if (product !== undefined) await primeProduct(queryClient, params.id, product);
  else if (pageAnsweredNotFound()) await primeMissingProduct(queryClient, params.id);
};

/**
 * /product/{id}: a spinner, then the product (gallery, details, the cart control from the cart feature) and
 * its approved reviews under the rating the product carries (average, count, spread). Unknown or malformed
 * ids get a not-found page; other failures offer a retry.
 */
export default function ProductRoute() {
  const { id = '' } = useParams();
  const product = useProduct(id);
  // Reviews load beside the product rather than after it; a failure only hides them.
  const reviews = useApprovedReviews(id);
  const inCart = useCartItem(id)?.quantity ?? 0;
  const t = useMessages(productTexts, 'product');

  if (product.isPending) {
    return (
      <div className="page">
        <title>{t.loading()}</title>
        <Spinner label={t.loadingText()} />
      </div>
    );
  }

  if (product.notFound) {
    return (
      <section className="page not-found" aria-labelledby="page-title">
        <title>{t.notFound()}</title>
        <h1 id="page-title">{t.notFound()}</h1>
        <p>{t.notFoundText()}</p>
        <p>
          <Link to={paths.home.getHref()} className="button">
            {t.backToShop()}
          </Link>
        </p>
      </section>
    );
  }

  if (product.isError) {
    return (
      <section className="page not-found" aria-labelledby="page-title">
        <title>{t.details()}</title>
        <h1 id="page-title">{t.details()}</h1>
        <p role="alert">{t.loadFailed()}</p>
        <p>
          <button
            type="button"
            className="button"
            onClick={() => {
              void product.refetch();
            }}
          >
            {t.tryAgain()}
          </button>
        </p>
      </section>
    );
  }

  const data = product.data;
  // On an Urdu page, the owner's Urdu name and description where there are any; the cart gets the product.
  const shown = { ...data, name: localText(data.name, data.nameUr), description: localText(data.description, data.descriptionUr) };
  return (
    <div className="product-route">
      <title>{shown.name}</title>
      <ProductDetails
        key={data._id}
        product={shown}
        available={data.stock - inCart}
        inCart={inCart}
        rating={data.rating == null ? null : { average: data.rating, count: data.reviewCount }}
        reviewsId={REVIEWS_ID}
        actions={<ProductCartControl product={data} />}
        share={<ProductShare product={shown} />}
      />
      <ReviewList
        id={REVIEWS_ID}
        reviews={reviews.reviews}
        isPending={reviews.isPending}
        summary={<ReviewSummary average={data.rating} count={data.reviewCount} spread={data.ratingSpread} />}
      />
    </div>
  );
}

/**
 * 'Add to Cart' (disabled when out of stock), or the cart's stepper and 'Buy Now' once it is in the cart; where
 * the stepper stops (the stock, or the most units of one product an order may hold) it says why. A tap on the
 * server-drawn button before the app started adds the product now (docs/decisions/0034).
 */
function ProductCartControl({ product }: { product: Product }) {
  const store = useCartStore();
  const item = useCartItem(product._id);
  const maxPerItem = useMaxPerItem();
  const { pathname } = useLocation();
  const t = useMessages(productTexts, 'product');
  useEffect(() => {
    if (takeTappedAdd(pathname)) store.add(product);
  }, [pathname, product, store]);

  if (item) {
    const stop = stepperStop(item.quantity, Math.min(item.stock, product.stock), maxPerItem, (count) => t.onlyInStock({ count }));
    return (
      <>
        <div className="product-cart">
          <QuantityStepper
            quantity={item.quantity}
            max={Math.min(item.stock, product.stock, maxPerItem)}
            decrementLabel={t.removeOne()}
            describedBy={stop ? 'product-name product-unit-limit' : 'product-name'}
            onDecrement={() => {
              store.decrement(product._id);
            }}
            onIncrement={() => {
              store.increment(product._id);
            }}
          />
          <Link to={paths.cart.getHref()} className="button button--large">
            {t.buyNow()}
          </Link>
        </div>
        {stop && (
          <p id="product-unit-limit" className="cart-item__notice">
            {stop}
          </p>
        )}
      </>
    );
  }

  return (
    <AddToCart
      product={product}
      onAdd={() => {
        store.add(product);
      }}
    />
  );
}

/**
 * 'Add to Cart', disabled when out of stock: the cart control of a product not yet in the cart, as the server
 * draws it too (docs/seo.md 'Product page'; the parity test renders it).
 */
export function AddToCart({ product, onAdd }: { product: Pick<Product, 'stock'>; onAdd?: () => void }) {
  const t = useMessages(productTexts, 'product');
  return (
    <button
      type="button"
      className="button button--large product-cart__add"
      disabled={product.stock <= 0}
      aria-describedby="product-name"
      onClick={onAdd}
    >
      {t.addToCart()}
    </button>
  );
}
