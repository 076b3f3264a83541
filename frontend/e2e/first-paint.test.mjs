// The first paint (docs/seo.md): the server's first answer already shows a product page, without JavaScript;
// with JavaScript the app takes over without moving anything, without a spinner and without a layout shift;
// the title follows the app; and no storefront page writes an error to the console for a signed-out visitor.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { apiGet, launchBrowser, productNamed, shopForFile, viewports } from './harness.mjs';

/** Money as the shop shows it: 'Rs 1,299'. */
const rs = (rupees) => `Rs ${rupees.toLocaleString('en-US')}`;

let shop;
let browser;
let noScript;

shopForFile((started) => ({ shop, browser } = started));
before(async () => {
  noScript = await launchBrowser({ javaScriptEnabled: false });
});
after(async () => {
  await noScript?.close();
});

/** A product with a picture, a discount and a colour, from the tests' catalogue (fixtures/shop.json). */
const PRODUCT = 'iPhone 14 Clear Shockproof Case';
const HOME_TITLE = 'Mobile Accessories — Phone accessories in Pakistan';

/** The parts of the product page the first answer paints, by selector. */
const PARTS = ['#product-name', '.product-page__price', '.gallery__media', '.product-page__description'];

async function newPageOf(context, viewport) {
  const page = await context.newPage();
  await page.setViewportSize(viewport);
  return page;
}

/** Whether React drew `selector`'s element (React keeps its props on the elements it made). */
function drawnByReact(page, selector) {
  return page.waitForFunction((s) => {
    const element = document.querySelector(s);
    return element !== null && Object.keys(element).some((key) => key.startsWith('__reactProps'));
  }, selector);
}

