import { useState } from 'react';
import { Link } from 'react-router';

import type { ProductResponse } from '@/api/generated';
import type { Outcome } from '@/components/admin/outcome';
import { OutcomeMessage } from '@/components/admin/outcome-message';
import { useReplyOutcome } from '@/components/admin/use-reply-outcome';
import { adminAreaPaths } from '@/config/admin-area-paths';
import { formatRupees } from '@/lib/money';

import { useDeleteProductMutation, useToggleFeaturedMutation } from '../api/products';
import { catalogueMessages } from '../lib/messages';

/** docs/spec.md §9: the manage list previews 80 characters of each description. */
export const DESCRIPTION_PREVIEW_LENGTH = 80;

export function descriptionPreview(description: string): string {
  return description.length > DESCRIPTION_PREVIEW_LENGTH
    ? `${description.slice(0, DESCRIPTION_PREVIEW_LENGTH)}...`
    : description;
}

/**
 * Products with the actions of docs/spec.md §2 'Manage products': edit, delete (after a confirmation) and
 * feature or stop featuring. Used by the manage page and the products-by-category page.
 */
export function ProductManager({ products }: { products: ProductResponse[] }) {
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  return (
    <>
      <OutcomeMessage outcome={outcome} />
      {products.length === 0 ? (
        <p className="status-text">No products.</p>
      ) : (
        <ul className="admin-product-list">
          {products.map((product) => (
            <ProductRow key={product._id} product={product} onOutcome={setOutcome} />
          ))}
        </ul>
      )}
    </>
  );
}

function ProductRow({ product, onOutcome }: { product: ProductResponse; onOutcome: (outcome: Outcome) => void }) {
  const remove = useDeleteProductMutation();
  const toggle = useToggleFeaturedMutation();
  const toOutcome = useReplyOutcome();
  const titleId = `product-${product._id}`;

  async function handleDelete() {
    if (!window.confirm(`Delete "${product.name}"? This cannot be undone.`)) return;
    onOutcome(toOutcome(await remove.mutateAsync(product._id), catalogueMessages.productDeleted));
  }

  async function handleToggle() {
    const reply = await toggle.mutateAsync(product._id);
    const featured = reply.kind === 'done' && reply.data.featured;
    onOutcome(toOutcome(reply, featured ? `✅ "${product.name}" is featured` : `✅ "${product.name}" is no longer featured`));
  }

  return (
    <li>
      <article className="admin-product" aria-labelledby={titleId}>
        <ProductThumbnail product={product} />
        <h3 id={titleId} className="admin-product__name">
          {product.name}
        </h3>
        <p className="admin-product__meta">
          {product.category.name} · {product.quantity === 0 ? 'Out of stock' : `${product.quantity} in stock`}
          {product.featured && <span className="badge admin-badge">Featured</span>}
        </p>
        <dl className="admin-product__prices">
          <div>
            <dt>Price</dt>
            <dd>{formatRupees(product.price)}</dd>
          </div>
          {product.finalPrice < product.price && (
            <div>
              <dt>Sale price</dt>
              <dd>{formatRupees(product.finalPrice)}</dd>
            </div>
          )}
        </dl>
        <p className="admin-product__description">{descriptionPreview(product.description)}</p>
        <div className="admin-row__actions">
          <Link className="button button--secondary" to={adminAreaPaths.editProduct.getHref(product._id)} aria-label={`Edit ${product.name}`}>
            Edit
          </Link>
          <button
            type="button"
            className="button button--secondary"
            aria-pressed={product.featured}
            aria-label={`Featured: ${product.name}`}
            disabled={toggle.isPending}
            onClick={() => void handleToggle()}
          >
            {product.featured ? 'Unfeature' : 'Feature'}
          </button>
          <button
            type="button"
            className="button button--secondary admin-button--danger"
            aria-label={`Delete ${product.name}`}
            disabled={remove.isPending}
            onClick={() => void handleDelete()}
          >
            Delete
          </button>
        </div>
      </article>
    </li>
  );
}

/** The product's first picture, its smallest copy, 64 px square; a blank square when it has none. */
function ProductThumbnail({ product }: { product: ProductResponse }) {
  const picture = product.media.find((media) => media.kind === 'image');
  if (!picture) return <span className="admin-product__thumb" aria-hidden="true" />;
  const smallest = [...picture.variants].sort((a, b) => a.width - b.width)[0];
  return (
    <img
      className="admin-product__thumb"
      src={smallest?.url ?? picture.url}
      alt=""
      width={64}
      height={64}
      loading="lazy"
      decoding="async"
    />
  );
}
