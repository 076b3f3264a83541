import { describe, expect, it } from 'vitest';

import { PAGE_PATHS } from '@/api/rules/pages.gen';

import { adminAreaPaths } from './admin-area-paths';
import { paths } from './paths';

/** Every router pattern of `paths` and `adminAreaPaths`, the management area's nested ones under `/admin/`. */
function routerPatterns(): string[] {
  const { admin, ...storefront } = paths;
  const nested = [...Object.values(admin), ...Object.values(adminAreaPaths)].map(({ path }) => (path.startsWith('/') ? path : `/admin/${path}`));
  return [...Object.values(storefront).map(({ path }) => path), ...nested];
}

describe('paths', () => {
  it('has exactly the pages of the server’s page table', () => {
    expect(new Set(routerPatterns())).toEqual(new Set(PAGE_PATHS));
    expect(routerPatterns()).toHaveLength(PAGE_PATHS.length);
  });
});
