import { useRef } from 'react';

import { LoadingBar } from '@/components/ui/loading-bar';
import { env } from '@/config/env';
import { useCategories } from '@/features/categories/api/get-categories';
import { useFeaturedProducts } from '@/features/products/api/get-featured-products';
import { useProducts } from '@/features/products/api/get-products';
import { ProductGrid } from '@/features/products/components/product-grid';
import type { Product } from '@/features/products/types';

import { cartActions } from './shared/cart-actions';

const EMPTY_TEXT = 'No products available at the moment.';

/**
 * List responses are used only if they are arrays: the generated client validates each response with
 * its zod schema, so anything else arrives as a failed query, and a failed or pending list counts as empty.
 */
function asList(data: readonly Product[] | undefined): readonly Product[] {
  return data ?? [];
}

export default function HomeRoute() {
  // The three list calls run in parallel; loading ends once all have settled, successfully or not.
  const categories = useCategories();
  const featured = useFeaturedProducts();
  const products = useProducts();
  const loading = categories.isPending || featured.isPending || products.isPending;
  const featuredRef = useRef<HTMLDivElement>(null);

  return (
    <>
      <title>{`${env.shopName} — Phone accessories in Pakistan`}</title>
      {loading && <LoadingBar label="Loading products" />}
      <section className="hero" aria-labelledby="hero-title">
        <h1 id="hero-title">{env.shopName}</h1>
        <p className="hero__tagline">
          Premium mobile accessories that keep you charged, protected and connected.
        </p>
        <button
          type="button"
          className="button button--large"
          onClick={() => {
            featuredRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
          }}
        >
          Shop Now
        </button>
      </section>
      <div ref={featuredRef} className="home__lists">
        {loading ? (
          <p className="status-text" role="status">
            Loading products...
          </p>
        ) : (
          <>
            <ProductSection id="featured" title="Featured Accessories" products={asList(featured.data)} />
            <ProductSection id="all-products" title="All Mobile Accessories" products={asList(products.data)} />
          </>
        )}
      </div>
    </>
  );
}

function ProductSection({ id, title, products }: { id: string; title: string; products: readonly Product[] }) {
  const headingId = `${id}-title`;
  return (
    <section id={id} className="product-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      {products.length === 0 ? <p className="status-text">{EMPTY_TEXT}</p> : <ProductGrid products={products} renderActions={cartActions} />}
    </section>
  );
}
