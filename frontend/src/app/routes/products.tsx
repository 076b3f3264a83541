import { productsTitle, productsTitleUr } from '@/api/rules/pages.gen';
import { Link } from 'react-router';

import { LoadMore } from '@/components/ui/load-more';
import { paths } from '@/config/paths';
import { productsOfPages, useProductPages } from '@/features/products/api/get-product-pages';
import { ProductGrid } from '@/features/products/components/product-grid';
import type { Product } from '@/features/products/types';
import allProductsTexts from '@/i18n/en/all-products.json';
import productTexts from '@/i18n/en/products.json';
import { useLanguage, useMessages } from '@/lib/i18n';

function ViewDetails({ product, describedBy }: { product: Product; describedBy: string }) {
  const t = useMessages(allProductsTexts, 'all-products');
  return (
    <Link to={paths.product.getHref(product._id)} className="button button--secondary product-card__details" aria-describedby={describedBy}>
      {t.viewDetails()}
    </Link>
  );
}

function viewDetails(product: Product, describedBy: string) {
  return <ViewDetails product={product} describedBy={describedBy} />;
}

/**
 * /products: every product, a page at a time; 'Load more' fetches the next page when the shopper asks. A
 * failed first page ends loading with the empty text (docs/spec.md §8).
 */
export default function ProductsRoute() {
  const pages = useProductPages();
  const products = productsOfPages(pages.data);
  const t = useMessages(allProductsTexts, 'all-products');
  const cards = useMessages(productTexts, 'products');

  return (
    <section className="page" aria-labelledby="page-title">
      <title>{useLanguage() === 'ur' ? productsTitleUr : productsTitle}</title>
      <h1 id="page-title" className="page-title">
        {t.title()}
      </h1>
      {pages.isPending ? (
        <p className="status-text" role="status">
          {t.loading()}
        </p>
      ) : products.length === 0 ? (
        <p className="status-text">{t.empty()}</p>
      ) : (
        <>
          <ProductGrid products={products} renderActions={viewDetails} headingLevel="h2" />
          <LoadMore pages={pages} label={t.loadMore()} failed={cards.moreFailed()} shown={cards.shown({ count: products.length })} />
        </>
      )}
    </section>
  );
}
