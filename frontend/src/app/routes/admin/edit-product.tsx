import { Link, useParams } from 'react-router';

import { LoadingBar } from '@/components/ui/loading-bar';
import { adminAreaPaths } from '@/config/admin-area-paths';
import { useAdminCategories } from '@/features/catalogue-admin/api/categories';
import { useAdminProduct, useChangeProductMutation } from '@/features/catalogue-admin/api/products';
import { ProductForm } from '@/features/catalogue-admin/components/product-form';
import { catalogueMessages } from '@/features/catalogue-admin/lib/messages';

/** /admin/edit-product/:id: the product form filled in, with its media to remove, reorder or add to. */
export default function EditProductRoute() {
  const { id = '' } = useParams();
  const product = useAdminProduct(id);
  const categories = useAdminCategories();
  const change = useChangeProductMutation();

  return (
    <section className="page admin-page" aria-labelledby="page-title">
      <title>Edit Product</title>
      <h1 id="page-title">Edit Product</h1>
      <p className="admin-page__intro">
        <Link to={adminAreaPaths.manage.getHref()}>Back to Manage Products</Link>
      </p>
      {product.isPending || categories.isPending ? (
        <LoadingBar label="Loading product" />
      ) : product.isError ? (
        <p className="admin-message admin-message--error" role="alert">
          {catalogueMessages.productLoadFailed}
        </p>
      ) : (
        <ProductForm
          // A fresh form for each product.
          key={product.data._id}
          categories={categories.data ?? []}
          product={product.data}
          submitLabel="Update Product"
          successMessage={catalogueMessages.productUpdated}
          onSave={(body, onProgress) => change.mutateAsync({ id, body, onProgress })}
        />
      )}
    </section>
  );
}
