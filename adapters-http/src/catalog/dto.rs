//! The wire types of the public catalogue that only it answers: a category page and a view count (products
//! and categories are `crate::dto::catalog`'s).

use application::catalog::model::CategoryPage;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::dto::catalog::{CategoryResponse, ProductResponse};
use crate::infra::media::MediaAddresses;

/// A category page: the category, its own products and a section per child.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CategoryPageResponse {
    pub category: CategoryResponse,
    /// Products directly in this category.
    pub parent_products: Vec<ProductResponse>,
    /// One section per child category, by name.
    pub children: Vec<CategorySectionResponse>,
}

/// A child category's section.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct CategorySectionResponse {
    #[serde(rename = "_id")]
    pub id: String,
    pub name: String,
    /// The owner's Urdu name; null when none was given.
    #[serde(rename = "nameUr")]
    pub name_ur: Option<String>,
    pub products: Vec<ProductResponse>,
}

impl CategoryPageResponse {
    pub fn new(page: CategoryPage, media: &MediaAddresses) -> Self {
        let products = |list: Vec<application::catalog::model::Product>| {
            list.into_iter().map(|product| ProductResponse::new(product, media)).collect()
        };
        Self {
            category: page.category.into(),
            parent_products: products(page.products),
            children: page
                .children
                .into_iter()
                .map(|(child, list)| CategorySectionResponse {
                    id: child.id.to_string(),
                    name: child.name,
                    name_ur: child.name_ur,
                    products: products(list),
                })
                .collect(),
        }
    }
}

/// A category's view count.
#[derive(Debug, Serialize, ToSchema)]
pub struct ViewsResponse {
    pub views: i32,
}
