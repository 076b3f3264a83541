// The owner's product tools at a phone's width (decisions/0041): Manage Products searched by name and filtered
// by category and stock on the server, with thumbnails and the sale price apart from the price; Add Product's
// empty submit marks each missing field and puts the focus on the first; a 14 MB, 3,000 px photo shrunk in the
// browser before it goes up, the upload's progress shown on a slow line.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { admin, adminApi, apiGet, newPage, pngFile, shopForFile, sidewaysOverflow, viewports } from './harness.mjs';

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

test('Add Product at 360 px: a 14 MB, 3,000 px photo goes up as a 2,048 px JPEG, under a progress bar on a 1.6 Mbps line', async () => {
  const { shop, browser } = started;
  const page = await newPage(browser, viewports.phone);
  const stamp = Date.now().toString(36);
  try {
    const api = await adminApi(shop);
    const { category } = await api.json('POST', '/api/categories', { name: `Photos ${stamp}` });
    // An uncompressed PNG with grain, as heavy as a phone photo: over the server's 10 MB limit for a picture.
    const photo = pngFile(
      3000,
      1600,
      (x, y) => {
        const grain = (x * 7 + y * 13) % 16;
        return [((x * 255) / 3000 + grain) & 255, ((y * 255) / 1600 + grain) & 255, 128 + grain];
      },
      { level: 0 },
    );
    assert.ok(photo.length > 14_000_000, `the photo is ${photo.length} bytes`);

    await logIn(page, shop, '/admin/upload-product');
    await page.getByRole('heading', { level: 1, name: 'Add Product' }).waitFor();
    const name = `Photo Case ${stamp}`;
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByLabel('Category', { exact: true }).selectOption({ label: `Photos ${stamp}` });
    await page.getByLabel('Price (Rs)', { exact: true }).fill('1200');
    await page.getByLabel('Quantity in stock').fill('4');
    await page.getByLabel('Description', { exact: true }).fill('A case shown by a shrunk photo.');
    await page.getByLabel('Pictures').setInputFiles({ name: 'IMG_2041.png', mimeType: 'image/png', buffer: photo });

    const preview = page.getByRole('list', { name: 'New files' }).getByRole('img', { name: 'IMG_2041.jpg' });
    await preview.waitFor();
    const size = await preview.evaluate(
      (img) =>
        new Promise((resolve) => {
          const read = () => resolve([img.naturalWidth, img.naturalHeight]);
          if (img.complete) read();
          else img.addEventListener('load', read);
        }),
    );
    assert.deepEqual(size, [2048, 1092]);

    // The owner's 1.6 Mbps line (200 kB/s up), so the upload takes long enough to be watched.
    const network = await page.context().newCDPSession(page);
    await network.send('Network.enable');
    await network.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: 200_000,
    });
    const sent = page.waitForRequest((request) => request.url().endsWith('/api/products/upload'));
    await page.getByRole('button', { name: 'Add Product' }).click();
    const bar = page.getByRole('progressbar', { name: /^Uploading: \d+%$/ });
    await bar.waitFor();
    assert.equal(await bar.getAttribute('max'), '1');
    const button = page.getByRole('button', { name: 'Add Product' });
    assert.deepEqual([await button.isDisabled(), await button.getAttribute('aria-busy')], [true, 'true']);
    // The bar moves while the body goes up: a state between none and all of it, its label saying the same.
    const moving = await page.waitForFunction(() => {
      const progress = document.querySelector('form progress');
      if (progress === null || progress.value <= 0 || progress.value >= 1) return null;
      return { value: progress.value, label: document.querySelector(`label[for="${progress.id}"]`)?.textContent };
    });
    const { value, label } = await moving.jsonValue();
    assert.equal(label, `Uploading: ${Math.round(value * 100)}%`);

    const body = (await sent).postDataBuffer();
    assert.ok(body !== null && body.length < photo.length, `the upload (${body?.length} bytes) is smaller than the photo (${photo.length})`);
    assert.ok(body.length < 10 * 1024 * 1024, `the upload is under the server's 10 MB: ${body.length}`);
    assert.match(body.toString('latin1'), /filename="IMG_2041\.jpg"\r\nContent-Type: image\/jpeg/);
    await page.getByText('✅ Product created').waitFor();
    await network.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    assert.equal(await bar.count(), 0);
    assert.equal(await button.isDisabled(), false);

    const { parentProducts } = await apiGet(shop, `/api/categories/with-products/${category._id}`);
    assert.deepEqual(
      parentProducts.map((product) => [product.name, product.media.length, product.media[0].width]),
      [[name, 1, 2048]],
    );
  } finally {
    await page.close();
  }
});
