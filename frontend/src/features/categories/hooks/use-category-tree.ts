import { useMemo } from 'react';

import { useCategories } from '../api/get-categories';
import { buildCategoryTree } from '../utils/build-category-tree';

/** Categories from the API as a nested tree; a failed fetch leaves the tree empty (docs/spec.md §8). */
export function useCategoryTree() {
  const { data } = useCategories();
  return useMemo(() => buildCategoryTree(Array.isArray(data) ? data : []), [data]);
}
