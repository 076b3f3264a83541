import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';

import { CompactStars } from '@/components/ui/compact-stars';
import { PriceLine } from '@/components/ui/price-line';
import { paths } from '@/config/paths';
import productTexts from '@/i18n/en/products.json';
import { localText, useLanguage, useMessages } from '@/lib/i18n';
import { CARD_IMAGE_SIZES, imageSources } from '@/lib/responsive-image';

import { cardStockMessage } from '../lib/card-stock';
import type { Product } from '../types';

interface ProductCardProps {
  product: Product;
  /**
   * The card's buttons, composed in by the page (the cart's Add/Buy or stepper): features do not import
   * each other. Gets the id of the product's name, for the buttons' aria-describedby.
   */
  renderActions?: (describedBy: string) => ReactNode;
  headingLevel?: 'h2' | 'h3';
  /** Loads the picture at once, for a card at the top of the page (the page's largest paint), not lazily. */
  eager?: boolean;
}

export function ProductCard({ product, renderActions, headingLevel: Heading = 'h3', eager = false }: ProductCardProps) {
  const t = useMessages(productTexts, 'products');
  const language = useLanguage();
  const titleId = useId();
  const name = localText(product.name, product.nameUr);
  const href = paths.product.getHref(product._id);
  // The first picture; a video cannot stand in for it in an <img>.
  const image = product.media.find((item) => item.kind === 'image');
  const stock = cardStockMessage(product.stock, language === 'ur' ? t : undefined);

  return (
    <article className="product-card" aria-labelledby={titleId}>
      <Link to={href} className="product-card__media">
        {image ? (
          <img
            {...imageSources(image)}
            sizes={CARD_IMAGE_SIZES}
            alt={name}
            loading={eager ? 'eager' : 'lazy'}
            fetchPriority={eager ? 'high' : 'auto'}
            decoding="async"
            width={300}
            height={300}
          />
        ) : (
          <span className="product-card__no-image">{t.noImage()}</span>
        )}
      </Link>
      <div className="product-card__badges">
        {product.discount > 0 && <span className="badge badge--sale">{t.percentOff({ discount: product.discount })}</span>}
        {product.freeDelivery && <span className="badge badge--delivery">{t.freeDelivery()}</span>}
      </div>
      <div className="product-card__body">
        <Heading id={titleId} className="product-card__name">
          <Link to={href}>
            <bdi>{name}</bdi>
          </Link>
        </Heading>
        {/* The average of the approved reviews, carried by the product itself: no call per card. Under the
            name on phones; CSS makes it a badge on the picture from tablets up. */}
        {product.rating != null && product.reviewCount > 0 && (
          <p className="product-card__rating">
            <CompactStars rating={product.rating} />
          </p>
        )}
        <p className="product-card__price">
          <PriceLine price={product.price} finalPrice={product.finalPrice} />
        </p>
        {stock !== null && <p className="product-card__stock">{stock}</p>}
        {renderActions && <div className="product-card__actions">{renderActions(titleId)}</div>}
      </div>
    </article>
  );
}
