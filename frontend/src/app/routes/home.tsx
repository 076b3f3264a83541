import { useRef, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';

import { LoadMore } from '@/components/ui/load-more';
import { LoadingBar } from '@/components/ui/loading-bar';
import { env } from '@/config/env';
import { useCategories } from '@/features/categories/api/get-categories';
import { useFeaturedProducts } from '@/features/products/api/get-featured-products';
import { productsOfPages, useProductPages } from '@/features/products/api/get-product-pages';
import { ProductGrid } from '@/features/products/components/product-grid';
import type { Product } from '@/features/products/types';
import homeTexts from '@/i18n/en/home.json';
import productTexts from '@/i18n/en/products.json';
import { useMessages } from '@/lib/i18n';

import { cartActions } from './shared/cart-actions';

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
  const t = useMessages(homeTexts, 'home');
  const tp = useMessages(productTexts, 'products');
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
      <title>{t.title({ shop: env.shopName })}</title>
      {loading && <LoadingBar label={t.loading()} />}
      <section className="hero" aria-labelledby="hero-title">
        <h1 id="hero-title">{env.shopName}</h1>
        <p className="hero__tagline">{t.tagline()}</p>
        <button
          type="button"
          className="button button--large"
          onClick={() => {
            featuredRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
          }}
        >
          {t.shopNow()}
        </button>
      </section>
      <div ref={featuredRef} className={loading ? 'home__lists home__lists--loading' : 'home__lists'}>
        {loading ? (
          <p className="status-text" role="status">
            {t.loadingText()}
          </p>
        ) : (
          <>
            <ProductSection
              id="featured"
              title={t.featured()}
              empty={t.empty()}
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
                    {t.showAllFeatured()}
                  </button>
                </div>
              )}
            </ProductSection>
            <ProductSection id="all-products" title={t.allProducts()} empty={t.empty()} products={products}>
              <LoadMore pages={pages} label={t.showMore()} failed={tp.moreFailed()} shown={tp.shown({ count: products.length })} />
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
  /** Said when there are no products. */
  empty: string;
  products: readonly Product[];
  /** Cards whose pictures load at once: the first row of the first section, the page's largest paint. */
  eagerImages?: number;
  /** Shown under the grid when there are products. */
  children: ReactNode;
}

function ProductSection({ id, title, empty, products, eagerImages = 0, children }: ProductSectionProps) {
  const headingId = `${id}-title`;
  return (
    <section id={id} className="product-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      {products.length === 0 ? (
        <p className="status-text">{empty}</p>
      ) : (
        <>
          <ProductGrid products={products} renderActions={cartActions} eagerImages={eagerImages} />
          {children}
        </>
      )}
    </section>
  );
}
