// Every place in Pakistan, at phone width with the keyboard's share of the screen gone (360×640): the City field
// narrows the province's places as the shopper types ('sialk' finds Sialkot) and its matches show right under
// it; a place the list lacks is kept as typed, flagged on the admin's order, and corrected by the owner there
// ('Edit address'), the history saying what changed.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { admin, homeCard, newPage, shopForFile, sidewaysOverflow, signUpCustomer } from './harness.mjs';

const files = shopForFile();
const phoneWithKeyboard = { width: 360, height: 640 };

async function checkout(page, email) {
  const { shop, browser } = files;
  await signUpCustomer(browser, shop, { email });
  await page.goto(`${shop.baseUrl}/`);
  await page.evaluate(() => localStorage.clear());
  await page.goto(`${shop.baseUrl}/`);
  await (await homeCard(page, 'Galaxy A34 Flip Cover')).getByRole('button', { name: 'Add', exact: true }).click();
  await page.goto(`${shop.baseUrl}/checkout`);
  await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
}

async function fillTheRest(page) {
  await page.getByRole('textbox', { name: 'Full name' }).fill('Ayesha Khan');
  await page.getByRole('textbox', { name: 'Primary phone' }).fill('0300 1234567');
  await page.getByRole('textbox', { name: 'Complete address' }).fill('House 12, Street 4');
}

async function placeOrder(page) {
  const answer = page.waitForResponse((response) => response.url().endsWith('/api/orders') && response.request().method() === 'POST');
  await page.getByRole('button', { name: 'Confirm & Place Order' }).click();
  const response = await answer;
  return { status: response.status(), body: await response.json() };
}

describe('every place in Pakistan', () => {
  test("at 360 px the shopper types 'sialk' with Punjab chosen, taps Sialkot under the field and places the order", async () => {
    const page = await newPage(files.browser, phoneWithKeyboard);
    try {
      await checkout(page, 'sialkot.buyer@example.pk');
      await page.getByRole('combobox', { name: 'Province' }).selectOption('Punjab');
      const city = page.getByRole('combobox', { name: 'City' });
      await city.click();
      await city.pressSequentially('sialk');
      const listbox = page.getByRole('listbox', { name: 'Matching places' });
      const sialkot = listbox.getByRole('option', { name: 'Sialkot' });
      await sialkot.waitFor();
      assert.deepEqual(await listbox.getByRole('option').allInnerTexts(), ['Sialkot']);
      assert.equal(await city.getAttribute('aria-expanded'), 'true');
      const box = await sialkot.boundingBox();
      assert.ok(box && box.y >= 0 && box.y + box.height <= phoneWithKeyboard.height / 2 + 40, `Sialkot shows above the keyboard: ${JSON.stringify(box)}`);
      assert.ok((await sidewaysOverflow(page)) <= 0, 'the checkout fits 360 px');

      await sialkot.tap().catch(() => sialkot.click());
      assert.equal(await city.inputValue(), 'Sialkot');
      assert.equal(await city.getAttribute('aria-expanded'), 'false');
      await fillTheRest(page);
      const placed = await placeOrder(page);

      assert.equal(placed.status, 201, JSON.stringify(placed.body));
      assert.deepEqual(
        { province: placed.body.order.userDetails.province, city: placed.body.order.userDetails.city, listed: placed.body.order.userDetails.cityListed },
        { province: 'Punjab', city: 'Sialkot', listed: true },
      );
    } finally {
      await page.close();
    }
  });

  test('a city the list lacks is kept as typed, flagged on the admin order, and corrected there by the owner', async () => {
    const { shop, browser } = files;
    const page = await newPage(browser, phoneWithKeyboard);
    const adminPage = await newPage(browser, phoneWithKeyboard);
    try {
      await checkout(page, 'kot.sultan@example.pk');
      await page.getByRole('combobox', { name: 'Province' }).selectOption('Punjab');
      await page.getByRole('combobox', { name: 'City' }).fill('Kot Sultan');
      await page.getByText('Not in our list: we will deliver to it as you typed it and check it before sending.').waitFor();
      await fillTheRest(page);
      const placed = await placeOrder(page);
      assert.equal(placed.status, 201, JSON.stringify(placed.body));
      assert.equal(placed.body.order.userDetails.city, 'Kot Sultan');
      assert.equal(placed.body.order.userDetails.cityListed, false);
      const id = placed.body.order._id;

      await adminPage.goto(`${shop.baseUrl}/admin/orders`);
      await adminPage.getByLabel('Email').fill(admin.email);
      await adminPage.getByLabel('Password').fill(admin.password);
      await adminPage.getByRole('button', { name: 'Login', exact: true }).click();
      await adminPage.getByRole('heading', { level: 1, name: 'Customer Orders' }).waitFor();
      const card = adminPage.getByRole('article', { name: `Order #${id}` });
      await card.getByRole('button', { name: new RegExp(`^#${id}(?!\\d)`) }).click();
      await card.getByText('City not in our list: check it before booking.').waitFor();

      await card.getByRole('button', { name: 'Edit address' }).click();
      const form = card.getByRole('form', { name: `Delivery address of order #${id}` });
      const city = form.getByRole('combobox', { name: 'City' });
      assert.equal(await city.inputValue(), 'Kot Sultan');
      await city.fill('');
      await city.pressSequentially('sialk');
      await form.getByRole('option', { name: 'Sialkot' }).click();
      await form.getByRole('textbox', { name: 'Address' }).fill('House 9, Paris Road');
      await form.getByRole('button', { name: 'Save address' }).click();

      await form.waitFor({ state: 'detached' });
      await card.getByText('City not in our list: check it before booking.').waitFor({ state: 'detached' });
      const address = card.locator('dd.admin-order__address');
      await address.filter({ hasText: 'Sialkot, Punjab' }).waitFor();
      assert.equal(await address.innerText(), 'House 9, Paris Road\nSialkot, Punjab');
      await card
        .getByText("Delivery address corrected by the owner: city Kot Sultan, Punjab → Sialkot, Punjab; address 'House 12, Street 4' → 'House 9, Paris Road'.")
        .waitFor();
      assert.ok((await sidewaysOverflow(adminPage)) <= 0, 'the admin order fits 360 px');
    } finally {
      await page.close();
      await adminPage.close();
    }
  });
});
