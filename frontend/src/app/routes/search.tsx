import { Link, useSearchParams } from 'react-router';
import * as z from 'zod/mini';

import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useCategories } from '@/features/categories/api/get-categories';
import { useFeaturedProducts } from '@/features/products/api/get-featured-products';
import { ProductGrid } from '@/features/products/components/product-grid';
import { useSearchCorrection } from '@/features/search/api/search-correction';
import { useSearchProducts } from '@/features/search/api/search-products';
import searchTexts from '@/i18n/en/search.json';
import { useMessages } from '@/lib/i18n';

import { cartActions } from './shared/cart-actions';


const searchTermSchema = z.catch(z.string().check(z.trim()), '');

/** Featured cards offered when a search finds nothing and no correction exists. */
const FEATURED_SHOWN = 8;

/**
 * /search?q=...: the heading, then a spinner, the error, or the results, best first. A search that finds
 * nothing is no dead end: 'No products found.', then 'Did you mean "…"?' when the server has a correction,
 * else the top categories and the featured products.
 */
export default function SearchRoute() {
  const [searchParams] = useSearchParams();
  const q = searchTermSchema.parse(searchParams.get('q'));
  const search = useSearchProducts(q);
  const t = useMessages(searchTexts, 'search');
  const title = t.resultsFor({ q });
  const empty = !search.isPending && !search.isError && search.products.length === 0;

  return (
    <section className="page" aria-labelledby="page-title">
      <title>{title}</title>
      <h1 id="page-title" className="page-title">
        {title}
      </h1>
      {search.isPending ? (
        <Spinner label={t.searching()} />
      ) : search.isError ? (
        <p className="status-text" role="alert">
          {t.failed()}
        </p>
      ) : empty ? (
        <NoResults q={q} />
      ) : (
        <ProductGrid products={search.products} renderActions={cartActions} headingLevel="h2" />
      )}
    </section>
  );
}

function NoResults({ q }: { q: string }) {
  const { isPending, correction } = useSearchCorrection(q, true);
  const t = useMessages(searchTexts, 'search');

  // A blank term searched nothing (docs/spec.md §5 'Search'): nothing to correct or offer either.
  if (q === '') return <p className="status-text">{t.noProducts()}</p>;

  return (
    <>
      <p className="status-text">{t.noProducts()}</p>
      {isPending ? null : correction ? (
        <p className="status-text search-correction">
          {t.didYouMeanStart()}
          <Link to={paths.search.getHref(correction)}>{correction}</Link>
          {t.didYouMeanEnd()}
        </p>
      ) : (
        <SearchFallback />
      )}
    </>
  );
}

/** The top categories and the featured products: somewhere to go on from a search that found nothing. */
function SearchFallback() {
  const categories = useCategories();
  const t = useMessages(searchTexts, 'search');
  const featured = useFeaturedProducts();
  const roots = (categories.data ?? []).filter((category) => !category.parent);
  const products = (featured.data ?? []).slice(0, FEATURED_SHOWN);

  return (
    <>
      {roots.length > 0 && (
        <nav className="search-fallback" aria-labelledby="search-categories-title">
          <h2 id="search-categories-title">{t.browseCategories()}</h2>
          <ul className="search-fallback__categories">
            {roots.map((category) => (
              <li key={category._id}>
                <Link to={paths.category.getHref(category._id)}>{category.name}</Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {products.length > 0 && (
        <section className="search-fallback" aria-labelledby="search-featured-title">
          <h2 id="search-featured-title">{t.featured()}</h2>
          <ProductGrid products={products} renderActions={cartActions} headingLevel="h3" />
        </section>
      )}
    </>
  );
}
