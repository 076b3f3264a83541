import { LoadingBar } from '@/components/ui/loading-bar';
import { useAdminCategories } from '@/features/catalogue-admin/api/categories';
import { CategoryForm } from '@/features/catalogue-admin/components/category-form';
import { CategoryTree } from '@/features/catalogue-admin/components/category-tree';
import { catalogueMessages } from '@/features/catalogue-admin/lib/messages';

/** /admin/add-category: the add form, and below it every category with rename and delete. */
export default function AddCategoryRoute() {
  const categories = useAdminCategories();
  const list = categories.data ?? [];

  return (
    <section className="page admin-page" aria-labelledby="page-title">
      <title>Add Category</title>
      <h1 id="page-title">Add Category</h1>
      {categories.isError && (
        <p className="admin-message admin-message--error" role="alert">
          {catalogueMessages.categoriesLoadFailed}
        </p>
      )}
      <CategoryForm categories={list} />
      <section className="admin-section" aria-labelledby="category-tree-title">
        <h2 id="category-tree-title">Categories</h2>
        {categories.isPending ? <LoadingBar label="Loading categories" /> : <CategoryTree categories={list} />}
      </section>
    </section>
  );
}
