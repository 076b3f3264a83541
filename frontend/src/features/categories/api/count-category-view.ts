import { useEffect } from 'react';

import { incrementCategoryViews } from '@/api/generated';

import { countCategoryView } from '../lib/view-count';

function browserStorage(): Storage | null {
  try {
    return globalThis.localStorage;
  } catch {
    return null;
  }
}

/** PUT /api/categories/increment-view/{id}; rejects unless the server counted it. */
export async function sendCategoryView(categoryId: string): Promise<void> {
  await incrementCategoryViews({ path: { id: categoryId }, throwOnError: true });
}

/**
 * Once the category page has loaded, counts the view once per category per browser: the flag
 * `category_viewed_{id}` is set only after the call succeeds (docs/spec.md §4). The answer is not read.
 */
export function useCountCategoryView(categoryId: string, loaded: boolean): void {
  useEffect(() => {
    if (!loaded) return;
    void countCategoryView(categoryId, { storage: browserStorage(), send: sendCategoryView });
  }, [categoryId, loaded]);
}
