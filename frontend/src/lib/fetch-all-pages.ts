/** The API's largest page (docs/contract.md: `limit` 1 to 100, default 100). */
export const FULL_PAGE = 100;

/** A safety stop: never more than this many requests (5,000 items) for one list. */
export const MAX_PAGES = 50;

/** The paging part of a list call's query. */
export interface PageQuery {
  limit: number;
  offset: number;
}

/**
 * Asks for a list page after page (`limit=100`, `offset=0`, then 100, 200, …) until a page comes back that
 * is not full, and returns every item in order. For lists needed whole at once (the category tree, whose
 * parents may sit on a later page than their children); lists the shopper reads page by page use an infinite
 * query instead.
 *
 * - Pages are asked one after another, each only once the one before it has arrived.
 * - Any failed page fails the whole list: a part of a tree would show children without their parents.
 * - A page longer than asked for (a server ignoring `limit`) also ends the list, rather than asking again
 *   for items already given.
 * - After `maxPages` pages the items so far are returned (a server ignoring `offset` cannot loop forever).
 * - An aborted `signal` stops before the next page; `fetchPage` should pass it on to the request too.
 */
export async function fetchAllPages<T>(
  fetchPage: (query: PageQuery) => Promise<T[]>,
  signal?: AbortSignal,
  maxPages = MAX_PAGES,
): Promise<T[]> {
  const items: T[] = [];
  for (let page = 0; page < maxPages; page++) {
    signal?.throwIfAborted();
    const answer = await fetchPage({ limit: FULL_PAGE, offset: page * FULL_PAGE });
    items.push(...answer);
    if (answer.length !== FULL_PAGE) break;
  }
  return items;
}
