import { productsTitle } from '@/api/rules/pages.gen';
import { Link } from 'react-router';

import { LoadMore } from '@/components/ui/load-more';
import { paths } from '@/config/paths';
import { productsOfPages, useProductPages } from '@/features/products/api/get-product-pages';
import { ProductGrid } from '@/features/products/components/product-grid';
import { MORE_PRODUCTS_FAILED, shownProducts } from '@/features/products/lib/messages';
import type { Product } from '@/features/products/types';

function viewDetails(product: Product, describedBy: string) {
  return (
    <Link to={paths.product.getHref(product._id)} className="button button--secondary product-card__details" aria-describedby={describedBy}>
      View Details
    </Link>
  );
}

/**
 * /products: every product, a page at a time; 'Load more' fetches the next page when the shopper asks. A
 * failed first page ends loading with the empty text (docs/spec.md §8).
 */
export default function ProductsRoute() {
  const pages = useProductPages();
  const products = productsOfPages(pages.data);

  return (
    <section className="page" aria-labelledby="page-title">
      <title>{productsTitle}</title>
      <h1 id="page-title" className="page-title">
        All Products
      </h1>
      {pages.isPending ? (
        <p className="status-text" role="status">
          Loading products...
        </p>
      ) : products.length === 0 ? (
        <p className="status-text">No products available.</p>
      ) : (
        <>
          <ProductGrid products={products} renderActions={viewDetails} headingLevel="h2" />
          <LoadMore pages={pages} label="Load more" failed={MORE_PRODUCTS_FAILED} shown={shownProducts(products.length)} />
        </>
      )}
    </section>
  );
}
