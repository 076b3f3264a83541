import { useRef, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';

import { LoadMore } from '@/components/ui/load-more';
import { LoadingBar } from '@/components/ui/loading-bar';
import { env } from '@/config/env';
import { useCategories } from '@/features/categories/api/get-categories';
import { useFeaturedProducts } from '@/features/products/api/get-featured-products';
import { productsOfPages, useProductPages } from '@/features/products/api/get-product-pages';
import { ProductGrid } from '@/features/products/components/product-grid';
import { MORE_PRODUCTS_FAILED, shownProducts } from '@/features/products/lib/messages';
import type { Product } from '@/features/products/types';

import { cartActions } from './shared/cart-actions';

const EMPTY_TEXT = 'No products available at the moment.';

/** Featured cards shown until the shopper asks for all of them (two rows of four on large screens). */
const FEATURED_SHOWN = 8;

/**
 * The home page renders few cards up front, for cheap phones: the first 8 featured products (the rest on
 * 'Show all featured products', without another call) and the first page of 24 of all products (the next
 * page on 'Show more products', until a page comes back short; the pages are shared with /products).
 */
export default function HomeRoute() {
  // The three list calls run in parallel; loading ends once all have settled, successfully or not. A failed
  // or pending list counts as empty (the generated client rejects a response that is not an array).
  const categories = useCategories();
  const featured = useFeaturedProducts();
  const pages = useProductPages();
  const loading = categories.isPending || featured.isPending || pages.isPending;
  const [allFeatured, setAllFeatured] = useState(false);
  const featuredRef = useRef<HTMLDivElement>(null);

  const featuredList = featured.data ?? [];
  const products = productsOfPages(pages.data);

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
      <div ref={featuredRef} className={loading ? 'home__lists home__lists--loading' : 'home__lists'}>
        {loading ? (
          <p className="status-text" role="status">
            Loading products...
          </p>
        ) : (
          <>
            <ProductSection
              id="featured"
              title="Featured Accessories"
              eagerImages={2}
              products={allFeatured ? featuredList : featuredList.slice(0, FEATURED_SHOWN)}
            >
              {!allFeatured && featuredList.length > FEATURED_SHOWN && (
                <div className="load-more">
                  <button
                    type="button"
                    className="button button--secondary button--large"
                    onClick={() => {
                      // The button goes away: focus moves to the first card it revealed.
                      flushSync(() => {
                        setAllFeatured(true);
                      });
                      document.querySelector<HTMLElement>(`#featured li:nth-child(${FEATURED_SHOWN + 1}) a`)?.focus();
                    }}
                  >
                    Show all featured products
                  </button>
                </div>
              )}
            </ProductSection>
            <ProductSection id="all-products" title="All Mobile Accessories" products={products}>
              <LoadMore pages={pages} label="Show more products" failed={MORE_PRODUCTS_FAILED} shown={shownProducts(products.length)} />
            </ProductSection>
          </>
        )}
      </div>
    </>
  );
}

interface ProductSectionProps {
  id: string;
  title: string;
  products: readonly Product[];
  /** Cards whose pictures load at once: the first row of the first section, the page's largest paint. */
  eagerImages?: number;
  /** Shown under the grid when there are products. */
  children: ReactNode;
}

function ProductSection({ id, title, products, eagerImages = 0, children }: ProductSectionProps) {
  const headingId = `${id}-title`;
  return (
    <section id={id} className="product-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      {products.length === 0 ? (
        <p className="status-text">{EMPTY_TEXT}</p>
      ) : (
        <>
          <ProductGrid products={products} renderActions={cartActions} eagerImages={eagerImages} />
          {children}
        </>
      )}
    </section>
  );
}
