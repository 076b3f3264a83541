// The send-email page end to end: two customers sign up, the admin sends an e-mail to one of them through
// the outbox, the SMTP sink receives it (and nothing for the other), and the status panel counts it sent.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { admin, shopForFile, viewports } from './harness.mjs';

let shop;
let browser;

shopForFile((started) => ({ shop, browser } = started));

async function signUp(email) {
  const response = await fetch(`${shop.baseUrl}/api/auth/signup`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: 'secret-123' }),
  });
  assert.ok(response.ok, `sign-up of ${email} answered ${response.status}`);
}

async function assertNoSidewaysScroll(page, where) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `${where} scrolls sideways by ${overflow}px`);
}

async function waitFor(check, what, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (check()) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  assert.fail(`timed out after ${timeoutMs} ms waiting for ${what}`);
}

function statusCount(page, label) {
  return page
    .getByRole('region', { name: 'Email status' })
    .locator('dt')
    .filter({ hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd');
}

test('send an e-mail to one chosen customer, at phone and desktop width', async () => {
  const stamp = Date.now();
  const chosen = `chosen-${stamp}@example.pk`;
  const other = `other-${stamp}@example.pk`;
  await signUp(chosen);
  await signUp(other);

  const page = await browser.context.newPage();
  await page.setViewportSize(viewports.phone);
  try {
    await page.goto(`${shop.baseUrl}/admin/send-email`);
    await page.waitForURL(`${shop.baseUrl}/admin/login`);
    await page.getByLabel('Email').fill(admin.email);
    await page.getByLabel('Password').fill(admin.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForURL(`${shop.baseUrl}/admin/send-email`);
    await page.getByRole('heading', { level: 1, name: 'Send Email to Customer' }).waitFor();
    await statusCount(page, 'Sent').waitFor();
    assert.equal(await statusCount(page, 'Sent').innerText(), '0');

    // Nothing typed: refused on the page, nothing sent.
    await page.getByRole('button', { name: 'Preview', exact: true }).click();
    await page.getByText('Subject and message are required.').waitFor();

    const subject = `Eid sale ${stamp}`;
    await page.getByRole('textbox', { name: 'Subject' }).fill(subject);
    await page.getByRole('textbox', { name: 'Message' }).fill('Everything is 10% off this week.');
    // Nobody is chosen at first (decisions/0041).
    assert.equal(await page.getByRole('radio', { name: 'Selected customers' }).isChecked(), true);
    const picker = page.getByRole('group', { name: /^Customers/ });
    await picker.getByRole('checkbox', { name: chosen }).check();
    assert.equal(await picker.getByRole('checkbox', { name: other }).isChecked(), false);
    await assertNoSidewaysScroll(page, 'the send-email page at phone width');

    await page.getByRole('button', { name: 'Preview', exact: true }).click();
    await page.getByRole('region', { name: 'Preview' }).getByText('This e-mail goes to 1 customer.').waitFor();
    await page.getByRole('button', { name: 'Send to 1 customer', exact: true }).click();
    await page.getByText('✅ Emails sent!').waitFor();
    assert.match(await page.getByText('✅ Emails sent!').innerText(), /1 e-mail queued/);

    // The worker drains the outbox into the SMTP sink: the chosen customer gets it, the other nothing.
    await waitFor(() => shop.smtp.lastTo(chosen)?.includes(subject), `the e-mail to ${chosen}`);
    assert.equal(shop.smtp.lastTo(other), undefined);
    assert.ok(shop.smtp.messages.every((message) => !message.to.includes(other)));

    // The status panel refreshes by itself.
    await statusCount(page, 'Sent').filter({ hasText: /^1$/ }).waitFor({ timeout: 15_000 });
    assert.equal(await statusCount(page, 'Failed').innerText(), '0');

    await page.setViewportSize(viewports.desktop);
    await page.getByRole('button', { name: 'Preview', exact: true }).waitFor();
    await assertNoSidewaysScroll(page, 'the send-email page at desktop width');
  } finally {
    await page.close();
  }
});
