import { afterEach, describe, expect, it, vi } from 'vitest';

import { MemoryStorage } from '@/testing/memory-storage';

import { countCategoryView, resetCountedViews, viewedFlagKey } from './view-count';

afterEach(() => {
  resetCountedViews();
});

function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
}

describe('countCategoryView', () => {
  it('sends the call when the flag is absent and sets category_viewed_{id} only after it succeeds', async () => {
    const storage = new MemoryStorage();
    const call = deferred();
    const send = vi.fn(() => call.promise);

    const counted = countCategoryView('7', { storage, send });
    expect(send).toHaveBeenCalledWith('7');
    expect(storage.getItem('category_viewed_7')).toBeNull();

    call.resolve();
    expect(await counted).toBe(true);
    expect(storage.getItem(viewedFlagKey('7'))).not.toBeNull();
  });

  it('sets no flag when the call fails, so a later visit counts again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const storage = new MemoryStorage();
    const failing = vi.fn(() => Promise.reject(new Error('offline')));

    expect(await countCategoryView('7', { storage, send: failing })).toBe(false);
    expect(storage.getItem('category_viewed_7')).toBeNull();

    const working = vi.fn(() => Promise.resolve());
    expect(await countCategoryView('7', { storage, send: working })).toBe(true);
    expect(working).toHaveBeenCalledTimes(1);
    expect(storage.getItem('category_viewed_7')).not.toBeNull();
  });

  it('sends nothing when this browser has already counted the category', async () => {
    const storage = new MemoryStorage();
    storage.setItem('category_viewed_7', 'true');
    const send = vi.fn(() => Promise.resolve());

    expect(await countCategoryView('7', { storage, send })).toBe(false);
    expect(send).not.toHaveBeenCalled();
  });

  it('sends once when the page asks twice before the first answer (a remount)', async () => {
    const storage = new MemoryStorage();
    const send = vi.fn(() => Promise.resolve());

    await Promise.all([countCategoryView('7', { storage, send }), countCategoryView('7', { storage, send })]);

    expect(send).toHaveBeenCalledTimes(1);
  });

  it('counts each category on its own', async () => {
    const storage = new MemoryStorage();
    const send = vi.fn(() => Promise.resolve());

    await countCategoryView('7', { storage, send });
    await countCategoryView('8', { storage, send });

    expect(send.mock.calls).toEqual([['7'], ['8']]);
  });
});
