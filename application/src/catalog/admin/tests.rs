//! The catalogue's administration against mocks of its ports: forms checked and settled, files stored and
//! removed, changes announced.

use super::*;
use std::sync::atomic::{AtomicUsize, Ordering};

use crate::catalog::model::CategoryRef;
use crate::catalog::ports::{MockCatalogChanges, MockCatalogRepository, MockCatalogWriter};
use crate::media::ports::MockMediaStore;

fn id(n: i64) -> CategoryId {
    CategoryId::new(n).unwrap()
}

fn unannounced() -> Arc<MockCatalogChanges> {
    let mut changes = MockCatalogChanges::new();
    changes.expect_changed().never();
    Arc::new(changes)
}

fn admin(catalog: MockCatalogRepository, writer: MockCatalogWriter) -> CatalogAdmin {
    CatalogAdmin::new(Arc::new(catalog), Arc::new(writer), Arc::new(MockMediaStore::new()), unannounced())
}

/// Counts the announced changes.
#[derive(Default)]
struct Announced(AtomicUsize);

impl CatalogChanges for Announced {
    fn changed(&self) {
        self.0.fetch_add(1, Ordering::SeqCst);
    }
}

impl Announced {
    fn count(&self) -> usize {
        self.0.load(Ordering::SeqCst)
    }
}

/// A stored product, as the repository answers it, with `media`.
fn stored_product(product: ProductId, media: Vec<Media>) -> Product {
    Product {
        id: product,
        name: "Clear case".into(),
        name_ur: None,
        category: CategoryRef { id: id(1), name: "Cases".into(), name_ur: None },
        price: PriceTag::list(Rupees::from_whole(1000)),
        description: "Clear".into(),
        description_ur: None,
        color: None,
        quantity: 5,
        featured: false,
        free_delivery: false,
        media,
        ratings: domain::review::RatingSpread::default(),
    }
}

fn form() -> ProductForm {
    ProductForm {
        name: " Clear case ".into(),
        category: Some(id(1)),
        price: Some(Rupees::from_whole(1000)),
        description: "Clear".into(),
        color: Some(" ".into()),
        quantity: Some(5),
        ..ProductForm::default()
    }
}

#[test]
fn a_sale_price_recomputes_the_discount() {
    let product = ProductForm { sale_price: Some(Rupees::from_whole(750)), discount_percent: Some(5), ..form() }
        .validated(vec![])
        .unwrap();

    assert_eq!(
        product.price,
        PriceTag::from_fields(Rupees::from_whole(1000), Some(Rupees::from_whole(750)), 25).unwrap()
    );
    assert_eq!(product.name, "Clear case");
    assert_eq!(product.color, None);
}

#[test]
fn a_discount_recomputes_the_sale_price_in_whole_rupees() {
    let form = ProductForm { price: Some(Rupees::from_whole(999)), discount_percent: Some(15), ..form() };

    let product = form.validated(vec![]).unwrap();

    assert_eq!(
        product.price,
        PriceTag::from_fields(Rupees::from_whole(999), Some(Rupees::from_whole(849)), 15).unwrap()
    );
}

#[test]
fn a_sale_price_above_the_price_and_a_discount_of_95_are_refused() {
    let above = ProductForm { sale_price: Some(Rupees::from_whole(1200)), ..form() }.validated(vec![]).unwrap_err();
    let too_much = ProductForm { discount_percent: Some(95), ..form() }.validated(vec![]).unwrap_err();
    let negative = ProductForm { price: Some(Rupees::from_whole(-1)), ..form() }.validated(vec![]).unwrap_err();

    assert_eq!(above.to_string(), "Sale price must be below the price.");
    assert_eq!(too_much.to_string(), "Discount must be between 0 and 90 per cent.");
    assert_eq!(negative.to_string(), "Price must be above 0.");
}

