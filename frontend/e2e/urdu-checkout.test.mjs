// The cart, the checkout, the confirmation and My Orders in Urdu at a phone's width, 360 px (issue 30,
// docs/decisions/0048-urdu.md): a signed-in shopper takes two of a cover in the Urdu cart, fills the Urdu
// checkout with a mistake and sees its field error in Urdu, is refused in Urdu (409) when the shop has fewer
// units left than the cart holds, places the order and lands on the Urdu confirmation page, then opens My
// Orders. On each page every
// heading, button and label says what an Urdu catalogue (or the server) says, no English catalogue phrase shows,
// nothing scrolls sideways and no text is cut off in its box.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

import { adminApi, appDrew, homeCard, newPage, productNamed, shopForFile, sidewaysOverflow, signUpCustomer, viewports } from './harness.mjs';

const screens = ['shell', 'menu', 'cart', 'cart-buttons', 'checkout', 'provinces', 'orders', 'order-parts', 'addresses', 'account', 'logout', 'products'];
const catalogue = (language, screen) =>
  JSON.parse(readFileSync(new URL(`../src/i18n/${language}/${screen}.json`, import.meta.url), 'utf8'));
const ur = Object.fromEntries(screens.map((screen) => [screen, catalogue('ur', screen)]));
const en = Object.fromEntries(screens.map((screen) => [screen, catalogue('en', screen)]));

/** Every Urdu catalogue text without arguments, as it shows. */
const urduTexts = new Set(screens.flatMap((screen) => Object.values(ur[screen])).filter((text) => !text.includes('{')));

/** English catalogue phrases long enough to be unmistakable (a word like 'Total' could be a product's). */
const englishPhrases = [
  ...new Set(
    screens
      .filter((screen) => screen !== 'shell')
      .flatMap((screen) => Object.values(en[screen]))
      .filter((text) => !text.includes('{') && text.includes(' ') && text.length > 12),
  ),
];

const context = shopForFile();

/** The names of the page's headings, buttons and form labels, inside its main part. */
function namesOnPage(page) {
  return page.locator('main').evaluate((main) => {
    const name = (element) => (element.getAttribute('aria-label') ?? element.textContent ?? '').replace(/\s+/g, ' ').trim();
    const visible = (element) => element.getClientRects().length > 0;
    return {
      headings: [...main.querySelectorAll('h1, h2, h3')].filter(visible).map(name),
      buttons: [...main.querySelectorAll('button')].filter(visible).map(name),
      labels: [...main.querySelectorAll('label, legend, dt')].filter(visible).map(name),
    };
  });
}

/** English catalogue phrases the page's main part shows, each with the element that shows it. */
async function englishOn(page) {
  const text = await page.locator('main').innerText();
  const found = englishPhrases.filter((phrase) => text.includes(phrase));
  return page.evaluate(
    (phrases) =>
      phrases.map((phrase) => {
        const all = [...document.querySelectorAll('main *')].filter((element) => element.textContent?.includes(phrase));
        const innermost = all.at(-1);
        const chain = [];
        for (let at = innermost; at && at.tagName !== 'MAIN'; at = at.parentElement) chain.push(`${at.tagName.toLowerCase()}.${String(at.className)}`);
        return `${phrase} (${chain.join(' < ')}: ${innermost?.outerHTML.slice(0, 200)})`;
      }),
    found,
  );
}

/** Elements whose text is cut off: wider or taller than their box where the box hides what overflows. */
function clippedTexts(page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('main *')]
      .filter((element) => {
        // Texts hidden on purpose for screen readers alone are meant to be clipped.
        if (element.closest('.visually-hidden') || element.getClientRects().length === 0 || !element.textContent?.trim()) return false;
        const style = getComputedStyle(element);
        const hides = (overflow) => overflow !== 'visible';
        return (
          (hides(style.overflowX) && element.scrollWidth > element.clientWidth + 1) ||
          (hides(style.overflowY) && element.scrollHeight > element.clientHeight + 1 && style.overflowY !== 'auto' && style.overflowY !== 'scroll')
        );
      })
      .map((element) => `${element.tagName.toLowerCase()}.${element.className}: ${element.textContent.trim().slice(0, 60)}`),
  );
}

async function assertUrduPage(page, where, { allowed = () => false } = {}) {
  const names = await namesOnPage(page);
  for (const [kind, list] of Object.entries(names)) {
    assert.deepEqual(
      list.filter((name) => !urduTexts.has(name) && !allowed(name)),
      [],
      `${where}: ${kind} not from an Urdu catalogue`,
    );
  }
  assert.deepEqual(await englishOn(page), [], `${where}: English catalogue phrases`);
  assert.ok((await sidewaysOverflow(page)) <= 0, `${where}: the page scrolls sideways`);
  assert.deepEqual(await clippedTexts(page), [], `${where}: clipped text`);
}

