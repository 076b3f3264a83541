import { useState, type SubmitEvent } from 'react';
import { Link } from 'react-router';

import { LoadingBar } from '@/components/ui/loading-bar';
import { adminAreaPaths } from '@/config/admin-area-paths';
import { useAdminCategories } from '@/features/catalogue-admin/api/categories';
import { ADMIN_PAGE_SIZE, anyProduct, useAdminProducts, type ProductSearch } from '@/features/catalogue-admin/api/products';
import { ProductManager } from '@/features/catalogue-admin/components/product-manager';
import { catalogueMessages, productCount, stockChoices } from '@/features/catalogue-admin/lib/messages';

/**
 * /admin/manage: the products the owner searches for (by name, category and stock: the server searches and
 * pages, so it serves 10,000 products), a page at a time, with edit, delete and featured (decisions/0041).
 */
export default function ManageProductsRoute() {
  const [search, setSearch] = useState<ProductSearch>(anyProduct);
  const [typed, setTyped] = useState('');
  const [offset, setOffset] = useState(0);
  const products = useAdminProducts(search, offset);
  const categories = useAdminCategories();
  const list = products.data?.products ?? [];
  const total = products.data?.total ?? 0;

  function apply(next: Partial<ProductSearch>) {
    setSearch((current) => ({ ...current, ...next }));
    setOffset(0);
  }

  function handleSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    apply({ q: typed });
  }

  return (
    <section className="page admin-page admin-page--wide" aria-labelledby="page-title">
      <title>Manage Products</title>
      <h1 id="page-title">Manage Products</h1>
      <p className="admin-page__intro">
        <Link to={adminAreaPaths.uploadProduct.getHref()}>Add a product</Link>
      </p>
      <form role="search" aria-label="Find products" className="admin-product-search" onSubmit={handleSubmit}>
        <div className="form-field admin-product-search__name">
          <label htmlFor="product-search-q">Product name</label>
          <input
            id="product-search-q"
            type="search"
            name="q"
            value={typed}
            enterKeyHint="search"
            onChange={(event) => {
              setTyped(event.target.value);
            }}
          />
        </div>
        <button type="submit" className="button button--secondary">
          Search
        </button>
        <div className="form-field">
          <label htmlFor="product-search-category">Category</label>
          <select
            id="product-search-category"
            value={search.category}
            onChange={(event) => {
              apply({ category: event.target.value });
            }}
          >
            <option value="">All categories</option>
            {(categories.data ?? []).map((category) => (
              <option key={category._id} value={category._id}>
                {category.fullPath}
              </option>
            ))}
          </select>
        </div>
        <div className="form-field">
          <label htmlFor="product-search-stock">Stock</label>
          <select
            id="product-search-stock"
            value={search.stock}
            onChange={(event) => {
              apply({ stock: event.target.value as ProductSearch['stock'] });
            }}
          >
            {stockChoices.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
      </form>
      <p className="status-text" role="status" aria-live="polite">
        {products.isSuccess ? productCount(total, offset, list.length) : ''}
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
      {total > ADMIN_PAGE_SIZE && (
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
            disabled={offset + ADMIN_PAGE_SIZE >= total}
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
