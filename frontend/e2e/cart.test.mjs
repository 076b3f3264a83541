// The cart end to end: cards, badge, stepper, storage across reloads and tabs, the cart page's totals,
// delivery waiver and every coupon message, against the seeded shop (WELCOME10: 10%, minimum Rs 1,500;
// FLAT200: Rs 200 off, minimum Rs 2,000; delivery Rs 250).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { homeCard, shopForFile, viewports } from './harness.mjs';

const GREEN = 'rgb(21, 128, 61)';
const RED = 'rgb(185, 28, 28)';

let shop;
let browser;

shopForFile((started) => ({ shop, browser } = started));

/** A page at `viewport` with an empty cart. */
async function freshPage(viewport = viewports.desktop) {
  const page = await browser.context.newPage();
  await page.setViewportSize(viewport);
  await page.goto(`${shop.baseUrl}/`);
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  return page;
}

function card(page, name) {
  return page.getByRole('region', { name: 'All Mobile Accessories' }).getByRole('article').filter({ hasText: name });
}

function navCart(page) {
  return page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Cart/ });
}

async function addFromHome(page, name) {
  if (!page.url().endsWith('/') || page.url().includes('/cart')) await page.goto(`${shop.baseUrl}/`);
  await (await homeCard(page, name)).getByRole('button', { name: 'Add', exact: true }).click();
}

async function openCart(page) {
  await page.goto(`${shop.baseUrl}/cart`);
  await page.getByRole('heading', { level: 1, name: 'Cart Overview' }).waitFor();
}

function summaryValue(page, label) {
  return page
    .getByRole('region', { name: 'Summary' })
    .locator('dt')
    .filter({ hasText: new RegExp(`^${label.replace(/[()]/g, '\\$&')}$`) })
    .locator('xpath=following-sibling::dd');
}

async function waitForText(locator, text) {
  await locator.filter({ hasText: text }).waitFor();
  return locator.innerText();
}

function line(page, name) {
  return page.getByRole('region', { name: 'Items' }).getByRole('listitem').filter({ hasText: name });
}

async function applyCoupon(page, code) {
  const input = page.getByRole('textbox', { name: 'Coupon code' });
  await input.fill(code);
  await page.getByRole('button', { name: 'Apply' }).click();
}

async function couponMessage(page, text) {
  const message = page.getByRole('status').filter({ hasText: text });
  await message.waitFor();
  return message.evaluate((element) => getComputedStyle(element).color);
}

