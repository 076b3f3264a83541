import { vi } from 'vitest';

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/**
 * Replaces the global fetch; `handler` answers by URL (and may read the request, e.g. its method and body).
 * Returns the pathnames requested, in order.
 */
export function mockFetch(handler: (url: URL, request: Request) => Response | Promise<Response>): string[] {
  const requested: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(input, init);
      const url = new URL(request.url);
      requested.push(url.pathname);
      return Promise.resolve(handler(url, request));
    }),
  );
  return requested;
}
