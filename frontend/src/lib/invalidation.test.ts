import type { QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';

import {
  adminCheckQueryKey,
  adminOrdersInfiniteQueryKey,
  adminReviewsInfiniteQueryKey,
  approvedReviewsQueryKey,
  categoryViewsQueryKey,
  customerOrdersInfiniteQueryKey,
  getCategoryWithProductsQueryKey,
  getCodSettingsQueryKey,
  getDeliveryChargeQueryKey,
  getProductQueryKey,
  listBlocklistQueryKey,
  listCategoriesQueryKey,
  listCouponsQueryKey,
  listFeaturedProductsQueryKey,
  listProductsInfiniteQueryKey,
  listProductsQueryKey,
  productsByCategoryQueryKey,
  reviewedItemsQueryKey,
  searchProductsQueryKey,
} from '@/api/generated/@tanstack/react-query.gen';
import { createTestQueryClient } from '@/testing/render';

import { invalidateAfter, type Change } from './invalidation';

/** Queries as the pages cache them, with their parameters, plain and infinite. */
const cached: Record<string, QueryKey> = {
  'products page': listProductsQueryKey({ query: { limit: 100, offset: 100 } }),
  'home pages': listProductsInfiniteQueryKey({ query: { limit: 24 } }),
  featured: listFeaturedProductsQueryKey(),
  'product 21': getProductQueryKey({ path: { id: '21' } }),
  search: searchProductsQueryKey({ query: { q: 'case' } }),
  'products of c2': productsByCategoryQueryKey({ path: { id: 'c2' } }),
  'category page c2': getCategoryWithProductsQueryKey({ path: { id: 'c2' } }),
  categories: listCategoriesQueryKey(),
  'category views': categoryViewsQueryKey(),
  'pending reviews': adminReviewsInfiniteQueryKey({ query: { limit: 50, status: 'pending' } }),
  'reviews of 21': approvedReviewsQueryKey({ path: { productId: '21' } }),
  'reviewed items': reviewedItemsQueryKey(),
  'admin orders': adminOrdersInfiniteQueryKey({ query: { limit: 20, q: 'Ayesha', sort: 'risk' } }),
  'my orders': customerOrdersInfiniteQueryKey({ path: { uid: 'u1' } }),
  coupons: listCouponsQueryKey({ query: { limit: 100 } }),
  blocklist: listBlocklistQueryKey(),
  'cod settings': getCodSettingsQueryKey(),
  'delivery charge': getDeliveryChargeQueryKey(),
  'admin check': adminCheckQueryKey(),
};

/** The names of the cached queries that `change` marks stale. */
function staleAfter(change: Change): string[] {
  const queryClient = createTestQueryClient();
  for (const key of Object.values(cached)) queryClient.setQueryData(key, {});
  invalidateAfter(queryClient, change);
  return Object.entries(cached)
    .filter(([, key]) => queryClient.getQueryState(key)?.isInvalidated)
    .map(([name]) => name);
}

const productViews = ['products page', 'home pages', 'featured', 'product 21', 'search', 'products of c2', 'category page c2'];

describe('what a change makes stale', () => {
  it('a product: every product list, page and category page, whatever their parameters', () => {
    expect(staleAfter('product')).toEqual(productViews);
  });

  it('a category: the category lists, the view counts and the category pages', () => {
    expect(staleAfter('category')).toEqual(['category page c2', 'categories', 'category views']);
  });

  it("a review: the admin's list, the product's reviews and everything that shows a product's rating", () => {
    expect(staleAfter('review')).toEqual([...productViews, 'pending reviews', 'reviews of 21']);
  });

  it("an order: every loaded list of the admin's orders, not the shopper's", () => {
    expect(staleAfter('order')).toEqual(['admin orders']);
  });
});

describe('invalidation goes through the generated key functions', () => {
  // The generator's internal key shape, `[{ _id: 'listProducts' }]`, or an `_id` taken out of a generated key.
  const internalShape = [/\[\{\s*_id:\s*[^,}]+\}\]/, /QueryKey\([^)]*\)\[0\]\._id/];
  const sources = import.meta.glob<string>(['/src/**/*.{ts,tsx}', '!/src/api/generated/**', '!/src/**/*.test.{ts,tsx}'], {
    query: '?raw',
    import: 'default',
    eager: true,
  });

  it('no source file spells the key shape itself', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(100);
    const spelled = Object.entries(sources)
      .filter(([, text]) => internalShape.some((shape) => shape.test(text)))
      .map(([file]) => file);

    expect(spelled).toEqual([]);
  });
});