async function sidewaysOverflow(page) {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

for (const [name, viewport] of Object.entries(viewports)) {
  describe(`cart from the cards at ${name} width`, () => {
    test('adds from a card, steps up to the stock and no further, counts in the badge and survives a reload', async () => {
      const page = await freshPage(viewport);
      try {
        const earbuds = card(page, 'Budget TWS Earbuds');
        await earbuds.waitFor();
        assert.equal((await navCart(page).getAttribute('class')).includes('cart-link--filled'), false);
        assert.equal(await navCart(page).locator('.cart-link__badge').count(), 0);

        await earbuds.getByRole('button', { name: 'Add', exact: true }).click();

        assert.equal(await earbuds.getByRole('button', { name: 'Add', exact: true }).count(), 0);
        assert.equal(await earbuds.locator('output').innerText(), '1');
        assert.equal(await earbuds.getByRole('button', { name: 'Buy Now' }).count(), 1);
        assert.equal(await navCart(page).locator('.cart-link__badge').innerText(), '1');
        assert.equal(await navCart(page).evaluate((link) => getComputedStyle(link).color), GREEN);

        const plus = earbuds.getByRole('button', { name: 'Add one more' });
        await plus.click();
        assert.equal(await earbuds.locator('output').innerText(), '2');
        assert.equal(await plus.isDisabled(), true, 'plus is disabled at the stock of 2');
        await plus.click({ force: true });
        assert.equal(await earbuds.locator('output').innerText(), '2');
        assert.equal(await navCart(page).getAttribute('aria-label'), 'Cart, 2 items');
        assert.ok((await sidewaysOverflow(page)) <= 0, 'the home page scrolls sideways');

        await page.reload();
        await card(page, 'Budget TWS Earbuds').locator('output').waitFor();
        assert.equal(await card(page, 'Budget TWS Earbuds').locator('output').innerText(), '2');
        assert.equal(await navCart(page).locator('.cart-link__badge').innerText(), '2');

        await card(page, 'Budget TWS Earbuds').getByRole('button', { name: 'Buy Now' }).click();
        await page.waitForURL(`${shop.baseUrl}/cart`);
        await line(page, 'Budget TWS Earbuds').waitFor();
        assert.equal(await waitForText(summaryValue(page, 'Delivery'), 'Rs 250'), 'Rs 250');
        assert.equal(await summaryValue(page, 'Subtotal').innerText(), 'Rs 3,998');
        assert.equal(await summaryValue(page, 'Total').innerText(), 'Rs 4,248');
        assert.ok((await sidewaysOverflow(page)) <= 0, 'the cart page scrolls sideways');

        const earbudsLine = line(page, 'Budget TWS Earbuds');
        await earbudsLine.getByRole('button', { name: 'Remove one' }).click();
        await earbudsLine.getByRole('button', { name: 'Remove one' }).click();
        await page.getByText('Your cart is empty').waitFor();
        assert.equal(await page.getByText('Looks like you haven’t added anything yet.').count(), 1);
        assert.equal(await navCart(page).locator('.cart-link__badge').count(), 0);
      } finally {
        await page.close();
      }
    });
  });
}

test('a cart line stops at ten of one product, below its stock of 40, and says why, at phone width', async () => {
  const page = await freshPage(viewports.phone);
  try {
    await addFromHome(page, 'iPhone 14 Clear Shockproof Case');
    await openCart(page);
    const caseLine = line(page, 'iPhone 14 Clear Shockproof Case');
    const plus = caseLine.getByRole('button', { name: 'Add one more' });
    const limit = caseLine.getByText('You can order at most 10 of one item. Please contact us for larger orders.');

    for (let n = 2; n <= 10; n += 1) {
      await plus.click();
      await caseLine.locator('output').filter({ hasText: new RegExp(`^${n}$`) }).waitFor();
    }

    assert.equal(await plus.isDisabled(), true, 'plus is disabled at ten');
    await limit.waitFor();
    await plus.click({ force: true });
    assert.equal(await caseLine.locator('output').innerText(), '10');
    assert.ok((await sidewaysOverflow(page)) <= 0, 'the cart page scrolls sideways');
  } finally {
    await page.close();
  }
});

test('Buy adds the product and opens the cart; an empty cart shows its texts', async () => {
  const page = await freshPage();
  try {
    await openCart(page);
    await page.getByText('Your cart is empty').waitFor();
    assert.equal(await page.getByText('Looks like you haven’t added anything yet.').count(), 1);
    assert.equal(await page.getByRole('link', { name: /Continue Shopping/ }).getAttribute('href'), '/');

    await page.goto(`${shop.baseUrl}/`);
    await card(page, 'Handsfree with Mic 3.5mm').getByRole('button', { name: 'Buy', exact: true }).click();
    await page.waitForURL(`${shop.baseUrl}/cart`);
    await line(page, 'Handsfree with Mic 3.5mm').waitFor();
    const topBar = page.locator('.cart-topbar').getByRole('link', { name: /^Cart/ });
    assert.equal(await topBar.getAttribute('aria-label'), 'Cart, 1 item');
    assert.equal(await page.getByRole('link', { name: 'Proceed to Checkout' }).getAttribute('href'), '/checkout');
  } finally {
    await page.close();
  }
});

test('another tab sees the cart change', async () => {
  const first = await freshPage();
  const second = await browser.context.newPage();
  try {
    await second.goto(`${shop.baseUrl}/`);
    await card(second, 'Handsfree with Mic 3.5mm').waitFor();

    await addFromHome(first, 'Handsfree with Mic 3.5mm');

    await navCart(second).locator('.cart-link__badge').filter({ hasText: '1' }).waitFor();
    assert.equal(await card(second, 'Handsfree with Mic 3.5mm').locator('output').innerText(), '1');
  } finally {
    await second.close();
    await first.close();
  }
});

test("delivery is 'Free' when every item has free delivery, and charged otherwise", async () => {
  const page = await freshPage(viewports.phone);
  try {
    await addFromHome(page, 'iPhone 13 Leather Wallet Case');
    await openCart(page);
    await line(page, 'iPhone 13 Leather Wallet Case').waitFor();
    // Give the delivery-charge call time to land: the waiver must hold after it.
    await page.waitForLoadState('networkidle');
    assert.equal(await summaryValue(page, 'Delivery').innerText(), 'Free');
    assert.equal(await summaryValue(page, 'Total').innerText(), 'Rs 3,299');

    await addFromHome(page, 'Handsfree with Mic 3.5mm');
    await openCart(page);
    assert.equal(await waitForText(summaryValue(page, 'Delivery'), 'Rs 250'), 'Rs 250');
    assert.equal(await summaryValue(page, 'Total').innerText(), 'Rs 3,948');
  } finally {
    await page.close();
  }
});

for (const [name, viewport] of Object.entries(viewports)) {
  test(`every coupon message, and the coupon dropped below its minimum, at ${name} width`, async () => {
    const page = await freshPage(viewport);
    try {
      await addFromHome(page, 'Handsfree with Mic 3.5mm');
      await openCart(page);
      const handsfree = line(page, 'Handsfree with Mic 3.5mm');
      await waitForText(summaryValue(page, 'Delivery'), 'Rs 250');
      const input = page.getByRole('textbox', { name: 'Coupon code' });

      await applyCoupon(page, '   ');
      assert.equal(await couponMessage(page, 'Please enter a valid coupon code.'), RED);

      // A refused code stays in the field beside its message, to be corrected.
      await applyCoupon(page, 'WELCOM10');
      assert.equal(await couponMessage(page, 'Invalid or expired coupon.'), RED);
      assert.equal(await input.inputValue(), 'WELCOM10');

      // Rs 399 + Rs 250 = Rs 649, below FLAT200's Rs 2,000.
      await applyCoupon(page, 'FLAT200');
      assert.equal(await couponMessage(page, 'Minimum order of Rs 2,000 required.'), RED);
      assert.equal(await input.inputValue(), 'FLAT200');

      // Four of them: Rs 1,596 + Rs 250 = Rs 1,846, enough for WELCOME10 (Rs 1,500): 10% is Rs 185.
      for (let i = 0; i < 3; i++) await handsfree.getByRole('button', { name: 'Add one more' }).click();
      await handsfree.locator('output').filter({ hasText: '4' }).waitFor();
      // A space typed inside the code is forgiven.
      await applyCoupon(page, 'welcome 10');
      assert.equal(await couponMessage(page, 'Coupon "WELCOME10" applied!'), GREEN);
      assert.equal(await input.inputValue(), '');
      assert.equal(await summaryValue(page, 'Coupon (WELCOME10)').innerText(), '- Rs 185');
      assert.equal(await summaryValue(page, 'Total').innerText(), 'Rs 1,661');
      assert.equal(await page.getByRole('button', { name: 'Remove Coupon' }).count(), 1);

      // Three: Rs 1,197 + Rs 250 = Rs 1,447, below the minimum: the coupon goes by itself.
      await handsfree.getByRole('button', { name: 'Remove one' }).click();
      await page.getByRole('status').filter({ hasText: 'was removed' }).waitFor();
      assert.equal(await page.locator('dt', { hasText: 'Coupon (' }).count(), 0);
      assert.equal(await page.getByRole('button', { name: 'Remove Coupon' }).count(), 0);
      assert.equal(await summaryValue(page, 'Total').innerText(), 'Rs 1,447');
      assert.ok((await sidewaysOverflow(page)) <= 0, 'the cart page scrolls sideways');
    } finally {
      await page.close();
    }
  });
}

test('Remove Coupon takes it off, and the coupon survives a reload while it holds', async () => {
  const page = await freshPage();
  try {
    await addFromHome(page, 'Budget TWS Earbuds');
    await openCart(page);
    await waitForText(summaryValue(page, 'Delivery'), 'Rs 250');
    // Rs 1,999 + Rs 250 = Rs 2,249 meets FLAT200's Rs 2,000.
    await applyCoupon(page, 'FLAT200');
    assert.equal(await couponMessage(page, 'Coupon "FLAT200" applied!'), GREEN);
    assert.equal(await summaryValue(page, 'Total').innerText(), 'Rs 2,049');

    await page.reload();
    assert.equal(await waitForText(summaryValue(page, 'Coupon (FLAT200)'), '- Rs 200'), '- Rs 200');

    await page.getByRole('button', { name: 'Remove Coupon' }).click();
    assert.equal(await page.locator('dt', { hasText: 'Coupon (' }).count(), 0);
    assert.equal(await summaryValue(page, 'Total').innerText(), 'Rs 2,249');
  } finally {
    await page.close();
  }
});
