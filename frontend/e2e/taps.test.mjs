// A tap always counts, and no page opens halfway down (issue 25, docs/decisions/0034), at phone width (360 px):
// a tap on the server-drawn 'Add to Cart' before the app has started shows at once and is honoured once the
// app starts; the cart, login, sign-up and order confirmation open at their top and back/forward return to
// where the shopper was; the phone's buy bar leaves the price in view on the first screen.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { apiGet, homeCard, newPage, productNamed, shopForFile, signUpCustomer, viewports } from './harness.mjs';

const files = shopForFile();

/** A product with a picture, a discount and a colour, in stock (fixtures/shop.json). */
const PRODUCT = 'iPhone 14 Clear Shockproof Case';

/** Whether React drew `selector`'s element (React keeps its props on the elements it made). */
function drawnByReact(page, selector) {
  return page.evaluate((s) => {
    const element = document.querySelector(s);
    return element !== null && Object.keys(element).some((key) => key.startsWith('__reactProps'));
  }, selector);
}

const scrollY = (page) => page.evaluate(() => Math.round(window.scrollY));

/** Scrolls the window to `y` and waits until it is there. */
async function scrollToY(page, y) {
  await page.evaluate((to) => window.scrollTo(0, to), y);
  await page.waitForFunction((to) => Math.round(window.scrollY) === to, y);
}

/** Waits until the window is scrolled to `y` (a restore may take frames while the page draws). */
function scrolledTo(page, y) {
  return page.waitForFunction((to) => Math.abs(window.scrollY - to) <= 1, y);
}

/** Asserts the page opened at its top with its heading in view. */
async function openedAtTop(page, heading, where) {
  const title = page.getByRole('heading', { level: 1, name: heading });
  await title.waitFor();
  assert.equal(await scrollY(page), 0, `${where} opens at its top`);
  const box = await title.boundingBox();
  assert.ok(box && box.y >= 0 && box.y + box.height <= viewports.phone.height, `${where}'s heading is in view`);
}

test("a tap on the server's 'Add to Cart' before the app starts shows at once and fills the cart once it starts", async () => {
  const { shop, browser } = files;
  const product = await productNamed(shop, PRODUCT);
  const page = await newPage(browser, viewports.phone);
  // The app's scripts are held back 3 s, as on a slow line, and in any case until the tap's feedback was seen.
  let feedbackSeen;
  const seen = new Promise((resolve) => {
    feedbackSeen = resolve;
  });
  const held = Promise.all([new Promise((resolve) => setTimeout(resolve, 3000)), seen]);
  let released = false;
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    await held;
    released = true;
    await route.continue().catch(() => undefined);
  });
  try {
    await page.goto(`${shop.baseUrl}/product/${product._id}`, { waitUntil: 'commit' });
    const add = page.getByRole('button', { name: 'Add to Cart' });
    await add.waitFor();

    await add.click();

    const adding = page.getByRole('button', { name: 'Adding…' });
    await adding.waitFor();
    assert.equal(released, false, 'the feedback shows before the app has its scripts');
    assert.equal(await drawnByReact(page, '.product-page__buy button'), false, 'the app has not started');
    assert.equal(await adding.isDisabled(), true, 'a second tap does nothing');
    assert.equal(await adding.isVisible(), true);
    feedbackSeen();

    await page.getByRole('link', { name: 'Buy Now' }).waitFor();
    const cart = await page.evaluate(() => JSON.parse(localStorage.getItem('cart')));
    assert.deepEqual(
      cart.items.map((item) => [item.productId, item.quantity]),
      [[product._id, 1]],
      'the cart holds the product once',
    );
    assert.equal(await page.getByRole('button', { name: 'Adding…' }).count(), 0);
    assert.equal(await page.locator('html').getAttribute('data-tapped-add'), null, 'the tap is taken once');
  } finally {
    feedbackSeen();
    await page.close();
  }
});

test('without a tap the app adds nothing when it starts', async () => {
  const { shop, browser } = files;
  const product = await productNamed(shop, PRODUCT);
  const page = await newPage(browser, viewports.phone);
  try {
    await page.goto(`${shop.baseUrl}/product/${product._id}`);
    await page.evaluate(() => localStorage.clear());
    await page.reload();
    await page.waitForFunction(() =>
      Object.keys(document.querySelector('.product-cart__add') ?? {}).some((key) => key.startsWith('__reactProps')),
    );
    assert.equal(await page.evaluate(() => localStorage.getItem('cart')), null);
  } finally {
    await page.close();
  }
});

