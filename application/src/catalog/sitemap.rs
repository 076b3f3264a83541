//! The sitemap search engines read: the home page, every category and every product, in that order (ids
//! ascending), each with its last change. Up to the protocol's limit of URLs per file it is one list; past
//! it, an index of numbered parts of that many URLs each, every part with its newest change. Each page is
//! listed once per language ([`Language::ALL`]), so a file holds [`MAX_PAGES_PER_FILE`] pages.

use std::sync::Arc;

use chrono::{DateTime, Utc};
use domain::ids::{CategoryId, ProductId};
use domain::language::Language;

use crate::catalog::model::LastChanges;
use crate::catalog::ports::CatalogDates;
use crate::common::error::RepositoryError;

/// The most URLs one sitemap file may list (the sitemap protocol's limit).
pub const MAX_URLS_PER_FILE: usize = 50_000;

/// The most pages one sitemap file may list: each is listed in every language.
pub const MAX_PAGES_PER_FILE: usize = MAX_URLS_PER_FILE / Language::ALL.len();

/// A page the sitemap lists.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SitemapPage {
    Home,
    Category(CategoryId),
    Product(ProductId),
}

/// One URL of the sitemap.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SitemapEntry {
    pub page: SitemapPage,
    /// `None` for the home page, which shows many things and has no one change of its own.
    pub last_modified: Option<DateTime<Utc>>,
}

/// One part of a split sitemap, as the index lists it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SitemapPart {
    /// From 1.
    pub number: usize,
    /// The newest change among its URLs.
    pub last_modified: Option<DateTime<Utc>>,
}

/// What the sitemap's own address answers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SitemapFile {
    /// Every URL: they fit one file.
    Urls(Vec<SitemapEntry>),
    /// The parts the URLs are split into.
    Index(Vec<SitemapPart>),
}

/// Why a sitemap could not be answered.
#[derive(Debug, thiserror::Error)]
pub enum SitemapError {
    /// There is no part with this number (or the sitemap is not split at all).
    #[error("No such sitemap.")]
    NoSuchPart(usize),
    #[error("the catalogue could not be read")]
    Unexpected(#[source] RepositoryError),
}

/// Every URL of the sitemap, in order: home, categories, products.
#[must_use]
pub fn sitemap_entries(changes: LastChanges) -> Vec<SitemapEntry> {
    let home = SitemapEntry { page: SitemapPage::Home, last_modified: None };
    let categories = changes
        .categories
        .into_iter()
        .map(|(id, at)| SitemapEntry { page: SitemapPage::Category(id), last_modified: Some(at) });
    let products = changes
        .products
        .into_iter()
        .map(|(id, at)| SitemapEntry { page: SitemapPage::Product(id), last_modified: Some(at) });
    std::iter::once(home).chain(categories).chain(products).collect()
}

/// The sitemap's own file for `entries` with at most `limit` URLs per file: all of them, or an index.
#[must_use]
pub fn sitemap_file(entries: Vec<SitemapEntry>, limit: usize) -> SitemapFile {
    let limit = limit.max(1);
    if entries.len() <= limit {
        return SitemapFile::Urls(entries);
    }
    SitemapFile::Index(
        entries
            .chunks(limit)
            .enumerate()
            .map(|(i, part)| SitemapPart {
                number: i + 1,
                last_modified: part.iter().filter_map(|entry| entry.last_modified).max(),
            })
            .collect(),
    )
}

/// Part `number` (from 1) of `entries` split at `limit` URLs per file; `None` when there is no such part,
/// which includes every number while the entries fit one file.
#[must_use]
pub fn sitemap_part(mut entries: Vec<SitemapEntry>, number: usize, limit: usize) -> Option<Vec<SitemapEntry>> {
    let limit = limit.max(1);
    if entries.len() <= limit || number == 0 {
        return None;
    }
    let start = (number - 1).checked_mul(limit).filter(|start| *start < entries.len())?;
    entries.truncate(start.saturating_add(limit).min(entries.len()));
    Some(entries.split_off(start))
}

/// The sitemap use cases.
#[derive(Clone)]
pub struct Sitemap {
    dates: Arc<dyn CatalogDates>,
}

impl Sitemap {
    #[must_use]
    pub fn new(dates: Arc<dyn CatalogDates>) -> Self {
        Self { dates }
    }

    async fn entries(&self) -> Result<Vec<SitemapEntry>, SitemapError> {
        Ok(sitemap_entries(self.dates.last_changes().await.map_err(SitemapError::Unexpected)?))
    }

    /// The sitemap's own file: every page, or the index of its parts past [`MAX_PAGES_PER_FILE`].
    ///
    /// # Errors
    /// [`SitemapError::Unexpected`] when the store fails.
    pub async fn file(&self) -> Result<SitemapFile, SitemapError> {
        Ok(sitemap_file(self.entries().await?, MAX_PAGES_PER_FILE))
    }

    /// Part `number` (from 1) of a split sitemap.
    ///
    /// # Errors
    /// [`SitemapError::NoSuchPart`] when there is no such part or the sitemap is not split;
    /// [`SitemapError::Unexpected`] when the store fails.
    pub async fn part(&self, number: usize) -> Result<Vec<SitemapEntry>, SitemapError> {
        sitemap_part(self.entries().await?, number, MAX_PAGES_PER_FILE).ok_or(SitemapError::NoSuchPart(number))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::ports::MockCatalogDates;
    use chrono::TimeZone;

    fn at(minute: u32) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 11, 24, 10, minute, 0).unwrap()
    }

