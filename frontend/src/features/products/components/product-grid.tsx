import type { ReactNode } from 'react';

import type { Product } from '../types';

import { ProductCard } from './product-card';

interface ProductGridProps {
  products: readonly Product[];
  /** Each card's buttons, composed in by the page; gets the product and the id of its name. */
  renderActions?: (product: Product, describedBy: string) => ReactNode;
}

/** Cards in 2 columns on small screens, 3 on medium, 4 on large. */
export function ProductGrid({ products, renderActions }: ProductGridProps) {
  return (
    <ul className="product-grid">
      {products.map((product) => (
        <li key={product._id}>
          <ProductCard
            product={product}
            renderActions={renderActions && ((describedBy) => renderActions(product, describedBy))}
          />
        </li>
      ))}
    </ul>
  );
}
