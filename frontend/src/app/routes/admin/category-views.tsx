import { LoadingBar } from '@/components/ui/loading-bar';
import { CATEGORY_VIEWS_LOAD_FAILED, useCategoryViews } from '@/features/analytics/api/category-views';

/** /admin/category-views: how often each category page has been viewed (docs/spec.md §2). */
export default function CategoryViewsRoute() {
  const views = useCategoryViews();

  return (
    <section className="page admin-page admin-page--wide" aria-labelledby="page-title">
      <title>Category Views (Analytics)</title>
      <h1 id="page-title">Category Views (Analytics)</h1>
      {views.isPending ? (
        <LoadingBar label="Loading category views" />
      ) : views.isError ? (
        <p className="admin-message admin-message--error" role="alert">
          {CATEGORY_VIEWS_LOAD_FAILED}
        </p>
      ) : views.data.length === 0 ? (
        <p className="status-text">No categories yet.</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <caption className="visually-hidden">Views per category</caption>
            <thead>
              <tr>
                <th scope="col">Full path</th>
                <th scope="col">Name</th>
                <th scope="col" className="admin-table__number">
                  Views
                </th>
              </tr>
            </thead>
            <tbody>
              {views.data.map((category) => (
                <tr key={category._id}>
                  <td>{category.fullPath}</td>
                  <td>{category.name}</td>
                  <td className="admin-table__number">{category.views}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
