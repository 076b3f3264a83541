import { describe, expect, it, vi } from 'vitest';

import { fetchAllPages, FULL_PAGE, MAX_PAGES, type PageQuery } from './fetch-all-pages';

/** Answers pages of `items` as a server honouring limit and offset would. */
function pagesOf(items: number[]) {
  return vi.fn(({ limit, offset }: PageQuery) => Promise.resolve(items.slice(offset, offset + limit)));
}

const range = (count: number) => Array.from({ length: count }, (_, index) => index);

describe('fetchAllPages', () => {
  it('asks for full pages one after another until a short one, returning every item in order', async () => {
    const fetchPage = pagesOf(range(250));
    await expect(fetchAllPages(fetchPage)).resolves.toEqual(range(250));
    expect(fetchPage.mock.calls.map(([query]) => query)).toEqual([
      { limit: 100, offset: 0 },
      { limit: 100, offset: 100 },
      { limit: 100, offset: 200 },
    ]);
  });

  it('asks once more after an exactly full last page and stops at the empty answer', async () => {
    const fetchPage = pagesOf(range(2 * FULL_PAGE));
    await expect(fetchAllPages(fetchPage)).resolves.toHaveLength(2 * FULL_PAGE);
    expect(fetchPage).toHaveBeenCalledTimes(3);
  });

  it('asks once for an empty list', async () => {
    const fetchPage = pagesOf([]);
    await expect(fetchAllPages(fetchPage)).resolves.toEqual([]);
    expect(fetchPage).toHaveBeenCalledTimes(1);
  });

  it('does not ask for the next page before the previous one has arrived', async () => {
    let release: (page: number[]) => void = () => undefined;
    const fetchPage = vi.fn(() => new Promise<number[]>((resolve) => (release = resolve)));
    const all = fetchAllPages(fetchPage);
    await Promise.resolve();
    expect(fetchPage).toHaveBeenCalledTimes(1);
    release(range(FULL_PAGE));
    await vi.waitFor(() => {
      expect(fetchPage).toHaveBeenCalledTimes(2);
    });
    release([]);
    await expect(all).resolves.toHaveLength(FULL_PAGE);
  });

  it('fails as a whole when a later page fails', async () => {
    const fetchPage = vi.fn(({ offset }: PageQuery) =>
      offset === 0 ? Promise.resolve(range(FULL_PAGE)) : Promise.reject(new Error('offline')),
    );
    await expect(fetchAllPages(fetchPage)).rejects.toThrow('offline');
    expect(fetchPage).toHaveBeenCalledTimes(2);
  });

  it('ends at a page longer than asked for instead of asking again for items it already has', async () => {
    const fetchPage = vi.fn(() => Promise.resolve(range(150)));
    await expect(fetchAllPages(fetchPage)).resolves.toHaveLength(150);
    expect(fetchPage).toHaveBeenCalledTimes(1);
  });

  it(`stops after ${MAX_PAGES} pages, returning what it has, when full pages never end`, async () => {
    const fetchPage = vi.fn(() => Promise.resolve(range(FULL_PAGE)));
    await expect(fetchAllPages(fetchPage)).resolves.toHaveLength(MAX_PAGES * FULL_PAGE);
    expect(fetchPage).toHaveBeenCalledTimes(MAX_PAGES);
    expect(fetchPage).toHaveBeenLastCalledWith({ limit: 100, offset: (MAX_PAGES - 1) * 100 });
  });

  it('asks for no further page once the signal is aborted', async () => {
    const controller = new AbortController();
    const fetchPage = vi.fn(() => {
      controller.abort();
      return Promise.resolve(range(FULL_PAGE));
    });
    await expect(fetchAllPages(fetchPage, controller.signal)).rejects.toMatchObject({ name: 'AbortError' });
    expect(fetchPage).toHaveBeenCalledTimes(1);
  });
});