#[test]
fn a_control_character_in_a_text_is_refused() {
    let name = ProductForm { name: "Clear\0case".into(), ..form() }.validated(vec![]).unwrap_err();
    let description = ProductForm { description: "\u{7}".into(), ..form() }.validated(vec![]).unwrap_err();
    let color = ProductForm { color: Some("Black\r\nRed".into()), ..form() }.validated(vec![]).unwrap_err();
    let lines = ProductForm { description: "Slim\r\n\tGrip".into(), ..form() }.validated(vec![]).unwrap();

    assert!(matches!(name, ProductAdminError::Text(ProductTextError::Name(_))));
    assert!(matches!(description, ProductAdminError::Text(ProductTextError::Description(_))));
    assert!(matches!(color, ProductAdminError::Text(ProductTextError::Color(_))), "{color:?}");
    assert_eq!(lines.description, "Slim\n\tGrip");
}

#[test]
fn every_missing_required_field_is_named_at_once() {
    let blank = ProductForm { name: "  ".into(), price: None, quantity: None, ..form() };

    let err = blank.validated(vec![]).unwrap_err();

    assert_eq!(err.to_string(), "Name, category, price, quantity and description are required.");
    assert!(matches!(
        err,
        ProductAdminError::Missing(ref fields)
            if fields == &[MissingField::Name, MissingField::Price, MissingField::Quantity]
    ));
}

#[tokio::test]
async fn an_unknown_product_is_not_found_whatever_its_form_lacks() {
    let mut catalog = MockCatalogRepository::new();
    catalog.expect_product().returning(|_| Ok(None));

    let err = admin(catalog, MockCatalogWriter::new())
        .change_product(ProductId::new(9).unwrap(), ProductForm::default(), KeptMedia::All, vec![])
        .await
        .unwrap_err();

    assert!(matches!(err, ProductAdminError::ProductNotFound));
}

#[tokio::test]
async fn a_video_is_refused_when_adding_before_anything_is_stored() {
    let upload = CheckedUpload { kind: MediaKind::Video, upload: MediaUpload::bytes(vec![1], "video/mp4") };

    let err = admin(MockCatalogRepository::new(), MockCatalogWriter::new())
        .add_product(form(), vec![upload])
        .await
        .unwrap_err();

    assert_eq!(err.to_string(), "Only image files are allowed when adding a product.");
}

#[tokio::test]
async fn pictures_are_kept_re_encoded_and_narrowed_and_videos_as_uploaded() {
    let mut catalog = MockCatalogRepository::new();
    catalog.expect_product().returning(|product| Ok(Some(stored_product(product, vec![]))));
    let mut writer = MockCatalogWriter::new();
    writer
        .expect_update_product()
        .withf(|_, product| product.media.iter().map(|m| m.url.as_str()).eq(["/media/p.webp", "/media/v.mp4"]))
        .times(1)
        .returning(|_, _| Ok(vec![]));
    let mut media = MockMediaStore::new();
    media
        .expect_save_reencoded()
        .withf(|upload, max_width| upload.content_type == "image/jpeg" && *max_width == MAX_PRODUCT_PICTURE_WIDTH)
        .times(1)
        .returning(|_, _| {
            Ok(crate::media::ports::StoredMedia { url: "/media/p.webp".into(), width: Some(2048), variants: vec![] })
        });
    media.expect_save().withf(|upload| upload.content_type == "video/mp4").times(1).returning(|_| {
        Ok(crate::media::ports::StoredMedia { url: "/media/v.mp4".into(), width: None, variants: vec![] })
    });
    media.expect_remove().returning(|_| ());
    let admin = CatalogAdmin::new(Arc::new(catalog), Arc::new(writer), Arc::new(media), Arc::new(Announced::default()));
    let uploads = vec![
        CheckedUpload { kind: MediaKind::Image, upload: MediaUpload::bytes(vec![1], "image/jpeg") },
        CheckedUpload { kind: MediaKind::Video, upload: MediaUpload::bytes(vec![2], "video/mp4") },
    ];

    admin.change_product(ProductId::new(3).unwrap(), form(), KeptMedia::Only(vec![]), uploads).await.unwrap();
}

