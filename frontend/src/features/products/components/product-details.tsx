import type { ReactNode } from 'react';

import { PriceLine } from '@/components/ui/price-line';
import { StarRating } from '@/components/ui/star-rating';
import productTexts from '@/i18n/en/product.json';
import productCardTexts from '@/i18n/en/products.json';
import { useLanguage, useMessages } from '@/lib/i18n';

import { stockMessage } from '../lib/stock';
import type { Product } from '../types';

import { ProductGallery } from './product-gallery';

/** The average of the approved reviews, when there are any. */
export interface ProductRating {
  average: number;
  count: number;
}

interface ProductDetailsProps {
  product: Product;
  /** Units the shopper can still add: stock minus what the cart holds. */
  available: number;
  /** Units of it the shopper's cart holds. */
  inCart?: number;
  rating?: ProductRating | null;
  /** The cart control, composed in by the page; fixed to the bottom of small screens. */
  actions?: ReactNode;
  /** Where the rating links to (the reviews section's id). */
  reviewsId?: string;
  /** Ways to share the page, under the cart control (in the flow on small screens, where that control is fixed). */
  share?: ReactNode;
}

/** Clear cases have no colour a swatch could paint; they show a checkerboard. */
const CLEAR_COLOURS = /^(clear|transparent)$/i;

/**
 * The product page's body: gallery, name, rating, badges, price with the struck list price, colour swatch,
 * stock message, the cart control, the ways to share it and the description.
 */
export function ProductDetails({ product, available, inCart = 0, rating, actions, reviewsId, share }: ProductDetailsProps) {
  const t = useMessages(productTexts, 'product');
  const card = useMessages(productCardTexts, 'products');
  const stock = stockMessage(available, inCart, useLanguage() === 'ur' ? t : undefined);
  const colour = product.color?.trim();

  return (
    <article className="product-page" aria-labelledby="product-name">
      <div className="product-page__gallery">
        <ProductGallery media={product.media} productName={product.name} />
      </div>
      <div className="product-page__info">
        <h1 id="product-name" className="product-page__name">
          {product.name}
        </h1>
        {rating && rating.count > 0 && (
          <p className="product-page__rating">
            <StarRating rating={rating.average} />
            <span aria-hidden="true">{rating.average.toFixed(1)}</span>
            {reviewsId ? (
              <a href={`#${reviewsId}`}>{t.reviewCount({ count: rating.count })}</a>
            ) : (
              <span>{t.reviewCount({ count: rating.count })}</span>
            )}
          </p>
        )}
        {(product.freeDelivery || product.discount > 0) && (
          <p className="product-page__badges">
            {product.freeDelivery && <span className="badge badge--delivery">{card.freeDelivery()}</span>}
            {product.discount > 0 && <span className="badge badge--sale">{card.percentOff({ discount: product.discount })}</span>}
          </p>
        )}
        <p className="product-page__price">
          <PriceLine price={product.price} finalPrice={product.finalPrice} />
        </p>
        {colour && (
          <p className="product-page__colour">
            <span
              className={CLEAR_COLOURS.test(colour) ? 'swatch swatch--clear' : 'swatch'}
              style={CLEAR_COLOURS.test(colour) ? undefined : { backgroundColor: colour }}
              aria-hidden="true"
            />
            {t.colour({ colour })}
          </p>
        )}
        <p className={`product-page__stock product-page__stock--${stock.level}`}>{stock.text}</p>
        {actions && <div className="product-page__buy">{actions}</div>}
        {share}
        <section className="product-page__description" aria-labelledby="product-description-title">
          <h2 id="product-description-title">{t.description()}</h2>
          <p>{product.description}</p>
        </section>
      </div>
    </article>
  );
}