for (const [name, viewport] of Object.entries(viewports)) {
  describe(`the product page's first paint at ${name} width`, () => {
    test('without JavaScript the page shows the name, price, picture and description', async () => {
      const product = await productNamed(shop, PRODUCT);
      const page = await newPageOf(noScript.context, viewport);
      try {
        const response = await page.goto(`${shop.baseUrl}/product/${product._id}`);
        assert.equal(response.status(), 200);
        assert.equal(await page.title(), PRODUCT);

        const heading = page.getByRole('heading', { level: 1, name: PRODUCT });
        assert.ok(await heading.isVisible(), 'the name shows');
        assert.equal(await page.locator('.product-page__price strong').textContent(), rs(product.finalPrice));
        assert.equal(await page.locator('.product-page__price s').textContent(), rs(product.price));
        assert.ok(await page.locator('.product-page__price').isVisible(), 'the price shows');
        const picture = page.getByRole('img', { name: PRODUCT, exact: true });
        assert.ok(await picture.isVisible(), 'the picture shows');
        await page.waitForFunction(() => {
          const image = document.querySelector('.gallery__media');
          return image.complete && image.naturalWidth > 0;
        });
        const description = page.getByRole('region', { name: 'Description' });
        assert.equal(await description.locator('p').textContent(), product.description);
        assert.ok(await description.isVisible(), 'the description shows');
        assert.equal(await page.getByRole('button', { name: 'Add to Cart' }).count(), 1);
        assert.ok(await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Cart' }).isVisible());
        assert.equal(await page.locator('text=Loading product...').count(), 0);
      } finally {
        await page.close();
      }
    });

    test('with JavaScript the app takes over without moving anything, without a spinner or a layout shift', async () => {
      const product = await productNamed(shop, PRODUCT);
      const page = await newPageOf(browser.context, viewport);
      try {
        await page.addInitScript((parts) => {
          const boxes = () =>
            Object.fromEntries(
              parts.map((selector) => {
                const box = document.querySelector(selector)?.getBoundingClientRect();
                return [selector, box && { x: box.x, y: box.y, width: box.width, height: box.height }];
              }),
            );
          const drawnByApp = () => Object.keys(document.querySelector('#product-name') ?? {}).some((key) => key.startsWith('__reactProps'));
          window.__firstPaint = { spinners: [], shifts: [], before: undefined, beforeByServer: undefined, boxes };
          new MutationObserver((records) => {
            for (const record of records) {
              for (const node of record.addedNodes) {
                const text = node.textContent ?? '';
                if (/Loading product|Loading page/.test(text)) window.__firstPaint.spinners.push(text);
                // The page's stylesheet blocks both the first paint and the app's script: once it has loaded,
                // the boxes are those the server's answer paints.
                if (node instanceof HTMLLinkElement && node.rel === 'stylesheet') {
                  node.addEventListener('load', () => {
                    window.__firstPaint.before = boxes();
                    window.__firstPaint.beforeByServer = document.querySelector('#product-name') !== null && !drawnByApp();
                  });
                }
              }
            }
          }).observe(document, { childList: true, subtree: true });
          const shiftObserver = new PerformanceObserver((list) => {
            for (const entry of list.getEntries()) {
              if (entry.hadRecentInput) continue;
              const moved = entry.sources.map((source) => {
                const node = source.node;
                const what = node instanceof Element ? `${node.tagName.toLowerCase()}.${node.className}` : String(node?.nodeName);
                return `${what} ${JSON.stringify(source.previousRect)} -> ${JSON.stringify(source.currentRect)}`;
              });
              window.__firstPaint.shifts.push({ value: entry.value, byApp: drawnByApp(), moved });
            }
          });
          shiftObserver.observe({ type: 'layout-shift', buffered: true });
          window.__firstPaint.observer = shiftObserver;
        }, PARTS);

        // The reviews load below the product once the app runs (and change height when they arrive): held
        // back until the attach is measured, so what is measured is the attach alone.
        let releaseReviews;
        const reviewsHeld = new Promise((resolve) => {
          releaseReviews = resolve;
        });
        await page.route('**/api/reviews/approved/**', async (route) => {
          await reviewsHeld;
          await route.continue();
        });

        await page.goto(`${shop.baseUrl}/product/${product._id}`);
        await drawnByReact(page, '#product-name');
        // Two frames after the app's first commit: any shift it caused has been laid out and reported.
        await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
        const { before, beforeByServer, after, spinners, shifts } = await page.evaluate(() => {
          const { observer, ...firstPaint } = window.__firstPaint;
          observer.takeRecords().forEach((entry) => {
            if (!entry.hadRecentInput) firstPaint.shifts.push({ value: entry.value });
          });
          return { ...firstPaint, boxes: undefined, after: firstPaint.boxes() };
        });
        releaseReviews();

        assert.equal(beforeByServer, true, "the boxes before are the server's");
        for (const selector of PARTS) {
          assert.ok(before[selector], `${selector} is in the server's answer`);
          assert.ok(before[selector].width > 0 && before[selector].height > 0, `${selector} has a size before the app`);
        }
        assert.deepEqual(after, before, 'the app draws every part where the server painted it');
        assert.deepEqual(spinners, [], 'no spinner and no fallback at any point');
        assert.deepEqual(shifts, [], 'no layout shift up to the attach');

        // The app works: the cart control answers.
        await page.getByRole('button', { name: 'Add to Cart' }).click();
        await page.getByRole('link', { name: 'Buy Now' }).waitFor();
      } finally {
        // The next visit starts with an empty cart again, as the server's answer assumes.
        await page.evaluate(() => localStorage.clear());
        await page.close();
      }
    });
  });
}

test("the title is the product's once the app runs, the only one, and follows a navigation home", async () => {
  const product = await productNamed(shop, PRODUCT);
  const page = await browser.context.newPage();
  try {
    await page.goto(`${shop.baseUrl}/product/${product._id}`);
    await drawnByReact(page, '.product-cart__add');
    const titles = () => page.evaluate(() => [...document.querySelectorAll('title')].map((title) => title.textContent));
    assert.equal(await page.title(), PRODUCT);
    assert.deepEqual(await titles(), [PRODUCT]);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Mobile Accessories home' }).click();
    await page.getByRole('region', { name: 'Featured Accessories' }).getByRole('article').first().waitFor();
    assert.equal(await page.title(), HOME_TITLE);
    assert.deepEqual(await titles(), [HOME_TITLE]);

    await page.goBack();
    await page.getByRole('heading', { level: 1, name: PRODUCT }).waitFor();
    assert.equal(await page.title(), PRODUCT);
    assert.deepEqual(await titles(), [PRODUCT]);
  } finally {
    await page.close();
  }
});

test('no storefront page writes an error to the console for a signed-out visitor', async () => {
  const product = await productNamed(shop, PRODUCT);
  const [category] = (await apiGet(shop, '/api/categories')).filter((candidate) => candidate.name === 'Samsung Cases');
  const visits = [
    ['/', HOME_TITLE, 200],
    [`/product/${product._id}`, PRODUCT, 200],
    [`/category/${category._id}`, 'Samsung Cases', 200],
    ['/cart', 'Cart Overview', 200],
    ['/products', 'All Products', 200],
    ['/search?q=case', 'Search Results for "case"', 200],
    ['/login', 'Login', 200],
    ['/product/999999', 'Product not found', 404],
    ['/category/999999', 'Category not found', 404],
  ];
  for (const [path, title, status] of visits) {
    const page = await browser.context.newPage();
    const errors = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(`${message.text()} (${message.location().url})`);
    });
    page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
    try {
      const response = await page.goto(`${shop.baseUrl}${path}`);
      assert.equal(response.status(), status, path);
      await drawnByReact(page, 'main');
      await page.waitForFunction((expected) => document.title === expected, title);
      await page.waitForLoadState('networkidle');
      // A page the server answers 404 is logged as such by the browser itself: the right answer for a crawler,
      // and the one line; the app asks nothing that fails.
      const expected = status === 404 ? [`Failed to load resource: the server responded with a status of 404 (Not Found) (${shop.baseUrl}${path})`] : [];
      assert.deepEqual(errors, expected, path);
    } finally {
      await page.close();
    }
  }
});
