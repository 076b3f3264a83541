// The shop works under its Content-Security-Policy: pages load, render and show their pictures with no
// policy violation, no console message about the policy and no uncaught error. (Other console messages are
// not this test's business: e2e/first-paint.test.mjs checks that the storefront's pages log no error.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { apiGet, shopForFile } from './harness.mjs';

let shop;
let browser;

shopForFile((started) => ({ shop, browser } = started));

/** Opens `path` in a new page that records console messages, page errors and CSP violations. */
async function open(path) {
  const page = await browser.context.newPage();
  const messages = [];
  page.on('console', (message) => {
    if (/Content.Security.Policy|Refused to/i.test(message.text())) messages.push(`console.${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => messages.push(`page error: ${error.message}`));
  await page.addInitScript(() => {
    window.__violations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.__violations.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  const response = await page.goto(`${shop.baseUrl}${path}`);
  return { page, response, messages };
}

/** Waits until a picture on the page has loaded (those below the fold load lazily), and answers how many have. */
async function picturesLoaded(page) {
  await page.waitForFunction(() => [...document.images].some((image) => image.complete && image.naturalWidth > 0));
  return page.evaluate(() => [...document.images].filter((image) => image.naturalWidth > 0).length);
}

async function assertClean({ page, messages }) {
  const violations = await page.evaluate(() => window.__violations);
  assert.deepEqual(violations, [], 'no Content-Security-Policy violation');
  assert.deepEqual(messages, [], 'no policy message on the console and no uncaught error');
}

test('the home page renders its products and pictures under the policy', async () => {
  const visit = await open('/');
  try {
    const featured = visit.page.getByRole('region', { name: 'Featured Accessories' });
    await featured.getByRole('article').first().waitFor();

    const csp = visit.response.headers()['content-security-policy'];
    assert.match(csp, /default-src 'self'/);
    assert.match(csp, /frame-ancestors 'none'/);
    assert.ok((await picturesLoaded(visit.page)) > 0, 'the product pictures from /media show');
    await assertClean(visit);
  } finally {
    await visit.page.close();
  }
});

test('a product page renders under the policy', async () => {
  const [product] = await apiGet(shop, '/api/products?limit=1');
  const visit = await open(`/product/${product._id}`);
  try {
    await visit.page.getByRole('heading', { name: product.name }).waitFor();

    assert.equal(visit.response.headers()['referrer-policy'], 'no-referrer');
    assert.ok((await picturesLoaded(visit.page)) > 0, 'the product picture shows');
    await assertClean(visit);
  } finally {
    await visit.page.close();
  }
});
