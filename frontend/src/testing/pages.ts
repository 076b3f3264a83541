import type { ComponentType } from 'react';

import { pageLoaders, pagesFrom, type Pages } from '@/app/router';

/**
 * The app's pages with their modules already loaded. Tests that render `AppRoutes` pass these, so a page
 * renders at once instead of suspending on its lazy chunk: no wait of a test depends on how long a module
 * takes to compile. Call it at the top level of a test file (`const pages = await loadPages();`), where
 * loading is part of collecting the file and no test or hook timeout runs.
 */
export async function loadPages(): Promise<Pages> {
  const loaded = new Map<() => Promise<{ default: ComponentType }>, ComponentType>();
  await Promise.all(
    Object.values(pageLoaders).map(async (load) => {
      loaded.set(load, (await load()).default);
    }),
  );
  return pagesFrom((load) => {
    const page = loaded.get(load);
    if (!page) throw new Error('every page module is loaded above');
    return page;
  });
}