#[tokio::test]
async fn pictures_are_removed_again_when_the_category_is_unknown() {
    let mut writer = MockCatalogWriter::new();
    writer.expect_create_product().returning(|_| Err(RepositoryError::NotFound));
    let mut media = MockMediaStore::new();
    media.expect_save_reencoded().times(1).returning(|_, _| {
        Ok(crate::media::ports::StoredMedia { url: "/media/a.webp".into(), width: Some(800), variants: vec![] })
    });
    media.expect_remove().withf(|urls| urls == &["/media/a.webp".to_owned()]).times(1).returning(|_| ());
    let admin =
        CatalogAdmin::new(Arc::new(MockCatalogRepository::new()), Arc::new(writer), Arc::new(media), unannounced());
    let upload = CheckedUpload { kind: MediaKind::Image, upload: MediaUpload::bytes(vec![1], "image/png") };

    let err = admin.add_product(form(), vec![upload]).await.unwrap_err();

    assert_eq!(err.to_string(), "Category not found.");
}

#[tokio::test]
async fn a_refused_picture_refuses_the_product_and_removes_the_pictures_kept_before_it() {
    let mut media = MockMediaStore::new();
    let mut saved = 0;
    media.expect_save_reencoded().times(2).returning(move |_, _| {
        saved += 1;
        if saved == 1 {
            Ok(crate::media::ports::StoredMedia { url: "/media/a.png".into(), width: Some(800), variants: vec![] })
        } else {
            Err(MediaStoreError::Unusable(UnusablePicture::TooManyPixels { width: 11_000, height: 11_000 }))
        }
    });
    media.expect_remove().withf(|urls| urls == &["/media/a.png".to_owned()]).times(1).returning(|_| ());
    let mut writer = MockCatalogWriter::new();
    writer.expect_create_product().never();
    let admin =
        CatalogAdmin::new(Arc::new(MockCatalogRepository::new()), Arc::new(writer), Arc::new(media), unannounced());
    let upload = || CheckedUpload { kind: MediaKind::Image, upload: MediaUpload::bytes(vec![1], "image/png") };

    let err = admin.add_product(form(), vec![upload(), upload()]).await.unwrap_err();

    assert!(matches!(err, ProductAdminError::Picture(UnusablePicture::TooManyPixels { width: 11_000, .. })));
}

#[tokio::test]
async fn a_change_removes_only_the_files_the_repository_answers_as_unreferenced() {
    let picture = |url: &str| Media { url: url.into(), kind: MediaKind::Image, width: None, variants: vec![] };
    let mut catalog = MockCatalogRepository::new();
    catalog.expect_product().returning(move |product| {
        Ok(Some(stored_product(product, vec![picture("/media/shared.png"), picture("/media/own.png")])))
    });
    let mut writer = MockCatalogWriter::new();
    writer
        .expect_update_product()
        .withf(|_, product| product.media.is_empty())
        .times(1)
        .returning(|_, _| Ok(vec!["/media/own.png".to_owned()]));
    let mut media = MockMediaStore::new();
    media.expect_remove().withf(|urls| urls == &["/media/own.png".to_owned()]).times(1).returning(|_| ());
    let admin = CatalogAdmin::new(Arc::new(catalog), Arc::new(writer), Arc::new(media), Arc::new(Announced::default()));

    admin.change_product(ProductId::new(7).unwrap(), form(), KeptMedia::Only(vec![]), vec![]).await.unwrap();
}

#[tokio::test]
async fn a_blank_name_is_refused_before_anything_is_written() {
    let admin = admin(MockCatalogRepository::new(), MockCatalogWriter::new());

    let err = admin.add_category("   ", None, None).await.unwrap_err();

    assert_eq!(err.to_string(), "Category name is required.");
}

#[tokio::test]
async fn an_unknown_parent_is_refused_before_anything_is_written() {
    let mut writer = MockCatalogWriter::new();
    writer.expect_category_line().returning(|_| Ok(vec![]));
    let admin = admin(MockCatalogRepository::new(), writer);

    let err = admin.add_category("Samsung", None, Some(id(99))).await.unwrap_err();

    assert_eq!(err.to_string(), "Parent category not found.");
}

#[tokio::test]
async fn moving_a_category_under_its_own_child_is_a_cycle() {
    let mut writer = MockCatalogWriter::new();
    writer.expect_category_line().withf(|p| *p == id(7)).returning(|_| Ok(vec![id(7), id(3), id(1)]));
    writer.expect_update_category().never();
    let admin = admin(MockCatalogRepository::new(), writer);

    let err = admin
        .change_category(id(3), CategoryChange { name: "Cases".into(), name_ur: None, parent: Some(Some(id(7))) })
        .await
        .unwrap_err();

    assert!(matches!(err, CatalogAdminError::Cycle(_)));
}

