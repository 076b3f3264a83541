/** What a paged product grid says when its next page could not be loaded. */
export const MORE_PRODUCTS_FAILED = 'Could not load more products. Please try again.';

/** Announced to screen readers as a product grid grows. */
export function shownProducts(count: number): string {
  return `Showing ${count} products`;
}
