/**
 * Paths of admin pages added after the home page's JavaScript reached its budget: they live here, loaded with
 * the admin area, rather than in `config/paths.ts`, which the home page carries.
 */
export const adminPaths = {
  searchSynonyms: { path: 'search-synonyms', getHref: () => '/admin/search-synonyms' },
} as const;