#[tokio::test]
async fn a_category_in_use_cannot_be_deleted() {
    let mut writer = MockCatalogWriter::new();
    writer.expect_delete_category().returning(|_| Err(RepositoryError::Conflict(Conflict::CategoryInUse)));
    let admin = admin(MockCatalogRepository::new(), writer);

    let err = admin.delete_category(id(3)).await.unwrap_err();

    assert_eq!(err.to_string(), "This category still has products or sub-categories. Move or delete them first.");
}

#[tokio::test]
async fn every_stored_change_is_announced_once_after_it_is_stored() {
    let product_id = ProductId::new(5).unwrap();
    let mut catalog = MockCatalogRepository::new();
    catalog.expect_product().returning(|product| Ok(Some(stored_product(product, vec![]))));
    catalog.expect_category().returning(|category| {
        Ok(Some(Category {
            id: category,
            name: "Cases".into(),
            name_ur: None,
            parent: None,
            full_path: "Cases".into(),
            views: 0,
        }))
    });
    let changes = Arc::new(Announced::default());
    let mut writer = MockCatalogWriter::new();
    let seen = changes.clone();
    writer.expect_create_product().times(1).returning(move |_| {
        assert_eq!(seen.count(), 0, "announced before it was stored");
        Ok(product_id)
    });
    writer.expect_update_product().times(1).returning(|_, _| Ok(vec![]));
    writer.expect_delete_product().times(1).returning(|_| Ok(Some(vec![])));
    writer.expect_toggle_featured().times(1).returning(|_| Ok(Some(true)));
    writer.expect_create_category().times(1).returning(|_| Ok(id(4)));
    writer.expect_update_category().times(1).returning(|_, _, _, _| Ok(()));
    writer.expect_delete_category().times(1).returning(|_| Ok(()));
    let mut media = MockMediaStore::new();
    media.expect_remove().returning(|_| ());
    let admin = CatalogAdmin::new(Arc::new(catalog), Arc::new(writer), Arc::new(media), changes.clone());
    let mut counts = Vec::new();

    admin.add_product(form(), vec![]).await.unwrap();
    counts.push(changes.count());
    admin.change_product(product_id, form(), KeptMedia::All, vec![]).await.unwrap();
    counts.push(changes.count());
    admin.toggle_featured(product_id).await.unwrap();
    counts.push(changes.count());
    admin.delete_product(product_id).await.unwrap();
    counts.push(changes.count());
    admin.add_category("Cables", None, None).await.unwrap();
    counts.push(changes.count());
    admin.change_category(id(4), CategoryChange { name: "Cords".into(), name_ur: None, parent: None }).await.unwrap();
    counts.push(changes.count());
    admin.delete_category(id(4)).await.unwrap();
    counts.push(changes.count());

    assert_eq!(counts, [1, 2, 3, 4, 5, 6, 7]);
}

#[tokio::test]
async fn a_change_of_an_unknown_product_or_category_is_not_announced() {
    let mut writer = MockCatalogWriter::new();
    writer.expect_toggle_featured().returning(|_| Ok(None));
    writer.expect_delete_product().returning(|_| Ok(None));
    writer.expect_update_category().returning(|_, _, _, _| Err(RepositoryError::NotFound));
    writer.expect_delete_category().returning(|_| Err(RepositoryError::NotFound));
    let admin = admin(MockCatalogRepository::new(), writer);
    let product = ProductId::new(9).unwrap();

    let toggled = admin.toggle_featured(product).await.unwrap_err();
    let deleted = admin.delete_product(product).await.unwrap_err();
    let renamed =
        admin.change_category(id(9), CategoryChange { name: "Cords".into(), name_ur: None, parent: None }).await;
    let removed = admin.delete_category(id(9)).await;

    assert_eq!((toggled.to_string(), deleted.to_string()), ("Product not found.".into(), "Product not found.".into()));
    assert_eq!(renamed.unwrap_err().to_string(), "Category not found.");
    assert_eq!(removed.unwrap_err().to_string(), "Category not found.");
}
