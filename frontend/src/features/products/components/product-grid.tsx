import type { Product } from '../types';

import { ProductCard } from './product-card';

interface ProductGridProps {
  products: readonly Product[];
  onAdd?: (product: Product) => void;
}

/** Cards in 2 columns on small screens, 3 on medium, 4 on large. */
export function ProductGrid({ products, onAdd }: ProductGridProps) {
  return (
    <ul className="product-grid">
      {products.map((product) => (
        <li key={product._id}>
          <ProductCard product={product} onAdd={onAdd} />
        </li>
      ))}
    </ul>
  );
}