test("the phone's buy bar leaves the price in view on the first screen, before and after the app starts", async () => {
  const { shop, browser } = files;
  // The product of the longest name (the most lines above the price) and the one with a rating line.
  const products = await apiGet(shop, '/api/products?limit=100');
  const longest = products.reduce((a, b) => (b.name.length > a.name.length ? b : a));
  const held = await productNamed(shop, PRODUCT);
  const page = await newPage(browser, { width: 360, height: 640 });
  try {
    for (const product of [longest, held]) {
      for (const scripts of ['before', 'after']) {
        const release = [];
        if (scripts === 'before') {
          // Held until measured; a request the next navigation cancelled is left alone.
          await page.route(/\/assets\/.+\.js$/, (route) =>
            new Promise((resolve) => release.push(() => resolve(route.continue().catch(() => undefined)))),
          );
        }
        await page.goto(`${shop.baseUrl}/product/${product._id}`, { waitUntil: 'commit' });
        const price = page.locator('.product-page__price');
        const bar = page.locator('.product-page__buy');
        await price.waitFor();
        await bar.waitFor();
        if (scripts === 'after') {
          await page.waitForFunction(() =>
            Object.keys(document.querySelector('.product-page__price') ?? {}).some((key) => key.startsWith('__reactProps')),
          );
        }
        const [p, b] = [await price.boundingBox(), await bar.boundingBox()];
        const where = `'${product.name}' ${scripts} the app starts`;
        assert.ok(p.y + p.height <= b.y, `${where}: the price (${p.y}–${p.y + p.height}) ends above the bar (from ${b.y})`);
        assert.ok(p.y >= 0, `${where}: the price is on the first screen`);
        if (scripts === 'before') {
          await page.unroute(/\/assets\/.+\.js$/);
          for (const go of release) go();
        }
      }
    }
  } finally {
    await page.close();
  }
});

test('the cart, login, sign-up and order confirmation open at their top; back and forward return to where the shopper was', async () => {
  const { shop, browser } = files;
  const page = await newPage(browser, viewports.phone);
  const menuLink = async (name) => {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('navigation', { name: 'Menu' }).getByRole('link', { name, exact: true }).click();
  };
  try {
    await page.goto(`${shop.baseUrl}/`);
    await page.evaluate(() => localStorage.clear());
    for (const name of ['Galaxy A34 Flip Cover', 'Handsfree with Mic 3.5mm', '20W USB-C PD Fast Charger']) {
      await (await homeCard(page, name)).getByRole('button', { name: 'Add', exact: true }).click();
    }
    await scrollToY(page, 1500);

    // The cart, from far down the home page.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Cart/ }).click();
    await openedAtTop(page, 'Cart Overview', 'the cart');
    const cartBottom = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
    assert.ok(cartBottom > 200, 'the cart is taller than the screen');
    await scrollToY(page, cartBottom);

    await page.goBack();
    await scrolledTo(page, 1500);
    await page.goForward();
    await page.getByRole('heading', { level: 1, name: 'Cart Overview' }).waitFor();
    await scrolledTo(page, cartBottom);
    await page.goBack();
    await scrolledTo(page, 1500);

    // Login and sign-up, from the menu of a page scrolled down.
    await menuLink('Login');
    await openedAtTop(page, 'Welcome Back', 'login');
    await page.goBack();
    await scrolledTo(page, 1500);
    await menuLink('Sign up');
    await openedAtTop(page, 'Create Account', 'sign-up');
    await page.goBack();
    await scrolledTo(page, 1500);

    // The order confirmation, after the checkout's button at the bottom of its form.
    await signUpCustomer(browser, shop, { email: 'scroll.shopper@example.pk' });
    await page.goto(`${shop.baseUrl}/cart`);
    await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
    await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
    await page.getByRole('combobox', { name: 'Province' }).selectOption('Punjab');
    await page.getByRole('combobox', { name: 'City' }).fill('Lahore');
    await page.getByRole('textbox', { name: 'Full name' }).fill('Ayesha Khan');
    await page.getByRole('textbox', { name: 'Primary phone' }).fill('0300 1234567');
    await page.getByRole('textbox', { name: 'Complete address' }).fill('House 12, Street 4\nGulberg III');
    const place = page.getByRole('button', { name: 'Confirm & Place Order' });
    await place.scrollIntoViewIfNeeded();
    assert.ok((await scrollY(page)) > 300, 'the button is far down the checkout');
    await place.click();
    await page.waitForURL(`${shop.baseUrl}/order-confirmation`);
    await openedAtTop(page, 'Order Placed — Awaiting Approval', 'the order confirmation');
  } finally {
    await page.close();
  }
});
