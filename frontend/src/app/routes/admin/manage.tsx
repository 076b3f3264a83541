import { useState } from 'react';
import { Link } from 'react-router';

import { LoadingBar } from '@/components/ui/loading-bar';
import { paths } from '@/config/paths';
import { ADMIN_PAGE_SIZE, useAdminProducts } from '@/features/catalogue-admin/api/products';
import { ProductManager } from '@/features/catalogue-admin/components/product-manager';
import { catalogueMessages } from '@/features/catalogue-admin/lib/messages';

/** /admin/manage: every product, a page at a time, with edit, delete and featured. */
export default function ManageProductsRoute() {
  const [offset, setOffset] = useState(0);
  const products = useAdminProducts(offset);
  const list = products.data ?? [];

  return (
    <section className="page admin-page admin-page--wide" aria-labelledby="page-title">
      <title>Manage Products</title>
      <h1 id="page-title">Manage Products</h1>
      <p className="admin-page__intro">
        <Link to={paths.admin.uploadProduct.getHref()}>Add a product</Link>
      </p>
      {products.isPending ? (
        <LoadingBar label="Loading products" />
      ) : products.isError ? (
        <p className="admin-message admin-message--error" role="alert">
          {catalogueMessages.productsLoadFailed}
        </p>
      ) : (
        <ProductManager products={list} />
      )}
      {(offset > 0 || list.length === ADMIN_PAGE_SIZE) && (
        <nav className="admin-row__actions admin-pager" aria-label="Pages">
          <button
            type="button"
            className="button button--secondary"
            disabled={offset === 0}
            onClick={() => {
              setOffset(Math.max(0, offset - ADMIN_PAGE_SIZE));
            }}
          >
            Previous
          </button>
          <button
            type="button"
            className="button button--secondary"
            disabled={list.length < ADMIN_PAGE_SIZE}
            onClick={() => {
              setOffset(offset + ADMIN_PAGE_SIZE);
            }}
          >
            Next
          </button>
        </nav>
      )}
    </section>
  );
}