    fn changes(categories: &[(i64, u32)], products: &[(i64, u32)]) -> LastChanges {
        LastChanges {
            categories: categories.iter().map(|(id, m)| (CategoryId::new(*id).unwrap(), at(*m))).collect(),
            products: products.iter().map(|(id, m)| (ProductId::new(*id).unwrap(), at(*m))).collect(),
        }
    }

    fn product(id: i64, minute: u32) -> SitemapEntry {
        SitemapEntry { page: SitemapPage::Product(ProductId::new(id).unwrap()), last_modified: Some(at(minute)) }
    }

    fn category(id: i64, minute: u32) -> SitemapEntry {
        SitemapEntry { page: SitemapPage::Category(CategoryId::new(id).unwrap()), last_modified: Some(at(minute)) }
    }

    const HOME: SitemapEntry = SitemapEntry { page: SitemapPage::Home, last_modified: None };

    #[test]
    fn home_comes_first_then_categories_then_products_in_the_order_given() {
        let entries = sitemap_entries(changes(&[(2, 5), (7, 1)], &[(3, 9), (4, 2)]));

        assert_eq!(entries, vec![HOME, category(2, 5), category(7, 1), product(3, 9), product(4, 2)]);
    }

    #[test]
    fn an_empty_catalogue_still_lists_the_home_page() {
        assert_eq!(sitemap_file(sitemap_entries(LastChanges::default()), 3), SitemapFile::Urls(vec![HOME]));
    }

    #[test]
    fn up_to_the_limit_is_one_file_and_no_part_exists() {
        let entries = sitemap_entries(changes(&[(1, 0)], &[(1, 4)]));

        assert_eq!(sitemap_file(entries.clone(), 3), SitemapFile::Urls(entries.clone()));
        assert_eq!(sitemap_part(entries.clone(), 1, 3), None);
        assert_eq!(sitemap_part(entries, 0, 3), None);
    }

    #[test]
    fn one_past_the_limit_is_an_index_of_two_parts_each_with_its_newest_change() {
        let entries = sitemap_entries(changes(&[(1, 30)], &[(1, 10), (2, 50), (3, 20)]));

        let file = sitemap_file(entries, 4);

        assert_eq!(
            file,
            SitemapFile::Index(vec![
                SitemapPart { number: 1, last_modified: Some(at(50)) },
                SitemapPart { number: 2, last_modified: Some(at(20)) },
            ])
        );
    }

    #[test]
    fn the_parts_hold_the_limit_each_in_order_and_together_every_url_once() {
        let entries = sitemap_entries(changes(&[(1, 1), (2, 2)], &[(1, 3), (2, 4), (3, 5), (4, 6), (5, 7)]));
        assert_eq!(entries.len(), 8);

        let parts: Vec<_> = (1..=3).map(|n| sitemap_part(entries.clone(), n, 3).unwrap()).collect();

        assert_eq!(parts[0], vec![HOME, category(1, 1), category(2, 2)]);
        assert_eq!(parts[1], vec![product(1, 3), product(2, 4), product(3, 5)]);
        assert_eq!(parts[2], vec![product(4, 6), product(5, 7)]);
        assert_eq!(parts.concat(), entries);
        assert_eq!(sitemap_part(entries.clone(), 4, 3), None);
        assert_eq!(sitemap_part(entries.clone(), 0, 3), None);
        assert_eq!(sitemap_part(entries, usize::MAX, 3), None);
    }

    #[test]
    fn an_exact_multiple_of_the_limit_has_no_empty_last_part() {
        let entries = sitemap_entries(changes(&[], &[(1, 1), (2, 2), (3, 3), (4, 4), (5, 5)]));

        let SitemapFile::Index(parts) = sitemap_file(entries.clone(), 3) else { panic!("an index") };

        assert_eq!(parts.iter().map(|p| p.number).collect::<Vec<_>>(), vec![1, 2]);
        assert_eq!(sitemap_part(entries, 3, 3), None);
    }

    #[tokio::test]
    async fn the_real_limit_keeps_fifty_thousand_urls_in_one_file_and_splits_one_more() {
        let products = |n: i64| LastChanges {
            categories: vec![],
            products: (1..=n).map(|id| (ProductId::new(id).unwrap(), at(0))).collect(),
        };
        let mut dates = MockCatalogDates::new();
        // With home, 24,999 products are 25,000 pages (50,000 URLs in two languages); one more splits.
        let mut sizes = vec![24_999, 25_000].into_iter();
        dates.expect_last_changes().times(4).returning(move || Ok(products(sizes.next().unwrap_or(25_000))));
        let sitemap = Sitemap::new(Arc::new(dates));

        let fits = sitemap.file().await.unwrap();
        let split = sitemap.file().await.unwrap();
        let second = sitemap.part(2).await.unwrap();
        let third = sitemap.part(3).await.unwrap_err();

        assert_eq!(MAX_PAGES_PER_FILE, 25_000);
        assert!(matches!(fits, SitemapFile::Urls(urls) if urls.len() == MAX_PAGES_PER_FILE));
        assert!(matches!(split, SitemapFile::Index(parts) if parts.len() == 2));
        assert_eq!(second, vec![product(25_000, 0)]);
        assert!(matches!(third, SitemapError::NoSuchPart(3)));
        assert_eq!(third.to_string(), "No such sitemap.");
    }

    #[tokio::test]
    async fn a_storage_failure_is_unexpected() {
        let mut dates = MockCatalogDates::new();
        dates.expect_last_changes().times(1).returning(|| Err(RepositoryError::Unavailable("down".into())));

        let err = Sitemap::new(Arc::new(dates)).file().await.unwrap_err();

        assert!(matches!(err, SitemapError::Unexpected(RepositoryError::Unavailable(_))));
    }
}
