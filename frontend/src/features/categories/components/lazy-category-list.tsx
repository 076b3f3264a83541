import { lazy } from 'react';

/**
 * The category list's module. The lists show only once a menu opens, so the tree building and rendering load
 * then (or when the pointer or focus comes to the button) instead of with the home page.
 */
export const loadCategoryList = () => import('./category-list');

/** `CategoryList`, loaded on first render; put it under a `Suspense`. */
export const LazyCategoryList = lazy(loadCategoryList);
