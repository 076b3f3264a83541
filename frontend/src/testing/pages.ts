import { createElement, type ComponentType } from 'react';

import { loadLogoutButton } from '@/app/layout/lazy-logout-button';
import { loadMobileMenu } from '@/app/layout/navbar';
import { pagesOf, type PageLoader } from '@/app/page-loading';
import { pageLoaders, type Pages } from '@/app/router';
import AdminRoutes, { adminPageLoaders } from '@/app/routes/admin/admin-routes';
import { loadCategoryList } from '@/features/categories/components/lazy-category-list';

/** A component for every loader of `loaders`, its module loaded first. */
async function loadAll<K extends string>(loaders: Record<K, PageLoader>): Promise<Record<K, ComponentType>> {
  const loaded = new Map<PageLoader, ComponentType>();
  await Promise.all(
    Object.values<PageLoader>(loaders).map(async (load) => {
      loaded.set(load, (await load()).default);
    }),
  );
  return pagesOf(loaders, (load) => {
    const page = loaded.get(load);
    if (!page) throw new Error('every page module is loaded above');
    return page;
  });
}

/**
 * The app's pages with their modules already loaded, the management area's too, and the navigation bar's
 * lazy parts (category list, logout button, small-screen menu). Tests that render `AppRoutes` pass these, so a page renders at once instead of
 * suspending on its lazy chunk: no wait of a test depends on how long a module takes to compile. Call it at
 * the top level of a test file (`const pages = await loadPages();`), where loading is part of collecting the
 * file and no test or hook timeout runs.
 */
export async function loadPages(): Promise<Pages> {
  const [pages, adminPages] = await Promise.all([
    loadAll(pageLoaders),
    loadAll(adminPageLoaders),
    loadCategoryList(),
    loadLogoutButton(),
    loadMobileMenu(),
  ]);
  return { ...pages, admin: () => createElement(AdminRoutes, { pages: adminPages }) };
}
