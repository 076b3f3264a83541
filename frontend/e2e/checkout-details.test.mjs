// Details remembered (docs/decisions/0036) at phone width, 360 px: what was typed at checkout survives a trip to
// the cart and a reload (a draft in the tab's sessionStorage); a number typed in Urdu digits is taken; once
// the order is placed the draft is gone and the next checkout is filled from the account's saved address, which
// My Orders lists.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { homeCard, newPage, shopForFile, signUpCustomer, viewports } from './harness.mjs';

const files = shopForFile();

async function addFromHome(page, name) {
  const { shop } = files;
  await page.goto(`${shop.baseUrl}/`);
  await (await homeCard(page, name)).getByRole('button', { name: 'Add', exact: true }).click();
}

async function openCheckout(page) {
  await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
  await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
}

async function fields(page) {
  return {
    province: await page.getByRole('combobox', { name: 'Province' }).inputValue(),
    city: await page.getByRole('combobox', { name: 'City' }).inputValue(),
    name: await page.getByRole('textbox', { name: 'Full name' }).inputValue(),
    phone1: await page.getByRole('textbox', { name: 'Primary phone' }).inputValue(),
    address: await page.getByRole('textbox', { name: 'Complete address' }).inputValue(),
  };
}

const typed = { province: 'Punjab', city: 'Lahore', name: 'Ayesha Khan', phone1: '۰۳۰۰-۱۲۳۴۵۶۷', address: 'House 12, Street 4\nGulberg III' };

describe('details remembered', () => {
  test('the checkout keeps what was typed through the cart and a reload, and the next one is filled from the saved address', async () => {
    const { shop, browser } = files;
    await signUpCustomer(browser, shop, { email: 'ayesha.details@example.pk' });
    const page = await newPage(browser, viewports.phone);
    try {
      await addFromHome(page, 'Galaxy A34 Flip Cover');
      await page.goto(`${shop.baseUrl}/cart`);
      await openCheckout(page);
      await page.getByRole('combobox', { name: 'Province' }).selectOption(typed.province);
      await page.getByRole('combobox', { name: 'City' }).fill(typed.city);
      await page.getByRole('textbox', { name: 'Full name' }).fill(typed.name);
      await page.getByRole('textbox', { name: 'Primary phone' }).fill(typed.phone1);
      await page.getByRole('textbox', { name: 'Complete address' }).fill(typed.address);

      await page.goto(`${shop.baseUrl}/cart`);
      await openCheckout(page);
      assert.deepEqual(await fields(page), typed, 'after the cart');
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
      assert.deepEqual(await fields(page), typed, 'after a reload');
      await page.goBack();
      await page.goForward();
      await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
      assert.deepEqual(await fields(page), typed, 'after Back and Forward');

      const answer = page.waitForResponse((response) => response.url().endsWith('/api/orders') && response.request().method() === 'POST');
      await page.getByRole('button', { name: 'Confirm & Place Order' }).click();
      const placed = await answer;
      assert.equal(placed.status(), 201);
      const order = (await placed.json()).order;
      assert.deepEqual([order.userDetails.phone1, order.userDetails.phone1Typed], ['+923001234567', typed.phone1]);
      await page.waitForURL(`${shop.baseUrl}/order-confirmation`);
      assert.equal(await page.evaluate(() => Object.keys(sessionStorage).filter((key) => key.startsWith('checkout-draft:')).length), 0);

      await addFromHome(page, 'Galaxy A34 Flip Cover');
      await page.goto(`${shop.baseUrl}/cart`);
      await openCheckout(page);
      await page.getByRole('combobox', { name: 'Saved addresses' }).waitFor();
      await page.waitForFunction(() => document.querySelector('textarea[name="address"]')?.value !== '');
      assert.deepEqual(await fields(page), typed, 'filled from the saved address');

      await page.goto(`${shop.baseUrl}/orders`);
      await page.getByRole('heading', { name: 'Saved addresses' }).waitFor();
      await page.getByText(`Ayesha Khan · ${typed.phone1} · House 12, Street 4, Gulberg III · Lahore, Punjab`).waitFor();
    } finally {
      await page.close();
    }
  });
});
