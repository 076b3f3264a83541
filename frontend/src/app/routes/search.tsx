import { useSearchParams } from 'react-router';
import * as z from 'zod/mini';

import { Spinner } from '@/components/ui/spinner';
import { ProductGrid } from '@/features/products/components/product-grid';
import { useSearchProducts } from '@/features/search/api/search-products';

import { cartActions } from './shared/cart-actions';

const searchTermSchema = z.catch(z.string().check(z.trim()), '');

/** /search?q=...: the heading, then a spinner, the error, 'No products found.' or the results, best first. */
export default function SearchRoute() {
  const [searchParams] = useSearchParams();
  const q = searchTermSchema.parse(searchParams.get('q'));
  const search = useSearchProducts(q);
  const title = `Search Results for "${q}"`;

  return (
    <section className="page" aria-labelledby="page-title">
      <title>{title}</title>
      <h1 id="page-title" className="page-title">
        {title}
      </h1>
      {search.isPending ? (
        <Spinner label="Searching..." />
      ) : search.isError ? (
        <p className="status-text" role="alert">
          Something went wrong while searching.
        </p>
      ) : search.products.length === 0 ? (
        <p className="status-text">No products found.</p>
      ) : (
        <ProductGrid products={search.products} renderActions={cartActions} headingLevel="h2" />
      )}
    </section>
  );
}
