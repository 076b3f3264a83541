/** A fresh random key: 128 bits as 32 hex digits (crypto.getRandomValues works on plain http too). */
export function randomKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * The `Idempotency-Key` of each attempt to place an order: the same content (a retry after a lost answer, a
 * second tap) keeps its key, so the server answers the first order instead of placing another; content that
 * changed (new figures after a 409, another address) gets a new one.
 */
export function createIdempotencyKeys(newKey: () => string = randomKey) {
  let last: { content: string; key: string } | null = null;
  return {
    keyFor(content: string): string {
      if (last?.content !== content) last = { content, key: newKey() };
      return last.key;
    },
  };
}
