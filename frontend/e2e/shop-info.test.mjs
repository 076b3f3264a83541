// What a cash-on-delivery shopper needs to know, at a phone's width (docs/decisions/0033): the owner's shop
// info under the bar on the home, product and cart pages, prices with thousands separators, a cart summary
// whose every figure is one the total is built from, and a product whose last units are all in the cart.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { adminApi, homeCard, productNamed, shopForFile, sidewaysOverflow, viewports } from './harness.mjs';

let shop;
let browser;

shopForFile((started) => ({ shop, browser } = started));

const SHOP_INFO = [
  'Cash on delivery',
  'Delivery Rs 250 (free when every item has Free Delivery)',
  'Delivered in 2–4 working days',
  'WhatsApp 0300 1234567',
];

async function phonePage() {
  const page = await browser.context.newPage();
  await page.setViewportSize(viewports.phone);
  return page;
}

async function shopInfoOf(page) {
  const info = page.locator('#shop-info');
  return { items: await info.locator('li').allInnerTexts(), link: await info.getByRole('link').getAttribute('href') };
}

function summaryValues(page) {
  return page.getByRole('region', { name: 'Summary' }).locator('dd').allInnerTexts();
}

test('the owner’s shop info shows on the home, product and cart pages, and the cart summary adds up', async () => {
  const api = await adminApi(shop);
  await api.json('PUT', '/api/settings/shop-info', { deliveryTime: '2–4 working days', whatsapp: '0300-1234567' });
  const armour = await productNamed(shop, 'Galaxy S24 Ultra Tough Armor Case');
  const page = await phonePage();
  try {
    await page.goto(`${shop.baseUrl}/`);
    await page.evaluate(() => localStorage.clear());
    await page.reload();
    const expected = { items: SHOP_INFO, link: 'https://wa.me/923001234567' };
    assert.deepEqual(await shopInfoOf(page), expected, 'home');
    // The app has started (a card's Add button works) and kept the server's shop info.
    await (await homeCard(page, 'Galaxy S24 Ultra Tough Armor Case')).getByRole('button', { name: 'Add', exact: true }).click();
    await (await homeCard(page, '10000mAh Slim Power Bank 22.5W')).getByRole('button', { name: 'Add', exact: true }).click();
    assert.deepEqual(await shopInfoOf(page), expected, 'home, after the app started');
    assert.ok((await sidewaysOverflow(page)) <= 0, 'the home page scrolls sideways');

    await page.goto(`${shop.baseUrl}/product/${armour._id}`);
    await page.getByText('No reviews yet for this product.').waitFor();
    assert.deepEqual(await shopInfoOf(page), expected, 'product');
    assert.equal(await page.locator('.product-page__price strong').innerText(), 'Rs 2,999');
    assert.equal(await page.locator('.product-page__price s').innerText(), 'Rs 3,499');

    await page.getByRole('link', { name: /^Cart/ }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Cart Overview' }).waitFor();
    assert.deepEqual(await shopInfoOf(page), expected, 'cart');
    // 3,499 + 3,999 = 7,498 at list price; 1,200 off gives 6,298; with delivery 6,548.
    await page.getByRole('region', { name: 'Summary' }).locator('dd').filter({ hasText: 'Rs 250' }).waitFor();
    assert.deepEqual(await summaryValues(page), ['Rs 7,498', '- Rs 1,200', 'Rs 6,298', 'Rs 250', 'Rs 6,548']);
    assert.deepEqual(await page.getByRole('region', { name: 'Summary' }).locator('dt').allInnerTexts(), [
      'Items at list price',
      'Product discount',
      'Subtotal',
      'Delivery',
      'Total',
    ]);
    assert.ok((await sidewaysOverflow(page)) <= 0, 'the cart page scrolls sideways');
  } finally {
    await page.close();
  }
});

test('the last units all in the shopper’s cart are said to be there, and the stepper says why it stops', async () => {
  const earbuds = await productNamed(shop, 'Budget TWS Earbuds');
  const page = await phonePage();
  try {
    await page.goto(`${shop.baseUrl}/product/${earbuds._id}`);
    await page.evaluate(() => localStorage.clear());
    await page.reload();
    await page.getByText('No reviews yet for this product.').waitFor();
    const details = page.getByRole('article', { name: 'Budget TWS Earbuds' });

    await details.getByRole('button', { name: 'Add to Cart' }).click();
    await details.getByRole('button', { name: 'Add one more' }).click();

    await details.getByText('All 2 in your cart').waitFor();
    assert.equal(await details.locator('.product-page__stock').innerText(), 'All 2 in your cart');
    assert.equal(await details.getByText('Out of Stock').count(), 0);
    assert.equal(await details.getByRole('button', { name: 'Add one more' }).isDisabled(), true);
    assert.equal(await page.locator('#product-unit-limit').innerText(), 'Only 2 in stock');
  } finally {
    await page.close();
  }
});
