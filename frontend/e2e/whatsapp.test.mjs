// WhatsApp end to end at phone width (360 px), against the seeded shop and adapters-whatsapp's fake Graph API
// (FAKE_GRAPH_BIN): a placed order's confirmation page names the WhatsApp message, the fake receives the
// template message with its Confirm and Cancel buttons, the shopper's Confirm arrives signed through the
// webhook, and the admin's order says 'Confirmed on WhatsApp' with the thread; My Orders says so too.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { adminApi, admin, homeCard, newPage, sessionRequest, shopForFile, sidewaysOverflow, signUpCustomer, viewports, whatsAppAccount } from './harness.mjs';

const files = shopForFile({ whatsapp: true });

/** Polls `read` until it answers something (a state of the shop or the fake), for at most 30 s. */
async function eventually(what, read) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const found = await read();
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`${what} did not happen within 30 s`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** With WHATSAPP_SCREENSHOTS=<dir>, keeps a full-page PNG of `page` there, to look at the screens by eye. */
async function screenshot(page, name) {
  const dir = process.env.WHATSAPP_SCREENSHOTS;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

async function assertFits(page, where) {
  const overflow = await sidewaysOverflow(page);
  assert.ok(overflow <= 0, `${where} scrolls sideways by ${overflow}px`);
}

describe('WhatsApp', () => {
  test('a placed order is confirmed with the WhatsApp Confirm button and the admin sees it with the thread', async () => {
    const { shop, browser } = files;
    const customer = await signUpCustomer(browser, shop, { email: 'whatsapp.buyer@example.pk', name: 'Sana Iqbal' });
    const page = await newPage(browser, viewports.phone);
    let adminPage;
    try {
      // The checkout, as the shopper goes through it.
      await page.goto(`${shop.baseUrl}/`);
      await (await homeCard(page, 'USB-A to USB-C Fast Charging Cable')).getByRole('button', { name: 'Add', exact: true }).click();
      await page.goto(`${shop.baseUrl}/checkout`);
      await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
      await page.getByRole('combobox', { name: 'Province' }).selectOption('Punjab');
      await page.getByRole('combobox', { name: 'City' }).fill('Lahore');
      await page.getByRole('textbox', { name: 'Full name' }).fill(customer.name);
      await page.getByRole('textbox', { name: 'Primary phone' }).fill('0300-1234567');
      await page.getByRole('textbox', { name: 'Complete address' }).fill('House 12, Street 4\nGulberg III');
      const answer = page.waitForResponse((response) => response.url().endsWith('/api/orders') && response.request().method() === 'POST');
      await page.getByRole('button', { name: 'Confirm & Place Order' }).click();
      const placed = await answer;
      assert.equal(placed.status(), 201, await placed.text());
      const { order, confirmWithinHours } = await placed.json();
      const id = order._id;
      assert.equal(order.whatsappTo, '0300 1234567');
      assert.equal(order.confirmedVia, null);

      // The confirmation page's next step names the WhatsApp message first, the e-mail after it.
      const next = page.getByRole('region', { name: 'What happens next' });
      await next.waitFor();
      const steps = next.getByRole('listitem');
      assert.equal(await steps.nth(0).innerText(), `We've sent a WhatsApp message to 0300 1234567: tap Confirm within ${confirmWithinHours} hours.`);
      assert.match(await steps.nth(1).innerText(), /^We have e-mailed you a link to confirm your order/);
      await assertFits(page, 'the confirmation page');
      await screenshot(page, 'confirmation');

      // Meta (the fake) gets the template message with the two buttons.
      const graph = shop.whatsapp;
      const sent = await eventually('the confirmation message', async () => (await graph.messages()).find((message) => message.to === '923001234567'));
      assert.equal(sent.authorization, `Bearer ${whatsAppAccount.accessToken}`);
      assert.equal(sent.body.type, 'template');
      assert.equal(sent.body.template.name, 'order_confirmation');
      assert.deepEqual(sent.body.template.language, { code: 'en' });
      const buttons = sent.body.template.components.filter((component) => component.type === 'button');
      assert.deepEqual(
        buttons.map((button) => [button.sub_type, button.index]),
        [
          ['quick_reply', '0'],
          ['quick_reply', '1'],
        ],
      );
      const confirmPayload = buttons[0].parameters[0].payload;
      assert.match(confirmPayload, new RegExp(`^confirm:${id}:`));

      // The shopper taps Confirm: Meta posts it, signed, to the shop's webhook.
      const reply = await graph.reply({ webhookUrl: graph.webhookUrl, from: '923001234567', buttonPayload: confirmPayload });
      assert.equal(reply.status, 200);

      // The order is confirmed on WhatsApp (the shop may act on the reply a moment after answering Meta).
      const api = await adminApi(shop);
      await eventually('the WhatsApp confirmation', async () => {
        const { orders } = await api.json('GET', `/api/orders?q=${id}`);
        return orders.find((candidate) => candidate._id === id && candidate.confirmedVia === 'whatsapp');
      });

      // The admin's order says so, with the thread.
      const login = await sessionRequest(browser, 'post', `${shop.baseUrl}/api/admin/login`, { data: admin });
      assert.equal(login.status(), 200, await login.text());
      adminPage = await newPage(browser, viewports.phone);
      await adminPage.goto(`${shop.baseUrl}/admin/orders?q=${id}`);
      const card = adminPage.getByRole('article', { name: `Order #${id}` });
      await card.getByText(/^Confirmed on WhatsApp/).waitFor();
      await card.getByRole('button', { name: new RegExp(`^#${id}`) }).click();
      const thread = card.getByRole('region', { name: 'WhatsApp' });
      await thread.getByText('✓ Confirmed on WhatsApp', { exact: true }).waitFor();
      const messages = thread.getByRole('list', { name: `WhatsApp messages of order #${id}` }).getByRole('listitem');
      assert.match(await messages.nth(0).innerText(), /^Shop · Confirmation request/);
      assert.ok((await messages.count()) >= 2, 'the thread holds the confirmation and the reply');
      assert.match(await messages.nth(1).innerText(), /^Shopper · Reply/);
      await assertFits(adminPage, "the admin's order with its WhatsApp thread");
      await screenshot(adminPage, 'admin-order');

      // My Orders says it is confirmed, in words.
      await page.goto(`${shop.baseUrl}/orders`);
      await page.getByRole('article', { name: `Order #${id}` }).getByText('✓ Confirmed by you on WhatsApp', { exact: true }).waitFor();
      await assertFits(page, 'My Orders');
      await screenshot(page, 'my-orders');
    } finally {
      await adminPage?.close();
      await page.close();
    }
  });
});
