// A big category in real Chromium at a phone's width (docs/seo.md 'Category page speed'): each section
// draws its first 12 cards, the first row's pictures load at once with high priority and the rest lazily,
// and 'Show more products' adds the others from the answer already loaded.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { adminApi, newPage, shopForFile, sidewaysOverflow, viewports } from './harness.mjs';

const started = shopForFile();

test("a category of 14 products: 12 cards, the first row eager, then 'Show more products' adds 2 and goes", async () => {
  const { shop, browser } = started;
  const page = await newPage(browser, viewports.phone);
  try {
    await page.goto(`${shop.baseUrl}/cart`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    // The pictures: a piece of the page itself.
    const picture = new File([await page.screenshot({ clip: { x: 0, y: 0, width: 320, height: 320 } })], 'case.png', { type: 'image/png' });
    const api = await adminApi(shop);
    const { category } = await api.json('POST', '/api/categories', { name: 'Big Bundle' });
    for (let price = 101; price <= 114; price += 1) {
      await api.form('POST', '/api/products/upload', {
        name: `Bundle Case ${price}`,
        category: category._id,
        price,
        description: 'A case of the big bundle.',
        quantity: 5,
        media: picture,
      });
    }

    await page.goto(`${shop.baseUrl}/category/${category._id}`);
    await page.getByRole('heading', { level: 1, name: 'Big Bundle' }).waitFor();
    const section = page.getByRole('region', { name: 'Products in Big Bundle' });
    const names = () => section.getByRole('article').getByRole('heading').allTextContents();
    assert.deepEqual(await names(), Array.from({ length: 12 }, (_, i) => `Bundle Case ${101 + i}`));
    const pictures = await section.getByRole('img').evaluateAll((images) => images.map((image) => `${image.loading} ${image.getAttribute('fetchpriority')}`));
    assert.deepEqual(pictures, ['eager high', 'eager high', ...Array(10).fill('lazy auto')]);
    assert.ok((await sidewaysOverflow(page)) <= 0, 'the category page scrolls sideways at 360 px');

    await section.getByRole('button', { name: 'Show more products' }).click();
    await section.getByRole('article').nth(13).waitFor();
    assert.deepEqual(await names(), Array.from({ length: 14 }, (_, i) => `Bundle Case ${101 + i}`));
    assert.equal(await section.getByRole('button', { name: 'Show more products' }).count(), 0);
    // The button went away with the last cards: the focus is on the first card it revealed.
    assert.equal(await page.evaluate(() => document.activeElement?.closest('article')?.querySelector('h3')?.textContent), 'Bundle Case 113');
  } finally {
    await page.close();
  }
});
