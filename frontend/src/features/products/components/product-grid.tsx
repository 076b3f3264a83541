import type { ReactNode } from 'react';

import type { Product } from '../types';

import { ProductCard } from './product-card';

interface ProductGridProps {
  products: readonly Product[];
  /** Each card's buttons, composed in by the page; gets the product and the id of its name. */
  renderActions?: (product: Product, describedBy: string) => ReactNode;
  /** The cards' heading level: h3 under a section's h2 (the default), h2 right under the page's h1. */
  headingLevel?: 'h2' | 'h3';
  /** How many of the first cards load their pictures at once (the grid at the top of a page); the rest lazily. */
  eagerImages?: number;
}

/** Cards in 2 columns on small screens, 3 on medium, 4 on large. */
export function ProductGrid({ products, renderActions, headingLevel, eagerImages = 0 }: ProductGridProps) {
  return (
    <ul className="product-grid">
      {products.map((product, index) => (
        <li key={product._id}>
          <ProductCard
            product={product}
            headingLevel={headingLevel}
            eager={index < eagerImages}
            renderActions={renderActions && ((describedBy) => renderActions(product, describedBy))}
          />
        </li>
      ))}
    </ul>
  );
}
