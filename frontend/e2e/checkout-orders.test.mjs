// Checkout and orders end to end (the purchase at phone width, 360 px; the 409 path at both widths), against the seeded shop (delivery Rs 250, WELCOME10:
// 10% from Rs 1,500): a whole purchase from the cards to the shopper's order delivered, run by the admin and
// e-mailed at every step; and an order whose price changed between the cart and the checkout (409 with the
// server's figures), placed at the new price with one more tap.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  admin,
  adminApi,
  homeCard,
  mailsTo,
  newPage,
  productNamed,
  shopForFile,
  sidewaysOverflow,
  signUpCustomer,
  viewports,
} from './harness.mjs';

/** Money as the shop shows it: 'Rs 1,299'. */
const rs = (rupees) => `Rs ${rupees.toLocaleString('en-US')}`;

const files = shopForFile();

function summaryValue(page, region, label) {
  return page
    .getByRole(region.role, { name: region.name })
    .locator('dt')
    .filter({ hasText: new RegExp(`^${label.replace(/[()]/g, '\\$&')}$`) })
    .locator('xpath=following-sibling::dd');
}

const cartSummary = { role: 'region', name: 'Summary' };
const orderSummary = { role: 'complementary', name: 'Order Summary' };

async function assertFits(page, where) {
  const overflow = await sidewaysOverflow(page);
  assert.ok(overflow <= 0, `${where} scrolls sideways by ${overflow}px`);
}

async function addFromHome(page, name) {
  const { shop } = files;
  if (new URL(page.url()).pathname !== '/') await page.goto(`${shop.baseUrl}/`);
  await (await homeCard(page, name)).getByRole('button', { name: 'Add', exact: true }).click();
}

async function fillDelivery(page, { phone = '0300 1234567' } = {}) {
  await page.getByRole('combobox', { name: 'Province' }).selectOption('Punjab');
  await page.getByRole('combobox', { name: 'City' }).fill('Lahore');
  await page.getByRole('textbox', { name: 'Full name' }).fill('Ayesha Khan');
  await page.getByRole('textbox', { name: 'Primary phone' }).fill(phone);
  await page.getByRole('textbox', { name: 'Complete address' }).fill('House 12, Street 4\nGulberg III');
}

/** Clicks 'Confirm & Place Order' and answers the status and body of POST /api/orders. */
async function placeOrder(page) {
  const answer = page.waitForResponse((response) => response.url().endsWith('/api/orders') && response.request().method() === 'POST');
  await page.getByRole('button', { name: 'Confirm & Place Order' }).click();
  const response = await answer;
  return { status: response.status(), body: await response.json() };
}

/** The shopper's card of order `id` on /orders, expanded. */
async function myOrder(page, id) {
  const { shop } = files;
  await page.goto(`${shop.baseUrl}/orders`);
  await page.getByRole('heading', { level: 1, name: 'My Orders' }).waitFor();
  const card = page.getByRole('article', { name: `Order #${id}` });
  const toggle = card.getByRole('button', { name: new RegExp(`^Order #${id}`) });
  await toggle.click();
  assert.equal(await toggle.getAttribute('aria-expanded'), 'true');
  return card;
}

async function adminOrder(page, id) {
  const card = page.getByRole('article', { name: `Order #${id}` });
  await card.waitFor();
  const toggle = card.getByRole('button', { name: new RegExp(`^#${id}(?!\\d)`) });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  return card;
}

async function changeStatus(page, id, action, badge) {
  const card = await adminOrder(page, id);
  await card.getByRole('button', { name: action, exact: true }).click();
  // Final steps ask first, in a dialog naming the order (docs/decisions/0040-the-owners-day.md).
  if (action === 'Deliver') await page.getByRole('alertdialog').getByRole('button', { name: 'Mark delivered' }).click();
  await card.getByRole('status').filter({ hasText: 'Order status updated.' }).waitFor();
  await card.getByRole('button', { name: new RegExp(`^#${id}(?!\\d).*${badge}$`) }).waitFor();
}

