/** The stored flag that says this browser has counted a view of the category (docs/spec.md §4). */
export function viewedFlagKey(categoryId: string): string {
  return `category_viewed_${categoryId}`;
}

interface ViewCountDeps {
  /** Where the flag lives; `null` when the browser offers no storage (then views count once per page load). */
  storage: Storage | null;
  /** Sends the view-count call; rejects when it fails. */
  send: (categoryId: string) => Promise<unknown>;
}

/** Views sent in this page, so a remount (or StrictMode's double effect) never counts one twice. */
const inFlightOrDone = new Set<string>();

function readFlag(storage: Storage | null, key: string): boolean {
  try {
    return storage?.getItem(key) != null;
  } catch {
    return false;
  }
}

/**
 * Counts one view of a category per browser: when the flag is absent, sends the call and sets the flag only
 * once it succeeds. A failed call leaves no flag, so a later visit tries again. Answers whether it counted.
 */
export async function countCategoryView(categoryId: string, { storage, send }: ViewCountDeps): Promise<boolean> {
  const key = viewedFlagKey(categoryId);
  if (readFlag(storage, key) || inFlightOrDone.has(key)) return false;
  inFlightOrDone.add(key);
  try {
    await send(categoryId);
  } catch (error) {
    inFlightOrDone.delete(key);
    console.error('failed to count the category view', error);
    return false;
  }
  try {
    storage?.setItem(key, 'true');
  } catch {
    // Full or blocked storage: the in-page record still stops a second count in this visit.
  }
  return true;
}

/** Forgets the in-page record; for tests, which share the module between cases. */
export function resetCountedViews(): void {
  inFlightOrDone.clear();
}
