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
