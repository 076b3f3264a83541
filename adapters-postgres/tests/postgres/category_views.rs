//! The stored view counts of categories.

use adapters_postgres::test_support::TestDb;
use adapters_postgres::PgCatalogRepository;
use application::catalog::model::NewCategory;
use application::catalog::ports::{CatalogWriter, CategoryViewStore};
use domain::category::CategoryName;
use domain::ids::CategoryId;

#[tokio::test]
async fn a_categorys_views_are_read_as_written_and_an_unknown_one_has_none() {
    let db = TestDb::new();
    let repo = PgCatalogRepository::new(db.pool());
    let cases = repo
        .create_category(NewCategory { name: CategoryName::parse("Cases").unwrap(), name_ur: None, parent: None })
        .await
        .unwrap();
    assert_eq!(repo.increment_views(cases).await.unwrap(), Some(1));
    repo.add_views(vec![(cases, 4)]).await.unwrap();

    assert_eq!(repo.views(cases).await.unwrap(), Some(5));
    assert_eq!(repo.views(CategoryId::new(999_999).unwrap()).await.unwrap(), None);
}
