// Urdu, right to left, at a phone's width (docs/decisions/0048-urdu.md): the Urdu home page's texts are the
// Urdu catalogues', the document is `lang="ur" dir="rtl"` from the server's first byte, the menu opens on
// the right, nothing scrolls sideways; the header's switch goes to the same page in English and back, and the
// `lang` cookie sends `/` on to `/ur/`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

import { apiGet, appDrew, newPage, productNamed, shopForFile, sidewaysOverflow, viewports } from './harness.mjs';

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

/** Every text of the screens' Urdu (or English) catalogues. */
const texts = (language, screens) => screens.flatMap((screen) => Object.values(catalogue(language, screen)));
const browsing = ['shell', 'menu', 'products', 'cart-buttons', 'product', 'reviews', 'category', 'search'];

/**
 * Whether `name` is what an Urdu catalogue text says, its arguments (a product's name, a count) filled in: each
 * text becomes a pattern, `{…}` standing for anything, plurals for either of their cases.
 */
function urduMatcher(extra = []) {
  const patterns = [...texts('ur', browsing), ...extra].flatMap((text) => {
    const cases = [...text.matchAll(/(?:one|other) \{((?:[^{}]|\{[^{}]*\})*)\}/g)].map((match) => match[1]);
    return cases.length > 0 ? cases : [text];
  });
  const regexes = patterns.map((text) => {
    const escaped = text.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^{}]*\}/g, '.+');
    return new RegExp(`^${escaped}$`, 's');
  });
  return (name) => regexes.some((regex) => regex.test(name));
}

/** The buttons' names, and the headings' texts, of the page as shown. */
async function buttonsAndHeadings(page) {
  const buttons = await page
    .getByRole('button')
    .evaluateAll((all) => all.filter((b) => b.getClientRects().length > 0).map((b) => (b.getAttribute('aria-label') ?? b.textContent ?? '').replace(/\s+/g, ' ').trim()));
  const headings = await page.getByRole('heading').evaluateAll((all) => all.filter((h) => h.getClientRects().length > 0).map((h) => h.textContent.trim()));
  return { buttons, headings };
}

/** English catalogue phrases shown as whole lines of the page's text (product names and descriptions aside). */
async function englishLines(page) {
  const english = texts('en', browsing).filter((text) => !text.includes('{') && text !== 'اردو' && text.length > 2);
  const lines = new Set((await page.locator('body').innerText()).split('\n').map((line) => line.trim()));
  return english.filter((phrase) => lines.has(phrase.trim()));
}

/** Buttons, links drawn as buttons and badges whose text does not fit their box. */
function clipped(page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('button, .button, .badge')]
      .filter((element) => element.getClientRects().length > 0 && element.scrollWidth > element.clientWidth + 0.5)
      .map((element) => `${element.className}: ${element.textContent.trim()} (${element.scrollWidth} > ${element.clientWidth})`),
  );
}

test('the Urdu category page of a top category at 360 px: Urdu buttons and headings, sorted in Urdu, nothing clipped or sideways', async () => {
  const { shop, browser } = context;
  const page = await newPage(browser, viewports.phone);
  try {
    const categories = await apiGet(shop, '/api/categories');
    const top = categories.find((category) => category.name === 'Phone Cases');
    const names = new Set([...categories.map((category) => category.name)]);
    await page.goto(`${shop.baseUrl}/ur/category/${top._id}`);
    await page.getByRole('heading', { level: 1, name: 'Phone Cases' }).waitFor();
    await appDrew(page, '.sort-menu__button');
    await page.getByRole('region', { name: 'Samsung Cases' }).getByRole('article').first().waitFor();
    assert.deepEqual(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir]), ['ur', 'rtl']);

    const cat = catalogue('ur', 'category');
    const sort = page.getByRole('button', { name: `${cat.sortBy} ${cat.lowToHigh}` });
    assert.equal(await sort.count(), 1);
    const isUrdu = urduMatcher([`${cat.sortBy} ${cat.lowToHigh}`]);
    const { buttons, headings } = await buttonsAndHeadings(page);
    for (const card of await page.getByRole('article').getByRole('heading').allTextContents()) names.add(card.trim());
    assert.deepEqual(buttons.filter((name) => !isUrdu(name)), []);
    assert.deepEqual(headings.filter((text) => !isUrdu(text) && !names.has(text)), []);
    assert.deepEqual(await englishLines(page), []);
    assert.deepEqual(await clipped(page), []);
    assert.ok((await sidewaysOverflow(page)) <= 0, 'the Urdu category page scrolls sideways');

    await sort.click();
    const menu = page.getByRole('menu', { name: cat.sortByPrice });
    await menu.getByRole('menuitemradio', { name: cat.highToLow }).click();
    await page.getByRole('button', { name: `${cat.sortBy} ${cat.highToLow}` }).waitFor();
    assert.deepEqual(await clipped(page), []);
    assert.ok((await sidewaysOverflow(page)) <= 0, 'the sorted Urdu category page scrolls sideways');
  } finally {
    await page.close();
  }
});

