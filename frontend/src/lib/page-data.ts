/**
 * The data the server wrote into the page for the app's first render
 * (`<script id="page-data" type="application/json">`, docs/seo.md), or `undefined` when the page has none or
 * it is not a JSON object: the app then loads what it needs as usual.
 */
export function readPageData(doc: Document = document): Record<string, unknown> | undefined {
  const text = doc.getElementById('page-data')?.textContent;
  if (!text) return undefined;
  try {
    const data: unknown = JSON.parse(text);
    return typeof data === 'object' && data !== null && !Array.isArray(data) ? (data as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether the server answered the page the visit started on with 404 (its head then says what is missing,
 * docs/seo.md): the app need not ask the API again about what the address names, a request the browser
 * would log as a failure. False where the browser does not tell the status.
 */
export function pageAnsweredNotFound(): boolean {
  const [entry] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  return entry?.responseStatus === 404;
}

/** The attribute the product page's inline script sets when 'Add to Cart' is tapped before the app starts. */
export const TAPPED_ADD = 'data-tapped-add';

/**
 * Whether 'Add to Cart' was tapped on the server's page at `pathname` before the app started (the product
 * page's inline script, `adapters-http/src/pages/tap.rs`; docs/decisions/0034). Answers once: the mark goes.
 */
export function takeTappedAdd(pathname: string, doc: Document = document): boolean {
  const root = doc.documentElement;
  const tapped = root.getAttribute(TAPPED_ADD);
  if (tapped === null) return false;
  root.removeAttribute(TAPPED_ADD);
  return tapped === pathname;
}