test('an Urdu shopper at 360 px: checkout with a field error, the confirmation page and My Orders, all in Urdu', async () => {
  const { shop, browser } = context;
  await signUpCustomer(browser, shop, { email: 'ayesha.urdu@example.pk' });
  const page = await newPage(browser, viewports.phone);
  try {
    await page.goto(`${shop.baseUrl}/`);
    await (await homeCard(page, 'Galaxy A34 Flip Cover')).getByRole('button', { name: 'Add', exact: true }).click();

    await page.goto(`${shop.baseUrl}/ur/cart`);
    await appDrew(page, '.navbar__toggle');
    // Two of it: the shop will have one left by the time the order is sent.
    await page.getByRole('button', { name: ur['cart-buttons'].addOneMore }).first().click();
    await page.locator('main output').filter({ hasText: /^2$/ }).first().waitFor();
    // Its heading is the page's Urdu title, the server's (`pages.gen.ts`).
    const cartTitle = await page.title();
    await assertUrduPage(page, 'cart', { allowed: (name) => name === cartTitle || /^Galaxy A34 Flip Cover/.test(name) });
    await page.getByRole('link', { name: ur.cart.proceed }).click();
    await page.waitForURL(`${shop.baseUrl}/ur/checkout`);
    await page.getByRole('heading', { level: 1, name: ur.checkout.title }).waitFor();
    assert.deepEqual(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir, document.title]), [
      'ur',
      'rtl',
      'چیک آؤٹ',
    ]);
    assert.equal(await page.getByRole('textbox', { name: ur.checkout.country }).inputValue(), ur.checkout.pakistan);

    // A deliberate mistake: a primary phone that is no mobile number.
    await page.getByRole('combobox', { name: ur.checkout.province }).selectOption({ label: ur.provinces.Punjab });
    await page.getByRole('combobox', { name: ur.checkout.city }).fill('Lahore');
    await page.getByRole('textbox', { name: ur.checkout.name }).fill('Ayesha Khan');
    const phone = page.getByRole('textbox', { name: ur.checkout.phone1 });
    await phone.fill('12345');
    await page.getByRole('textbox', { name: ur.checkout.address }).fill('House 12, Street 4, Gulberg III');
    await page.getByRole('button', { name: ur.checkout.submit }).click();
    await page.getByRole('alert').filter({ hasText: ur.checkout.fixFields }).waitFor();
    assert.equal(await phone.getAttribute('aria-invalid'), 'true');
    const phoneError = page.locator('.form-field__error');
    assert.equal(await phoneError.count(), 1);
    const serverText = (await phoneError.innerText()).trim();
    assert.notEqual(serverText, '');
    await assertUrduPage(page, 'checkout with a field error', {
      allowed: (name) => name === serverText || /^Galaxy A34 Flip Cover/.test(name),
    });

    // The field error is the server's rule in Urdu, checked in the browser.
    assert.match(serverText, /[\u0600-\u06FF]/, `the phone's error is in Urdu: ${serverText}`);

    // Meanwhile the shop sells all but one: the order is refused in Urdu and the cart comes down to one.
    await phone.fill('0300 1234567');
    const cover = await productNamed(shop, 'Galaxy A34 Flip Cover');
    const api = await adminApi(shop);
    await api.form('PUT', `/api/products/${cover._id}`, {
      name: cover.name,
      category: cover.category._id,
      price: cover.price,
      salePrice: cover.salePrice ?? '',
      discountPercent: cover.discountPercent || '',
      description: cover.description,
      color: cover.color,
      quantity: 1,
      featured: cover.featured,
      freeDelivery: cover.freeDelivery,
    });
    const refusal = page.waitForResponse((response) => response.url().endsWith('/api/orders') && response.request().method() === 'POST');
    await page.getByRole('button', { name: ur.checkout.submit }).click();
    const refused = await refusal;
    assert.equal(refused.status(), 409);
    const outOfStock = `${cover.name} کے صرف 1 عدد باقی ہیں۔`;
    assert.equal((await refused.json()).message, outOfStock);
    await page.getByRole('alert').filter({ hasText: outOfStock }).waitFor();
    await assertUrduPage(page, 'checkout refused for stock', { allowed: (name) => /^Galaxy A34 Flip Cover/.test(name) });

    const answer = page.waitForResponse((response) => response.url().endsWith('/api/orders') && response.request().method() === 'POST');
    await page.getByRole('button', { name: ur.checkout.submit }).click();
    const placed = await answer;
    assert.equal(placed.status(), 201);
    const order = (await placed.json()).order;
    assert.equal(order.userDetails.province, 'Punjab');

    await page.waitForURL(`${shop.baseUrl}/ur/order-confirmation`);
    await page.getByRole('heading', { level: 1, name: ur.orders.placedTitle }).waitFor();
    assert.equal(await page.getByText(ur.orders.orderNumber).innerText(), `${ur.orders.orderNumber} #${order._id}`);
    await page.getByRole('heading', { level: 2, name: ur.orders.nextStep }).waitFor();
    await page.getByRole('link', { name: ur.orders.viewOrders }).waitFor();
    await assertUrduPage(page, 'confirmation');

    await page.getByRole('link', { name: ur.orders.viewOrders }).click();
    await page.waitForURL(`${shop.baseUrl}/ur/orders`);
    await page.getByRole('heading', { level: 1, name: ur.orders.title }).waitFor();
    const toggle = page.getByRole('button', { name: new RegExp(`^${ur.orders.order.replace('{id}', order._id)}`) });
    await toggle.click();
    const card = page.getByRole('article', { name: ur.orders.order.replace('{id}', order._id) });
    await card.getByRole('heading', { level: 3, name: ur.orders.history }).waitFor();
    assert.match(await toggle.innerText(), new RegExp(`${ur['order-parts'].pending}`));
    assert.match(await card.getByRole('region', { name: ur.orders.deliveryAddress }).innerText(), new RegExp(`Lahore, ${ur.provinces.Punjab}`));
    await page.getByRole('heading', { level: 2, name: ur.addresses.title }).waitFor();
    await assertUrduPage(page, 'My Orders', {
      // The order's own button: its number, its item count, its total and its status, each in Urdu.
      allowed: (name) => name.startsWith(ur.orders.order.replace('{id}', order._id)) && name.includes(ur['order-parts'].pending),
    });
  } finally {
    await page.close();
  }
});
