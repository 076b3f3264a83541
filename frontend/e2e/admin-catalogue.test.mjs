// The catalogue admin pages end to end: a nested category, a product with two pictures seen on the storefront,
// its price edited, featured, a coupon added and paused, and the category views table; every page also at
// phone width without sideways scrolling.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { admin, apiGet, shopForFile, viewports } from './harness.mjs';

let shop;
let browser;

shopForFile((started) => ({ shop, browser } = started));

async function assertFitsPhone(page, where) {
  await page.setViewportSize(viewports.phone);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  await page.setViewportSize(viewports.desktop);
  assert.ok(overflow <= 0, `${where} scrolls sideways by ${overflow}px at phone width`);
}

async function applyCoupon(code) {
  const response = await fetch(`${shop.baseUrl}/api/coupons/apply`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ code, cartTotal: 5000 }),
  });
  return { ok: response.ok, body: await response.json() };
}

test('catalogue admin: category, product, edit, featured, coupon, views', async () => {
  const page = await browser.context.newPage();
  await page.setViewportSize(viewports.desktop);
  const stamp = Date.now().toString(36);
  const categoryName = `Slim Cases ${stamp}`;
  const productName = `Slim Test Case ${stamp}`;
  const code = `TEST${stamp}`.toUpperCase();
  try {
    // Log in on the way to the page.
    await page.goto(`${shop.baseUrl}/admin/add-category`);
    await page.waitForURL(`${shop.baseUrl}/admin/login`);
    await page.getByLabel('Email').fill(admin.email);
    await page.getByLabel('Password').fill(admin.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForURL(`${shop.baseUrl}/admin/add-category`);

    // A child under 'Phone Cases'.
    await page.getByRole('heading', { level: 1, name: 'Add Category' }).waitFor();
    await page.getByRole('button', { name: 'Rename Phone Cases', exact: true }).waitFor();
    await page.getByLabel('Category name').fill(categoryName);
    await page.getByLabel('Parent category (optional)').selectOption({ label: 'Phone Cases' });
    await page.getByRole('button', { name: 'Add Category' }).click();
    await page.getByText('✅ Category added').waitFor();
    await page.getByRole('button', { name: `Delete Phone Cases > ${categoryName}` }).waitFor();
    await assertFitsPhone(page, 'the add category page');
    const categories = await apiGet(shop, '/api/categories');
    const category = categories.find((item) => item.name === categoryName);
    assert.equal(category.fullPath, `Phone Cases > ${categoryName}`);

    // Deleting a category that still has sub-categories shows the server's message.
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Delete Phone Cases', exact: true }).click();
    await page.getByText('❌ This category still has products or sub-categories. Move or delete them first.').waitFor();

    // Two small pictures, taken from the page itself.
    const picture = await page.screenshot({ clip: { x: 0, y: 0, width: 24, height: 24 } });
    const files = [
      { name: 'front.png', mimeType: 'image/png', buffer: picture },
      { name: 'back.png', mimeType: 'image/png', buffer: picture },
    ];

    await page.goto(`${shop.baseUrl}/admin/upload-product`);
    await page.getByRole('heading', { level: 1, name: 'Add Product' }).waitFor();
    await page.getByLabel('Name', { exact: true }).fill(productName);
    await page.getByLabel('Category', { exact: true }).selectOption({ label: `Phone Cases > ${categoryName}` });
    await page.getByLabel('Price (Rs)', { exact: true }).fill('2000');
    await page.getByLabel('Sale price (Rs)').fill('1500');
    assert.equal(await page.getByLabel('Discount (%)').inputValue(), '25');
    await page.getByLabel('Quantity in stock').fill('7');
    await page.getByLabel('Description', { exact: true }).fill('A slim case made for the browser test.');
    await page.getByLabel('Pictures').setInputFiles(files);
    // The pictures join the list once they have been looked at for shrinking.
    await page.getByRole('list', { name: 'New files' }).getByRole('img').nth(1).waitFor();
    assert.equal(await page.getByRole('list', { name: 'New files' }).getByRole('img').count(), 2);
    await assertFitsPhone(page, 'the add product page');
    await page.getByRole('button', { name: 'Add Product' }).click();
    await page.getByText('✅ Product created').waitFor();

    const { parentProducts } = await apiGet(shop, `/api/categories/with-products/${category._id}`);
    assert.equal(parentProducts.length, 1);
    const [product] = parentProducts;
    assert.equal(product.name, productName);
    assert.equal(product.media.length, 2);
    assert.equal(product.finalPrice, 1500);

    // On the storefront.
    await page.goto(`${shop.baseUrl}/`);
    const card = page
      .getByRole('region', { name: 'All Mobile Accessories' })
      .getByRole('article')
      .filter({ hasText: productName });
    await card.waitFor();
    assert.match(await card.innerText(), /Rs 1,500/);

    // Edit the price from the manage list.
    await page.goto(`${shop.baseUrl}/admin/manage`);
    await page.getByRole('heading', { level: 1, name: 'Manage Products' }).waitFor();
    await assertFitsPhone(page, 'the manage page');
    await page.getByRole('link', { name: `Edit ${productName}` }).click();
    await page.waitForURL(`${shop.baseUrl}/admin/edit-product/${product._id}`);
    const name = page.getByLabel('Name', { exact: true });
    await name.waitFor();
    assert.equal(await name.inputValue(), productName);
    assert.equal(await page.getByRole('group', { name: 'Current pictures and videos' }).getByRole('img').count(), 2);
    await page.getByLabel('Sale price (Rs)').fill('');
    await page.getByLabel('Price (Rs)', { exact: true }).fill('2500');
    await page.getByRole('button', { name: 'Move item 2 up' }).click();
    await assertFitsPhone(page, 'the edit product page');
    await page.getByRole('button', { name: 'Update Product' }).click();
    await page.getByText('✅ Product updated').waitFor();
    const edited = await apiGet(shop, `/api/products/${product._id}`);
    assert.equal(edited.finalPrice, 2500);
    assert.deepEqual(
      edited.media.map((media) => media.url),
      [product.media[1].url, product.media[0].url],
    );

    await page.goto(`${shop.baseUrl}/`);
    await card.filter({ hasText: 'Rs 2,500' }).waitFor();

    // Featured.
    await page.goto(`${shop.baseUrl}/admin/manage`);
    await page.getByRole('button', { name: `Featured: ${productName}` }).click();
    await page.getByText(`✅ "${productName}" is featured`).waitFor();
    await page.goto(`${shop.baseUrl}/`);
    await page
      .getByRole('region', { name: 'Featured Accessories' })
      .getByRole('article')
      .filter({ hasText: productName })
      .waitFor();

    // A coupon, added and paused.
    await page.goto(`${shop.baseUrl}/admin/coupons`);
    await page.getByRole('heading', { level: 1, name: 'Manage Coupons' }).waitFor();
    await page.getByLabel('Code', { exact: true }).fill(code);
    await page.getByLabel('Or amount off (Rs)').fill('300');
    await page.getByLabel('Discount (%)').fill('10');
    assert.equal(await page.getByLabel('Or amount off (Rs)').inputValue(), '');
    await assertFitsPhone(page, 'the coupons page');
    await page.getByRole('button', { name: 'Add Coupon' }).click();
    await page.getByText('✅ Coupon added successfully').waitFor();
    const applied = await applyCoupon(code);
    assert.equal(applied.ok, true, JSON.stringify(applied.body));
    await page.getByRole('button', { name: `Pause ${code}` }).click();
    await page.getByText(`✅ ${code} is paused`).waitFor();
    const paused = await applyCoupon(code);
    assert.equal(paused.ok, false);
    assert.equal(paused.body.message, 'Invalid or expired coupon.');

    // Category views.
    await page.goto(`${shop.baseUrl}/admin/category-views`);
    const row = page.getByRole('row').filter({ hasText: `Phone Cases > ${categoryName}` });
    await row.waitFor();
    assert.match(await row.innerText(), /0$/);
    await assertFitsPhone(page, 'the category views page');
    const visited = (await apiGet(shop, '/api/categories')).find((c) => c.name === categoryName);
    const shopper = await browser.context.newPage();
    try {
      await shopper.goto(`${shop.baseUrl}/category/${visited._id}`);
      await shopper.getByRole('heading', { name: categoryName }).first().waitFor();
      for (let i = 0; i < 50; i += 1) {
        const now = (await apiGet(shop, '/api/categories')).find((c) => c._id === visited._id);
        if (now.views === 1) break;
        await new Promise((r) => setTimeout(r, 100));
      }
    } finally {
      await shopper.close();
    }
    await page.reload();
    await row.waitFor();
    assert.match(await row.innerText(), /1$/, "the shopper's visit shows in the views table");

    // Products by category.
    await page.goto(`${shop.baseUrl}/admin/products-by-category`);
    await page.getByLabel('Category', { exact: true }).selectOption({ label: `Phone Cases > ${categoryName}` });
    await page.getByRole('article').filter({ hasText: productName }).waitFor();
    await assertFitsPhone(page, 'the products by category page');
  } finally {
    await page.close();
  }
});
