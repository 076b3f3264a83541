import { useId } from 'react';
import { useSearchParams } from 'react-router';

import { LoadingBar } from '@/components/ui/loading-bar';
import { useAdminCategories } from '@/features/catalogue-admin/api/categories';
import { useProductsByCategory } from '@/features/catalogue-admin/api/products';
import { ProductManager } from '@/features/catalogue-admin/components/product-manager';
import { catalogueMessages } from '@/features/catalogue-admin/lib/messages';

/** /admin/products-by-category?category={id}: pick a category, see and manage its products. */
export default function ProductsByCategoryRoute() {
  const [params, setParams] = useSearchParams();
  const categoryId = params.get('category') ?? '';
  const categories = useAdminCategories();
  const products = useProductsByCategory(categoryId);
  const selectId = useId();

  return (
    <section className="page admin-page admin-page--wide" aria-labelledby="page-title">
      <title>Products by Category</title>
      <h1 id="page-title">Products by Category</h1>
      {categories.isError && (
        <p className="admin-message admin-message--error" role="alert">
          {catalogueMessages.categoriesLoadFailed}
        </p>
      )}
      <div className="form-field admin-page__picker">
        <label htmlFor={selectId}>Category</label>
        <select
          id={selectId}
          value={categoryId}
          onChange={(event) => {
            setParams(event.target.value === '' ? {} : { category: event.target.value }, { replace: true });
          }}
        >
          <option value="">Choose a category</option>
          {(categories.data ?? []).map((category) => (
            <option key={category._id} value={category._id}>
              {category.fullPath}
            </option>
          ))}
        </select>
      </div>
      {categoryId !== '' &&
        (products.isPending ? (
          <LoadingBar label="Loading products" />
        ) : products.isError ? (
          <p className="admin-message admin-message--error" role="alert">
            {catalogueMessages.productsLoadFailed}
          </p>
        ) : (
          <ProductManager products={products.data} />
        ))}
    </section>
  );
}
