// The admin area end to end: the guard's redirect, the login's messages, the delivery charge page (saved,
// refused on the client, and seen by a shopper's cart), and Logout, at phone and desktop width.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { admin, apiGet, homeCard, shopForFile, viewports } from './harness.mjs';

let shop;
let browser;

shopForFile((started) => ({ shop, browser } = started));

async function assertNoSidewaysScroll(page, where) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `${where} scrolls sideways by ${overflow}px`);
}

async function logIn(page, password) {
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

function summaryValue(page, label) {
  return page
    .getByRole('region', { name: 'Summary' })
    .locator('dt')
    .filter({ hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd');
}

for (const [name, viewport] of Object.entries(viewports)) {
  describe(`admin area at ${name} width`, () => {
    test('log in, set the delivery charge, see it in a cart, log out', async () => {
      const page = await browser.context.newPage();
      await page.setViewportSize(viewport);
      const saves = [];
      page.on('request', (request) => {
        if (request.method() === 'PUT' && request.url().endsWith('/api/settings/delivery-charge')) saves.push(request);
      });
      try {
        // Signed out, the page asked for leads to the login.
        await page.goto(`${shop.baseUrl}/admin/delivery-charge`);
        await page.waitForURL(`${shop.baseUrl}/admin/login`);
        await page.getByRole('heading', { level: 1, name: 'Admin Login' }).waitFor();
        await assertNoSidewaysScroll(page, 'the login page');

        await logIn(page, 'not-the-password');
        await page.getByRole('alert').filter({ hasText: 'Invalid email or password.' }).waitFor();
        assert.equal(page.url(), `${shop.baseUrl}/admin/login`);

        // The right password goes on to the page first asked for.
        await logIn(page, admin.password);
        await page.waitForURL(`${shop.baseUrl}/admin/delivery-charge`);
        await page.getByRole('heading', { level: 1, name: 'Delivery Charges' }).waitFor();
        const input = page.getByRole('spinbutton', { name: 'Delivery charge (Rs)' });
        const { deliveryCharge: before } = await apiGet(shop, '/api/settings/delivery-charge');
        await page.waitForFunction(
          (expected) => document.querySelector('input[name="deliveryCharge"]')?.value === expected,
          String(before),
        );
        const bar = page.getByRole('banner');
        assert.equal(await bar.getByRole('link', { name: 'Mobile Accessories' }).count(), 1);
        await bar.getByRole('button', { name: 'Logout' }).waitFor();
        await assertNoSidewaysScroll(page, 'the delivery charge page');

        await input.fill('300');
        await page.getByRole('button', { name: 'Save' }).click();
        await page.getByText('✅ Delivery charge updated successfully.').waitFor();
        assert.deepEqual(await apiGet(shop, '/api/settings/delivery-charge'), { deliveryCharge: 300 });

        // A negative charge never leaves the page.
        await input.fill('-5');
        await page.getByRole('button', { name: 'Save' }).click();
        await page.getByText('❌ Please enter a valid non-negative number.').waitFor();
        assert.equal(await page.getByText('✅ Delivery charge updated successfully.').count(), 0);
        assert.equal(saves.length, 1);
        assert.deepEqual(await apiGet(shop, '/api/settings/delivery-charge'), { deliveryCharge: 300 });

        // A shopper's cart charges the new delivery.
        await page.goto(`${shop.baseUrl}/`);
        await page.evaluate(() => localStorage.clear());
        await page.reload();
        await (await homeCard(page, 'Galaxy S24 Ultra Tough Armor Case'))
          .getByRole('button', { name: 'Add', exact: true })
          .click();
        await page.goto(`${shop.baseUrl}/cart`);
        await page.getByRole('heading', { level: 1, name: 'Cart Overview' }).waitFor();
        await summaryValue(page, 'Delivery').filter({ hasText: 'Rs 300' }).waitFor();
        assert.equal(await summaryValue(page, 'Delivery').innerText(), 'Rs 300');
        assert.equal(await summaryValue(page, 'Total').innerText(), 'Rs 3,299');

        // Back in the admin area (still signed in): the dashboard's counts, then every page grouped.
        await page.goto(`${shop.baseUrl}/admin`);
        const tiles = page.getByRole('navigation', { name: 'Management pages' }).getByRole('link');
        await tiles.first().waitFor();
        assert.deepEqual(await tiles.allInnerTexts(), [
          'Customer Orders',
          'Order Checks',
          'Blocklist',
          'Order Analytics',
          'Manage Products',
          'Add Product',
          'Products by Category',
          'Add Category',
          'Manage Coupons',
          'Delivery Charges',
          'Search Synonyms',
          'Review Requests',
          'Send Email to Customer',
          'Category Views (Analytics)',
        ]);
        await assertNoSidewaysScroll(page, 'the dashboard');
        // On a phone 'Dashboard' is the menu's first link; on a desktop it is in the bar too.
        if (name === 'phone') await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click();
        await page.getByRole('banner').getByRole('link', { name: 'Dashboard', exact: true }).first().click();
        await page.waitForURL(`${shop.baseUrl}/admin/dashboard`);

        // Logout returns to the shop, and the admin area asks for a login again.
        await page.getByRole('button', { name: 'Logout' }).click();
        await page.waitForURL(`${shop.baseUrl}/`);
        await page.getByRole('region', { name: 'All Mobile Accessories' }).waitFor();
        await page.goto(`${shop.baseUrl}/admin`);
        await page.waitForURL(`${shop.baseUrl}/admin/login`);
        await page.getByRole('heading', { level: 1, name: 'Admin Login' }).waitFor();
        const check = await page.evaluate(async () => (await fetch('/api/admin/check')).status);
        assert.equal(check, 401);
      } finally {
        await page.close();
      }
    });
  });
}

test('the home page loads no admin code', async () => {
  const page = await browser.context.newPage();
  const scripts = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response);
  });
  try {
    await page.goto(`${shop.baseUrl}/`);
    await page.getByRole('region', { name: 'All Mobile Accessories' }).getByRole('article').first().waitFor();
    assert.ok(scripts.length > 0);
    for (const script of scripts) {
      const source = await script.text();
      for (const adminText of ['Checking login...', 'Delivery charge updated successfully', 'Management pages']) {
        assert.ok(!source.includes(adminText), `${script.url()} holds admin code ('${adminText}')`);
      }
    }
  } finally {
    await page.close();
  }
});