describe('checkout and orders', () => {
  test('the whole purchase: cart with a coupon, checkout, confirmation, My Orders, and the admin approving, dispatching and delivering', async () => {
    const { shop, browser } = files;
    const customer = await signUpCustomer(browser, shop, { email: 'ayesha.buyer@example.pk' });
    const page = await newPage(browser, viewports.phone);
    const adminPage = await newPage(browser, viewports.phone);
    try {
      await page.goto(`${shop.baseUrl}/`);
      await page.evaluate(() => localStorage.clear());
      // Rs 999 (free delivery) + Rs 399 = Rs 1,398; delivery Rs 250; WELCOME10 takes 10% of Rs 1,648 = Rs 165.
      await addFromHome(page, 'Galaxy A34 Flip Cover');
      await addFromHome(page, 'Handsfree with Mic 3.5mm');
      await page.goto(`${shop.baseUrl}/cart`);
      await summaryValue(page, cartSummary, 'Delivery').filter({ hasText: 'Rs 250' }).waitFor();
      await page.getByRole('textbox', { name: 'Coupon code' }).fill('WELCOME10');
      await page.getByRole('button', { name: 'Apply' }).click();
      await page.getByRole('status').filter({ hasText: 'Coupon "WELCOME10" applied!' }).waitFor();
      assert.equal(await summaryValue(page, cartSummary, 'Total').innerText(), 'Rs 1,483');

      await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
      await page.waitForURL(`${shop.baseUrl}/checkout`);
      await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
      await summaryValue(page, orderSummary, 'Delivery').filter({ hasText: 'Rs 250' }).waitFor();
      assert.equal(await summaryValue(page, orderSummary, 'Subtotal').innerText(), 'Rs 1,398');
      assert.equal(await summaryValue(page, orderSummary, 'Coupon (WELCOME10)').innerText(), '- Rs 165');
      assert.equal(await summaryValue(page, orderSummary, 'Total').innerText(), 'Rs 1,483');
      assert.equal(await page.getByRole('textbox', { name: 'Country' }).inputValue(), 'Pakistan');
      assert.equal(await page.getByRole('textbox', { name: 'Email' }).inputValue(), customer.email);
      assert.equal(await page.getByRole('combobox', { name: 'City' }).isDisabled(), true);
      await assertFits(page, 'the checkout');

      // Nothing is sent while a field is wrong; its error shows beside it.
      await page.getByRole('button', { name: 'Confirm & Place Order' }).click();
      await page.getByText('Phone number is required.').waitFor();

      await fillDelivery(page);
      const placed = await placeOrder(page);
      assert.equal(placed.status, 201, JSON.stringify(placed.body));
      const id = placed.body.order._id;
      assert.deepEqual(
        { subtotal: placed.body.order.subtotal, deliveryCharge: placed.body.order.deliveryCharge, total: placed.body.order.total },
        { subtotal: 1398, deliveryCharge: 250, total: 1483 },
      );

      await page.waitForURL(`${shop.baseUrl}/order-confirmation`);
      await page.getByRole('heading', { level: 1, name: 'Order Placed — Awaiting Approval' }).waitFor();
      assert.equal(await page.getByRole('link', { name: 'Continue Shopping' }).getAttribute('href'), '/');
      assert.equal(await page.evaluate(() => JSON.parse(localStorage.getItem('cart')).items.length), 0, 'the cart is empty');
      await assertFits(page, 'the confirmation');
      await page.getByRole('link', { name: 'View My Orders' }).click();
      await page.waitForURL(`${shop.baseUrl}/orders`);

      let card = await myOrder(page, id);
      assert.match(await card.getByRole('button').first().innerText(), /2 items · Rs 1,483\s*Pending/);
      assert.equal(await card.getByRole('region', { name: 'Delivery address' }).innerText(), 'Delivery address\nAyesha Khan\nHouse 12, Street 4\nGulberg III\nLahore, Punjab');
      assert.equal(await summaryValue(card, { role: 'region', name: 'Payment' }, 'Coupon (WELCOME10)').innerText(), '- Rs 165');
      await assertFits(page, 'My Orders');

      // The admin finds the order by the shopper's phone number and moves it on; the shopper sees each status.
      await adminPage.goto(`${shop.baseUrl}/admin/orders`);
      await adminPage.getByLabel('Email').fill(admin.email);
      await adminPage.getByLabel('Password').fill(admin.password);
      await adminPage.getByRole('button', { name: 'Login', exact: true }).click();
      await adminPage.waitForURL(`${shop.baseUrl}/admin/orders`);
      await adminPage.getByRole('heading', { level: 1, name: 'Customer Orders' }).waitFor();
      await adminPage.getByRole('searchbox', { name: 'Search orders' }).fill('0300 1234567');
      await adminPage.getByText('Showing 1 of 1 orders').waitFor();
      const detail = await adminOrder(adminPage, id);
      assert.match(await detail.getByRole('region', { name: 'Customer' }).innerText(), /\+923001234567[\s\S]*ayesha\.buyer@example\.pk/);
      await assertFits(adminPage, 'the admin orders page');

      for (const [action, status] of [
        ['Approve', 'Approved'],
        ['Dispatch', 'Dispatched'],
        ['Deliver', 'Delivered'],
      ]) {
        await changeStatus(adminPage, id, action, status);
        card = await myOrder(page, id);
        assert.match(await card.getByRole('button').first().innerText(), new RegExp(`${status}$`));
      }
      const history = await card.getByRole('region', { name: 'History' }).getByRole('listitem').allInnerTexts();
      assert.deepEqual(
        history.map((entry) => entry.split(' ')[0]),
        ['Pending', 'Approved', 'Dispatched', 'Delivered'],
      );
      assert.equal(await (await adminOrder(adminPage, id)).getByRole('group').count(), 0, 'a delivered order offers no action');

      // The coupon's use is counted, and the coupons page says so.
      await adminPage.goto(`${shop.baseUrl}/admin/coupons`);
      await adminPage.getByRole('article', { name: /WELCOME10/ }).getByText('1 use', { exact: true }).waitFor();

      // The shop owner heard of the order; the shopper got the confirmation link, then each change, the last
      // with a review link per product.
      const [ownerMail] = await mailsTo(shop, admin.email, 1);
      assert.match(ownerMail, new RegExp(`Subject: New order #${id}: Rs 1,483`));
      const mails = await mailsTo(shop, customer.email, 4);
      assert.deepEqual(
        mails.map((mail) => /Subject: (.*)/.exec(mail)?.[1].trim()),
        [
          `Please confirm your order #${id}`,
          `Your order #${id} is approved`,
          `Your order #${id} is dispatched`,
          `Your order #${id} is delivered`,
        ],
      );
      const links = new Set(mails[3].match(new RegExp(`${shop.baseUrl}/review\\?token=[A-Za-z0-9_-]+`, 'g')));
      assert.equal(links.size, 2, 'one review link for each of the two products');
    } finally {
      await adminPage.close();
      await page.close();
    }
  });

  for (const [width, viewport] of Object.entries(viewports)) {
    test(`a price changed between cart and checkout: the shopper sees the new total and places the order at it (${width} width)`, async () => {
      const { shop, browser } = files;
      await signUpCustomer(browser, shop, { email: `bilal.${width}@example.pk`, name: 'Bilal Ahmed' });
      const page = await newPage(browser, viewport);
      try {
        // A plain price (no sale, no discount), delivery Rs 250; the admin raises it by Rs 50 meanwhile.
        const product = await productNamed(shop, 'Redmi Note 13 Matte Case');
        const [before, after] = [product.price, product.price + 50];
        await page.goto(`${shop.baseUrl}/`);
        await page.evaluate(() => localStorage.clear());
        await addFromHome(page, product.name);
        await page.goto(`${shop.baseUrl}/checkout`);
        await summaryValue(page, orderSummary, 'Total').filter({ hasText: rs(before + 250) }).waitFor();
        await fillDelivery(page, { phone: '0321 7654321' });

        const api = await adminApi(shop);
        await api.form('PUT', `/api/products/${product._id}`, {
          name: product.name,
          category: product.category._id,
          price: after,
          salePrice: '',
          discountPercent: '',
          description: product.description,
          color: product.color,
          quantity: product.quantity,
          featured: product.featured,
          freeDelivery: product.freeDelivery,
        });

        const refused = await placeOrder(page);
        assert.equal(refused.status, 409, JSON.stringify(refused.body));
        const alert = page.getByRole('alert').filter({ hasText: refused.body.message });
        await alert.waitFor();
        for (const change of refused.body.quote.changes) await alert.getByText(change).waitFor();
        await alert.getByText(rs(after + 250), { exact: true }).waitFor();
        await summaryValue(page, orderSummary, 'Total').filter({ hasText: rs(after + 250) }).waitFor();
        assert.equal(await summaryValue(page, orderSummary, 'Subtotal').innerText(), rs(after));
        await assertFits(page, 'the checkout with the new figures');

        const placed = await placeOrder(page);
        assert.equal(placed.status, 201, JSON.stringify(placed.body));
        assert.equal(placed.body.order.total, after + 250);
        assert.deepEqual(
          placed.body.order.cart.map(({ name, quantity, price }) => ({ name, quantity, price })),
          [{ name: product.name, quantity: 1, price: after }],
        );
        await page.getByRole('heading', { level: 1, name: 'Order Placed — Awaiting Approval' }).waitFor();
        const card = await myOrder(page, placed.body.order._id);
        assert.match(await card.getByRole('button').first().innerText(), new RegExp(`1 item · ${rs(after + 250)}\\s*Pending`));
      } finally {
        await page.close();
      }
    });
  }
});
