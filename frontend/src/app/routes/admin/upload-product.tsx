import { LoadingBar } from '@/components/ui/loading-bar';
import { useAdminCategories } from '@/features/catalogue-admin/api/categories';
import { useUploadProductMutation } from '@/features/catalogue-admin/api/products';
import { ProductForm } from '@/features/catalogue-admin/components/product-form';
import { catalogueMessages } from '@/features/catalogue-admin/lib/messages';

/** /admin/upload-product: a new product with its pictures. */
export default function UploadProductRoute() {
  const categories = useAdminCategories();
  const upload = useUploadProductMutation();

  return (
    <section className="page admin-page" aria-labelledby="page-title">
      <title>Add Product</title>
      <h1 id="page-title">Add Product</h1>
      {categories.isError && (
        <p className="admin-message admin-message--error" role="alert">
          {catalogueMessages.categoriesLoadFailed}
        </p>
      )}
      {categories.isPending ? (
        <LoadingBar label="Loading categories" />
      ) : (
        <ProductForm
          categories={categories.data ?? []}
          submitLabel="Add Product"
          successMessage={catalogueMessages.productCreated}
          onSave={(body, onProgress) => upload.mutateAsync({ body, onProgress })}
        />
      )}
    </section>
  );
}
