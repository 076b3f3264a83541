// COD checks end to end at phone width (360 px), against the seeded shop (delivery Rs 250): the blocklist
// refusing a checkout, the e-mailed confirmation link confirming an order, an order's risk reasons and its
// WhatsApp link on the admin's orders page, and a rule changed on the Order checks page changing the score.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { admin, adminApi, homeCard, mailsTo, newPage, productNamed, sessionRequest, shopForFile, sidewaysOverflow, signUpCustomer, viewports } from './harness.mjs';

/** Money as the shop shows it: 'Rs 1,299'. */
const rs = (rupees) => `Rs ${rupees.toLocaleString('en-US')}`;

const files = shopForFile();

async function assertFits(page, where) {
  const overflow = await sidewaysOverflow(page);
  assert.ok(overflow <= 0, `${where} scrolls sideways by ${overflow}px`);
}

/** A new phone-width page at `path`, the admin signed in (the browser's cookie jar is shared by its pages). */
async function adminPageAt(path) {
  const { shop, browser } = files;
  const login = await sessionRequest(browser, 'post', `${shop.baseUrl}/api/admin/login`, { data: admin });
  assert.equal(login.status(), 200, await login.text());
  const page = await newPage(browser, viewports.phone);
  await page.goto(`${shop.baseUrl}${path}`);
  return page;
}

/** Empties the cart, adds one `name` from the home page and opens the checkout. */
async function checkoutWith(page, name) {
  const { shop } = files;
  await page.goto(`${shop.baseUrl}/`);
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await (await homeCard(page, name)).getByRole('button', { name: 'Add', exact: true }).click();
  await page.goto(`${shop.baseUrl}/checkout`);
  await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
}

async function fillDelivery(page, { phone, address = 'House 12, Street 4\nGulberg III', name = 'Ayesha Khan' }) {
  await page.getByRole('combobox', { name: 'Province' }).selectOption('Punjab');
  await page.getByRole('combobox', { name: 'City' }).fill('Lahore');
  await page.getByRole('textbox', { name: 'Full name' }).fill(name);
  await page.getByRole('textbox', { name: 'Primary phone' }).fill(phone);
  await page.getByRole('textbox', { name: 'Complete address' }).fill(address);
}

/** Clicks 'Confirm & Place Order' and answers the status and body of POST /api/orders. */
async function placeOrder(page) {
  const answer = page.waitForResponse((response) => response.url().endsWith('/api/orders') && response.request().method() === 'POST');
  await page.getByRole('button', { name: 'Confirm & Place Order' }).click();
  const response = await answer;
  return { status: response.status(), body: await response.json() };
}

/** The admin's card of order `id` on the orders page, searched for by its number. */
async function adminOrderCard(page, id) {
  const { shop } = files;
  await page.goto(`${shop.baseUrl}/admin/orders?q=${id}`);
  await page.getByRole('heading', { level: 1, name: 'Customer Orders' }).waitFor();
  const card = page.getByRole('article', { name: `Order #${id}` });
  await card.waitFor();
  return card;
}