test("the Urdu product page at 360 px: Urdu texts, the gallery's next arrow on the left pointing left, nothing clipped or sideways", async () => {
  const { shop, browser } = context;
  const page = await newPage(browser, viewports.phone);
  try {
    const name = 'Galaxy S24 Ultra Tough Armor Case';
    const product = await productNamed(shop, name);
    const pr = catalogue('ur', 'product');
    await page.goto(`${shop.baseUrl}/ur/product/${product._id}`);
    await appDrew(page, '.product-cart__add');
    const details = page.getByRole('article', { name });
    await details.getByRole('button', { name: pr.addToCart }).waitFor();
    await page.getByText(catalogue('ur', 'reviews').empty).waitFor();

    assert.equal(await details.locator('.product-page__stock').innerText(), pr.inStock);
    assert.equal(await details.getByText(pr.colour.replace('{colour}', 'Black')).count(), 1);
    assert.equal(await details.getByRole('heading', { level: 2, name: pr.description }).count(), 1);
    assert.equal(await page.getByRole('heading', { level: 2, name: catalogue('ur', 'reviews').title }).count(), 1);

    const isUrdu = urduMatcher();
    const { buttons, headings } = await buttonsAndHeadings(page);
    assert.deepEqual(buttons.filter((label) => !isUrdu(label)), []);
    assert.deepEqual(headings.filter((text) => !isUrdu(text) && text !== name), []);
    assert.deepEqual(await englishLines(page), []);
    assert.deepEqual(await clipped(page), []);
    assert.ok((await sidewaysOverflow(page)) <= 0, 'the Urdu product page scrolls sideways');

    // Right to left the next picture lies to the left: its button is on the left, its chevron mirrored to point left.
    const gallery = page.getByRole('region', { name: pr.picturesOf.replace('{name}', name) });
    const next = gallery.getByRole('button', { name: pr.nextImage });
    const previous = gallery.getByRole('button', { name: pr.previousImage });
    const nextBox = await next.boundingBox();
    const previousBox = await previous.boundingBox();
    assert.ok(nextBox.x + nextBox.width <= previousBox.x, `next is left of previous: ${JSON.stringify({ nextBox, previousBox })}`);
    // Its path points right ('M9 5l7 7-7 7'); the style mirrors it.
    const transform = await next.locator('svg').evaluate((svg) => getComputedStyle(svg).transform);
    assert.equal(transform, 'matrix(-1, 0, 0, 1, 0, 0)', 'the next chevron is mirrored to point left');
    const slide = (index) => gallery.getByRole('img', { name: pr.slide.replace('{name}', name).replace('{index}', index).replace('{count}', 2) });
    await slide(1).waitFor();
    await next.click();
    await slide(2).waitFor();
    await page.keyboard.press('ArrowLeft');
    await slide(1).waitFor();

    // The buy bar in Urdu once the product is in the cart.
    await details.getByRole('button', { name: pr.addToCart }).click();
    await details.getByRole('link', { name: pr.buyNow }).waitFor();
    assert.equal(await details.getByRole('link', { name: pr.buyNow }).getAttribute('href'), '/ur/cart');
    assert.deepEqual(await clipped(page), []);
    assert.ok((await sidewaysOverflow(page)) <= 0, 'the Urdu product page with its stepper scrolls sideways');
  } finally {
    await page.close();
  }
});
