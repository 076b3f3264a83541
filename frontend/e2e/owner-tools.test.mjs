// The owner's product tools at a phone's width (decisions/0041): Manage Products searched by name and filtered
// by category and stock on the server, with thumbnails and the sale price apart from the price; Add Product's
// empty submit marks each missing field and puts the focus on the first.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { admin, adminApi, newPage, shopForFile, sidewaysOverflow, viewports } from './harness.mjs';

const started = shopForFile();

async function logIn(page, shop, path) {
  // Each test signs in afresh: the file's browser keeps the cookies of the one before.
  await page.context().clearCookies();
  await page.goto(`${shop.baseUrl}${path}`);
  await page.waitForURL(`${shop.baseUrl}/admin/login`);
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password').fill(admin.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL(`${shop.baseUrl}${path}`);
}

test('Manage Products at 360 px: search by name, filter by category and stock, thumbnails, prices apart', async () => {
  const { shop, browser } = started;
  const page = await newPage(browser, viewports.phone);
  const stamp = Date.now().toString(36);
  try {
    await page.goto(`${shop.baseUrl}/cart`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    const picture = new File([await page.screenshot({ clip: { x: 0, y: 0, width: 64, height: 64 } })], 'case.png', { type: 'image/png' });
    const api = await adminApi(shop);
    const { category } = await api.json('POST', '/api/categories', { name: `Owner Tools ${stamp}` });
    const add = (name, quantity, salePrice) =>
      api.form('POST', '/api/products/upload', {
        name,
        category: category._id,
        price: 899,
        salePrice,
        description: 'A case for the owner tools test.',
        quantity,
        media: picture,
      });
    await add(`Zebra ${stamp} case`, 0);
    await add(`Zebra ${stamp} cover`, 2, 699);
    await add(`Zebra ${stamp} pouch`, 40);

    await logIn(page, shop, '/admin/manage');
    await page.getByRole('heading', { level: 1, name: 'Manage Products' }).waitFor();
    const search = page.getByRole('search', { name: 'Find products' });
    const list = page.locator('.admin-product-list');
    const names = () => list.getByRole('heading', { level: 3 }).allTextContents();
    /** Waits until the list shows exactly `expected` (the previous answer stays on screen until the next arrives). */
    const shows = async (expected) => {
      for (let i = 0; i < 150 && JSON.stringify(await names()) !== JSON.stringify(expected); i += 1) {
        await page.waitForTimeout(100);
      }
      assert.deepEqual(await names(), expected);
    };

    await search.getByLabel('Product name').fill(`zebra ${stamp}`);
    await search.getByLabel('Product name').press('Enter');
    await shows([`Zebra ${stamp} pouch`, `Zebra ${stamp} cover`, `Zebra ${stamp} case`]);
    await page.getByRole('status').filter({ hasText: '3 products' }).waitFor();

    await search.getByLabel('Stock').selectOption('low');
    await shows([`Zebra ${stamp} cover`]);
    await page.getByRole('status').filter({ hasText: '1 product' }).waitFor();
    const cover = list.getByRole('article', { name: `Zebra ${stamp} cover` });
    assert.equal(await cover.locator('dl').innerText(), 'Price\nRs 899\nSale price\nRs 699');
    const thumbnail = cover.locator('img.admin-product__thumb');
    await thumbnail.waitFor();
    assert.ok(await thumbnail.evaluate((image) => image.complete && image.naturalWidth > 0), 'the thumbnail loads');

    await search.getByLabel('Stock').selectOption('out');
    await shows([`Zebra ${stamp} case`]);
    assert.match(await list.getByRole('article').first().innerText(), /Out of stock/);

    await search.getByLabel('Stock').selectOption('all');
    await search.getByLabel('Product name').fill('');
    await search.getByLabel('Product name').press('Enter');
    await search.getByLabel('Category').selectOption({ label: `Owner Tools ${stamp}` });
    await shows([`Zebra ${stamp} pouch`, `Zebra ${stamp} cover`, `Zebra ${stamp} case`]);
    assert.ok((await sidewaysOverflow(page)) <= 0, 'Manage Products scrolls sideways at 360 px');
  } finally {
    await page.close();
  }
});

test('Add Product at 360 px: an empty submit marks each missing field and focuses the first', async () => {
  const { shop, browser } = started;
  const page = await newPage(browser, viewports.phone);
  try {
    await logIn(page, shop, '/admin/upload-product');
    await page.getByRole('heading', { level: 1, name: 'Add Product' }).waitFor();

    await page.getByRole('button', { name: 'Add Product' }).click();

    await page.getByText('Name is required.').waitFor();
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('name')), 'name');
    for (const [label, said] of [
      ['Name', 'Name is required.'],
      ['Category', 'Category is required.'],
      ['Price (Rs)', 'Price is required.'],
      ['Quantity in stock', 'Quantity in stock is required.'],
      ['Description', 'Description is required.'],
    ]) {
      const field = page.getByLabel(label, { exact: true });
      assert.equal(await field.getAttribute('aria-invalid'), 'true', label);
      assert.equal(await page.locator(`#${await field.getAttribute('aria-describedby')}`).innerText(), said);
    }
    const focused = await page.evaluate(() => document.activeElement.getBoundingClientRect().top);
    assert.ok(focused >= 0 && focused < viewports.phone.height, 'the focused field is in view');
    assert.ok((await sidewaysOverflow(page)) <= 0, 'Add Product scrolls sideways at 360 px');
  } finally {
    await page.close();
  }
});
