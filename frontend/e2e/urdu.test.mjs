// Urdu, right to left, at a phone's width (docs/decisions/0048-urdu.md): the Urdu home page's texts are the
// Urdu catalogues', the document is `lang="ur" dir="rtl"` from the server's first byte, the menu opens on
// the right, nothing scrolls sideways; the header's switch goes to the same page in English and back, and the
// `lang` cookie sends `/` on to `/ur/`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

import { appDrew, newPage, shopForFile, sidewaysOverflow, viewports } from './harness.mjs';

const catalogue = (language, screen) =>
  JSON.parse(readFileSync(new URL(`../src/i18n/${language}/${screen}.json`, import.meta.url), 'utf8'));
const ur = { menu: catalogue('ur', 'menu'), shell: catalogue('ur', 'shell'), home: catalogue('ur', 'home'), cart: catalogue('ur', 'cart-buttons') };
const en = { shell: catalogue('en', 'shell'), home: catalogue('en', 'home'), cart: catalogue('en', 'cart-buttons') };

const context = shopForFile();

test('the Urdu home page at 360 px is Urdu, right to left, with the menu on the right and no sideways scroll', async () => {
  const { shop, browser } = context;
  const page = await newPage(browser, viewports.phone);
  try {
    const first = await fetch(`${shop.baseUrl}/ur/`);
    assert.match(await first.text(), /<html lang="ur" dir="rtl">/);

    await page.goto(`${shop.baseUrl}/ur/`);
    await appDrew(page, '.navbar__toggle');
    assert.deepEqual(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir]), ['ur', 'rtl']);
    const featured = page.getByRole('region', { name: ur.home.featured });
    await featured.getByRole('article').first().waitFor();

    assert.equal(await page.getByRole('heading', { level: 2, name: ur.home.allProducts }).count(), 1);
    assert.equal(await page.getByText(ur.home.tagline).count(), 1);
    assert.equal(await page.getByRole('button', { name: ur.home.shopNow }).count(), 1);
    assert.equal(await page.getByText(ur.shell.copyright).count(), 1);
    assert.equal(await page.getByRole('link', { name: ur.shell.cart, exact: true }).count(), 1);
    assert.equal(await page.getByRole('link', { name: ur.shell.switchLanguage }).getAttribute('href'), '/');
    // Every button and every heading on the page says what an Urdu catalogue says (product names aside).
    const urdu = new Set([...Object.values(ur.shell), ...Object.values(ur.home), ...Object.values(ur.cart)]);
    const buttons = await page.getByRole('button').evaluateAll((all) => all.map((b) => (b.getAttribute('aria-label') ?? b.textContent ?? '').trim()));
    assert.deepEqual(buttons.filter((name) => !urdu.has(name)), []);
    const english = [...Object.values(en.home), en.shell.copyright, en.shell.login, en.shell.signUp, en.cart.buy];
    const text = await page.locator('body').innerText();
    assert.deepEqual(english.filter((phrase) => new RegExp(`(^|\\n)${phrase}($|\\n)`).test(text)), []);
    // Money through Intl for ur-PK: rupees with thousands grouped.
    assert.match(await featured.getByRole('article').first().innerText(), /Rs\s?[\d,]+/);

    await page.getByRole('button', { name: ur.shell.openMenu }).click();
    const menu = page.getByRole('navigation', { name: ur.menu.menu });
    const home = menu.getByRole('link', { name: ur.menu.home });
    await home.waitFor();
    const box = await home.evaluate((link) => {
      const range = document.createRange();
      range.selectNodeContents(link);
      const text = range.getBoundingClientRect();
      return { left: text.left, right: text.right, width: window.innerWidth };
    });
    assert.ok(box.width - box.right < 40, `the menu's text starts at the right: ${JSON.stringify(box)}`);
    assert.ok(box.left > box.width / 2, `and keeps to the right half: ${JSON.stringify(box)}`);
    assert.ok((await sidewaysOverflow(page)) <= 0, 'the page scrolls sideways');
  } finally {
    await page.close();
  }
});

test('the switch goes to the same page in the other language and the cookie remembers the choice', async () => {
  const { shop, browser } = context;
  const page = await newPage(browser, viewports.phone);
  try {
    await page.goto(`${shop.baseUrl}/cart`);
    await appDrew(page, '.navbar__toggle');
    const toUrdu = page.getByRole('link', { name: en.shell.switchLanguage });
    assert.equal(await toUrdu.getAttribute('href'), '/ur/cart');
    await toUrdu.click();
    await page.waitForURL(`${shop.baseUrl}/ur/cart`);
    await appDrew(page, '.navbar__toggle');
    assert.equal(await page.evaluate(() => document.documentElement.dir), 'rtl');
    assert.equal(await page.getByRole('link', { name: new RegExp(`${ur.shell.brandHome.replace('{shop}', '.+')}$`) }).count(), 1);
    assert.equal(await page.getByRole('button', { name: ur.shell.openMenu }).count(), 1);

    // Remembered: the bare address sends this shopper to the Urdu home page.
    await page.goto(`${shop.baseUrl}/`);
    await page.waitForURL(`${shop.baseUrl}/ur/`);
    await page.getByRole('region', { name: ur.home.featured }).getByRole('article').first().waitFor();

    // And back: the English texts return, left to right, and `/` stays English.
    await appDrew(page, '.navbar__toggle');
    await page.getByRole('link', { name: ur.shell.switchLanguage }).click();
    await page.waitForURL(`${shop.baseUrl}/`);
    await page.getByRole('region', { name: en.home.featured }).getByRole('article').first().waitFor();
    assert.deepEqual(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir]), ['en', '']);
    assert.equal(await page.getByText(en.shell.copyright).count(), 1);
    assert.equal(await page.getByRole('button', { name: en.shell.openMenu }).count(), 1);
    assert.equal(await page.getByRole('link', { name: en.shell.switchLanguage }).getAttribute('href'), '/ur/');
    const cookies = await page.context().cookies();
    assert.equal(cookies.find((cookie) => cookie.name === 'lang')?.value, 'en');
    await page.goto(`${shop.baseUrl}/`);
    assert.equal(new URL(page.url()).pathname, '/');
  } finally {
    await page.close();
  }
});
