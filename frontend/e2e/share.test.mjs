// The product page's share button (docs/seo.md 'Share button') in real Chromium: where the browser has no
// share sheet (Chromium on Linux), the WhatsApp link and Copy link, at a phone's width beside the buy bar
// fixed to the bottom; with a share sheet (a stub put in before the page's own scripts), Share hands it the
// product's name, text and URL.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { newPage, productNamed, shopForFile, sidewaysOverflow, viewports } from './harness.mjs';

const NAME = 'Galaxy S24 Ultra Tough Armor Case';

const started = shopForFile();

async function openProduct(page) {
  const product = await productNamed(started.shop, NAME);
  const url = `${started.shop.baseUrl}/product/${product._id}`;
  await page.goto(url);
  await page.getByRole('heading', { level: 1, name: NAME }).waitFor();
  return { product, url };
}

describe('Share button', () => {
  test('without a share sheet: the exact WhatsApp link, and Copy link puts the URL on the clipboard', async () => {
    const { shop, browser } = started;
    await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: shop.baseUrl });
    const page = await newPage(browser, viewports.phone);
    try {
      const { product, url } = await openProduct(page);
      assert.equal(await page.evaluate(() => typeof navigator.share), 'undefined');
      assert.equal(await page.getByRole('button', { name: 'Share', exact: true }).count(), 0);

      const whatsApp = page.getByRole('link', { name: 'Share on WhatsApp' });
      assert.equal(product.finalPrice, 2999);
      assert.equal(
        await whatsApp.getAttribute('href'),
        `https://wa.me/?text=Galaxy%20S24%20Ultra%20Tough%20Armor%20Case%20%E2%80%94%20Rs%202%2C999%0A${encodeURIComponent(url)}`,
      );
      assert.equal(await whatsApp.getAttribute('target'), '_blank');

      // At 360 px the buy bar is fixed to the bottom; scrolled to, the share row is not under it.
      const copy = page.getByRole('button', { name: 'Copy link' });
      await copy.evaluate((element) => element.scrollIntoView({ block: 'center' }));
      for (const control of [whatsApp, copy]) {
        const hit = await control.evaluate((element) => {
          const box = element.getBoundingClientRect();
          return element.contains(document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2));
        });
        assert.ok(hit, `${await control.textContent()} is covered`);
      }
      const bar = await page.locator('.product-page__buy').boundingBox();
      const row = await page.locator('.product-share').boundingBox();
      // One row, as high as the empty one the server draws (2.75rem).
      assert.equal(row.height, 44, 'the share row wraps at 360 px');
      assert.ok(row.y + row.height <= bar.y, `the share row (bottom ${row.y + row.height}) runs under the buy bar (top ${bar.y})`);
      assert.ok((await sidewaysOverflow(page)) <= 0, 'the product page scrolls sideways at 360 px');

      await copy.click();
      await page.getByRole('status').filter({ hasText: 'Link copied' }).waitFor();
      assert.equal(await page.evaluate(() => navigator.clipboard.readText()), url);
      assert.equal(await page.getByRole('textbox', { name: 'Product link' }).count(), 0);
    } finally {
      await page.close();
      await browser.context.clearPermissions();
    }
  });

  test("with a share sheet: Share hands it the name, '{name} — Rs {price}' and the URL", async () => {
    const { browser } = started;
    const page = await newPage(browser, viewports.phone);
    await page.addInitScript(() => {
      window.sharedWith = [];
      Object.defineProperty(navigator, 'share', {
        configurable: true,
        value: (data) => {
          window.sharedWith.push(data);
          return Promise.resolve();
        },
      });
    });
    try {
      const { url } = await openProduct(page);
      assert.equal(await page.getByRole('link', { name: 'Share on WhatsApp' }).count(), 0);
      assert.equal(await page.getByRole('button', { name: 'Copy link' }).count(), 0);
      await page.getByRole('button', { name: 'Share', exact: true }).click();
      await page.waitForFunction(() => window.sharedWith.length > 0);
      assert.deepEqual(await page.evaluate(() => window.sharedWith), [
        { title: NAME, text: `${NAME} — Rs 2,999`, url },
      ]);
    } finally {
      await page.close();
    }
  });
});