describe('COD checks', () => {
  test('the admin blocks a phone on the Blocklist page; a checkout with it written another way is refused politely and recorded', async () => {
    const { shop, browser } = files;
    await signUpCustomer(browser, shop, { email: 'blocked.buyer@example.pk', name: 'Kamran Ali' });
    const adminPage = await adminPageAt('/admin/blocklist');
    const page = await newPage(browser, viewports.phone);
    try {
      await adminPage.getByRole('heading', { level: 1, name: 'Blocklist' }).waitFor();
      const form = adminPage.getByRole('form', { name: 'Block a phone or e-mail' });
      await form.getByRole('textbox', { name: 'Phone number or e-mail' }).fill('0333 7654321');
      await form.getByRole('textbox', { name: 'Reason' }).fill('Refused three parcels');
      await form.getByRole('button', { name: 'Block' }).click();
      await form.getByRole('status').filter({ hasText: 'Blocked.' }).waitFor();
      const entry = adminPage.getByRole('article', { name: '+923337654321' });
      await entry.getByText('Refused three parcels').waitFor();
      assert.match(await entry.innerText(), /Phone · blocked .* · 0 attempts/);
      await assertFits(adminPage, 'the Blocklist page');

      const product = await productNamed(shop, 'Infinix Hot 40 Pro Clear Case');
      await checkoutWith(page, product.name);
      await fillDelivery(page, { phone: '+92-333-765-4321', name: 'Kamran Ali' });
      const refused = await placeOrder(page);
      assert.equal(refused.status, 403, JSON.stringify(refused.body));
      const polite = "Sorry, we can't take this order for cash on delivery. Please contact us if you need help.";
      await page.getByRole('alert').filter({ hasText: polite }).waitFor();
      assert.equal(new URL(page.url()).pathname, '/checkout');
      assert.deepEqual(
        await page.evaluate(() => JSON.parse(localStorage.getItem('cart')).items.map((item) => item.name)),
        [product.name],
        'the cart stays',
      );
      await assertFits(page, 'the refused checkout');

      const api = await adminApi(shop);
      const orders = await api.json('GET', '/api/orders?q=7654321');
      assert.equal(orders.total, 0, 'no order was placed');
      assert.equal((await productNamed(shop, product.name)).stock, product.stock, 'no stock was taken');

      await adminPage.reload();
      await entry.getByText('1 attempt', { exact: false }).waitFor();
      const rows = adminPage.getByRole('region', { name: 'Refused checkouts' }).getByRole('row');
      await rows.nth(1).waitFor();
      const cells = await rows.nth(1).getByRole('cell').allInnerTexts();
      assert.deepEqual(cells.slice(1), ['1', 'Kamran Ali', '+923337654321', 'blocked.buyer@example.pk', 'Lahore', rs(product.price + 250)]);
      await assertFits(adminPage, 'the Blocklist page with an attempt');
    } finally {
      await page.close();
      await adminPage.close();
    }
  });

  test('the e-mailed link confirms an order once; the admin sees it confirmed', async () => {
    const { shop, browser } = files;
    const customer = await signUpCustomer(browser, shop, { email: 'confirming.buyer@example.pk', name: 'Sana Iqbal' });
    const page = await newPage(browser, viewports.phone);
    let adminPage;
    try {
      await checkoutWith(page, 'Dual USB 2.4A Home Charger');
      await fillDelivery(page, { phone: '0345 1112233', name: 'Sana Iqbal' });
      const placed = await placeOrder(page);
      assert.equal(placed.status, 201, JSON.stringify(placed.body));
      const id = placed.body.order._id;
      assert.equal(placed.body.order.confirmedAt, null);

      const mails = await mailsTo(shop, customer.email, 1);
      const mail = mails.find((text) => text.includes(`Subject: Please confirm your order #${id}`));
      assert.ok(mail, `no confirmation e-mail among ${mails.length}`);
      const link = new RegExp(`Confirm my order: (${shop.baseUrl}/confirm-order\\?order=${id}&token=[A-Za-z0-9_-]{43})`).exec(mail)?.[1];
      assert.ok(link, 'the e-mail carries the confirmation link');

      await page.goto(link);
      await page.getByRole('heading', { level: 1, name: 'Confirm Your Order' }).waitFor();
      await page.getByRole('status').filter({ hasText: `Thank you! Your order #${id} is confirmed.` }).waitFor();
      await assertFits(page, 'the confirmation page');

      adminPage = await adminPageAt(`/admin/orders?q=${id}`);
      const card = await adminOrderCard(adminPage, id);
      await card.getByText(/^Confirmed/).waitFor();
      assert.equal(await card.getByText('Not confirmed').count(), 0);
      // Sort, risk and confirmation wait under 'More filters' (docs/decisions/0040-the-owners-day.md).
      await adminPage.getByText('More filters').click();
      await adminPage.getByRole('combobox', { name: 'Confirmation' }).selectOption('Confirmed');
      await card.waitFor();

      // Opened again: good news, not an error.
      await page.goto(link);
      const again = page.getByRole('status').filter({ hasText: 'This order is already confirmed.' });
      await again.waitFor();
      assert.match(await again.getAttribute('class'), /confirm-order__message--success/);
      assert.equal(await page.getByRole('alert').filter({ hasText: 'This order is already confirmed.' }).count(), 0);

      // My Orders says so too, in words.
      await page.goto(`${shop.baseUrl}/orders`);
      await page.getByRole('article', { name: `Order #${id}` }).getByText('✓ Confirmed by you', { exact: true }).waitFor();
    } finally {
      await adminPage?.close();
      await page.close();
    }
  });

  test('the admin sees an order’s risk reasons and its WhatsApp link, and a rule changed on the Order checks page changes the score', async () => {
    const { shop, browser } = files;
    await signUpCustomer(browser, shop, { email: 'vague.buyer@example.pk', name: 'Bilal Ahmed' });
    const page = await newPage(browser, viewports.phone);
    let adminPage;
    try {
      const product = await productNamed(shop, 'USB-A to USB-C Fast Charging Cable');
      await checkoutWith(page, product.name);
      // No house, street or plot number: the vague-address rule fires.
      await fillDelivery(page, { phone: '0300 9876543', name: 'Bilal Ahmed', address: 'Near the big mosque,\nModel Town' });
      const placed = await placeOrder(page);
      assert.equal(placed.status, 201, JSON.stringify(placed.body));
      const id = placed.body.order._id;
      const total = product.price + 250;

      const api = await adminApi(shop);
      const riskOf = async () => (await api.json('GET', `/api/orders?q=${id}`)).orders.find((order) => order._id === id).risk;
      const before = await riskOf();
      const vague = before.reasons.find((reason) => reason.rule === 'vague_address');
      assert.deepEqual(vague, { rule: 'vague_address', points: 15, text: 'The address has no house, street or plot number.' });
      const words = { low: 'Low risk', medium: 'Medium risk', high: 'High risk' };

      adminPage = await adminPageAt(`/admin/orders?q=${id}`);
      let card = await adminOrderCard(adminPage, id);
      await card.getByText(`${words[before.level]} · ${before.score}`, { exact: true }).waitFor();
      const reasons = card.getByRole('list', { name: `Risk reasons for order #${id}` });
      assert.ok((await reasons.getByRole('listitem').allInnerTexts()).includes('The address has no house, street or plot number. (+15)'));
      await card.getByText('Not confirmed', { exact: true }).waitFor();

      await card.getByRole('button', { name: new RegExp(`^#${id}(?!\\d)`) }).click();
      const whatsApp = card.getByRole('link', { name: 'Chat on WhatsApp' });
      const text = [
        `Assalam o Alaikum Bilal Ahmed, this is about your order #${id}:`,
        `1 x ${product.name}: ${rs(product.price)}`,
        'Delivery: Rs 250',
        `Total to pay on delivery: ${rs(total)}`,
        'Address: Near the big mosque, Model Town, Lahore',
        'Please reply YES to confirm your order.',
      ].join('\n');
      assert.equal(await whatsApp.getAttribute('href'), `https://wa.me/923009876543?text=${encodeURIComponent(text)}`);
      assert.equal(await whatsApp.getAttribute('target'), '_blank');
      assert.equal(await whatsApp.getAttribute('rel'), 'noopener noreferrer');
      const history = card.getByRole('region', { name: 'Contact history' });
      await history.getByText('No other orders.').first().waitFor();
      await assertFits(adminPage, 'the orders page with an order open');

      // Worth 35 points instead of 15: the order's score rises by 20.
      // The order-check links wait folded with the courier tools (docs/decisions/0040-the-owners-day.md).
      await adminPage.getByText('Courier hand-off and order checks').click();
      await adminPage.getByRole('link', { name: 'Order checks', exact: true }).click();
      await adminPage.getByRole('heading', { level: 1, name: 'Order Checks' }).waitFor();
      const rule = adminPage.getByRole('group', { name: 'Short or vague address' });
      await rule.getByRole('spinbutton', { name: 'Points' }).fill('35');
      await adminPage.getByRole('button', { name: 'Save' }).click();
      await adminPage.getByRole('status').filter({ hasText: '✅ Order checks saved. Pending orders are scored again.' }).waitFor();
      await assertFits(adminPage, 'the Order checks page');

      const after = await riskOf();
      assert.equal(after.score, Math.min(100, before.score + 20));
      card = await adminOrderCard(adminPage, id);
      await card.getByText(`${words[after.level]} · ${after.score}`, { exact: true }).waitFor();
      await card.getByRole('list', { name: `Risk reasons for order #${id}` }).getByText('The address has no house, street or plot number. (+35)').waitFor();
    } finally {
      await adminPage?.close();
      await page.close();
    }
  });
});
