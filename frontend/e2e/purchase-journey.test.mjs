// The whole purchase of a first-time shopper on a phone (360 × 640), as issue 26 tells it: signed out with a
// cart, the checkout sends them to log in and says why at the top of the screen, they create the account on
// the way (with their name), come back to /checkout at its top with the cart intact, place the order and land
// on a confirmation page whose order number is on the first screen, with the next step in words.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { homeCard, newPage, shopForFile } from './harness.mjs';

const files = shopForFile();

/** A small phone's screen. */
const smallPhone = { width: 360, height: 640 };

/**
 * Fills the checkout's delivery details: every field the form asks goes through here, so a change of the
 * form (a City field that narrows as one types, say) changes this function alone.
 */
async function fillDelivery(page, { province = 'Punjab', city = 'Lahore', phone = '0300 1234567' } = {}) {
  await page.getByRole('combobox', { name: 'Province' }).selectOption(province);
  await page.getByRole('combobox', { name: 'City' }).fill(city);
  await page.getByRole('textbox', { name: 'Primary phone' }).fill(phone);
  await page.getByRole('textbox', { name: 'Complete address' }).fill('House 12, Street 4\nGulberg III');
}

/** Whether the whole of `locator` is on the screen as it stands, without scrolling. */
async function onFirstScreen(page, locator) {
  const box = await locator.boundingBox();
  const { scrollY, innerHeight } = await page.evaluate(() => ({ scrollY: window.scrollY, innerHeight: window.innerHeight }));
  return box !== null && scrollY === 0 && box.y >= 0 && box.y + box.height <= innerHeight;
}

function summaryValue(page, label) {
  return page
    .getByRole('complementary', { name: 'Order Summary' })
    .locator('dt')
    .filter({ hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd');
}

describe('the purchase of a first-time shopper at 360 × 640', () => {
  test('signed out with a cart: told why at login, signs up on the way, back at checkout with the cart, order number on the first screen', async () => {
    const { shop, browser } = files;
    const page = await newPage(browser, smallPhone);
    const email = `first.buyer.${Date.now()}@example.pk`;
    try {
      await page.goto(`${shop.baseUrl}/`);
      await page.evaluate(() => localStorage.clear());
      for (const name of ['Galaxy A34 Flip Cover', 'Handsfree with Mic 3.5mm']) {
        await (await homeCard(page, name)).getByRole('button', { name: 'Add', exact: true }).click();
      }
      await page.goto(`${shop.baseUrl}/cart`);
      // Scrolled down the cart to its button, as a shopper would be.
      const proceed = page.getByRole('link', { name: 'Proceed to Checkout' });
      await proceed.scrollIntoViewIfNeeded();
      await proceed.click();

      // The login page says why, at the top of the screen, and offers an account as prominently as a login.
      await page.waitForURL(`${shop.baseUrl}/login`);
      const reason = page.getByText('Log in or create an account to place your order', { exact: true });
      await reason.waitFor();
      assert.ok(await onFirstScreen(page, reason), 'the reason is on the first screen of the login page');
      const create = page.getByRole('link', { name: 'Create an account' });
      const login = page.getByRole('button', { name: 'Login', exact: true });
      const [createBox, loginBox] = [await create.boundingBox(), await login.boundingBox()];
      assert.deepEqual(
        [Math.round(createBox.width), Math.round(createBox.height)],
        [Math.round(loginBox.width), Math.round(loginBox.height)],
        "'Create an account' is the size of 'Login'",
      );
      await create.click();

      // Sign-up asks the name; the way back to checkout is kept.
      await page.waitForURL(`${shop.baseUrl}/signup`);
      await page.getByText('Log in or create an account to place your order', { exact: true }).waitFor();
      await page.getByLabel('Your name').fill('Ayesha Khan');
      await page.getByLabel('Email', { exact: true }).fill(email);
      await page.getByLabel('Password', { exact: true }).fill('Shopper-pass-2025');
      await page.getByRole('button', { name: 'Sign Up', exact: true }).click();

      // Back at checkout, at its top, with the cart: Rs 999 (free delivery) + Rs 399, delivery Rs 250.
      await page.waitForURL(`${shop.baseUrl}/checkout`);
      const heading = page.getByRole('heading', { level: 1, name: 'Checkout' });
      await heading.waitFor();
      await summaryValue(page, 'Total').filter({ hasText: 'Rs 1,648' }).waitFor();
      assert.equal(await summaryValue(page, 'Subtotal').innerText(), 'Rs 1,398');
      assert.equal(await page.evaluate(() => window.scrollY), 0, 'checkout opens at its top');
      assert.ok(await onFirstScreen(page, heading), 'the checkout heading is on the first screen');
      assert.equal(await page.getByRole('textbox', { name: 'Full name' }).inputValue(), 'Ayesha Khan', 'the name given at sign-up, never Customer');
      assert.equal(await page.getByRole('textbox', { name: 'Email' }).inputValue(), email);

      await fillDelivery(page);
      const answer = page.waitForResponse((response) => response.url().endsWith('/api/orders') && response.request().method() === 'POST');
      await page.getByRole('button', { name: 'Confirm & Place Order' }).click();
      const placed = await answer;
      assert.equal(placed.status(), 201);
      const id = (await placed.json()).order._id;

      // The confirmation: the order number on the first screen, what was ordered, the total and the next step.
      await page.waitForURL(`${shop.baseUrl}/order-confirmation`);
      const number = page.getByText(`Your order number is #${id}`, { exact: true });
      await number.waitFor();
      assert.ok(await onFirstScreen(page, number), 'the order number is on the first screen of the confirmation');
      await page.getByText('Total to pay on delivery: Rs 1,648', { exact: true }).waitFor();
      const next = page.getByRole('region', { name: 'What happens next' });
      await next.getByText(/within 24 hours, or the order may be cancelled\.$/).waitFor();
      await next.getByText(/delivery takes 3–4 working days\./).waitFor();
      const items = await page.getByRole('region', { name: 'What you ordered' }).getByRole('listitem').allInnerTexts();
      assert.deepEqual(items.map((item) => item.replace(/\s+/g, ' ')).sort(), ['Galaxy A34 Flip Cover × 1 Rs 999', 'Handsfree with Mic 3.5mm × 1 Rs 399']);
    } finally {
      await page.close();
    }
  });
});
