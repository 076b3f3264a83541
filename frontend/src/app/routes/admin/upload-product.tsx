import { LoadingBar } from '@/components/ui/loading-bar';
import { useAdminCategories } from '@/features/admin/api/categories';
import { useUploadProductMutation } from '@/features/admin/api/products';
import { ProductForm } from '@/features/admin/components/product-form';
import { adminMessages } from '@/features/admin/lib/messages';

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
          {adminMessages.categoriesLoadFailed}
        </p>
      )}
      {categories.isPending ? (
        <LoadingBar label="Loading categories" />
      ) : (
        <ProductForm
          categories={categories.data ?? []}
          submitLabel="Add Product"
          successMessage={adminMessages.productCreated}
          onSave={(body) => upload.mutateAsync(body)}
        />
      )}
    </section>
  );
}
