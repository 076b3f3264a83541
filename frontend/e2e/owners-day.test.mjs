// The owner's day on a 360 px phone (issue 28, docs/decisions/0040-the-owners-day.md), against the seeded shop
// (delivery Rs 250): the dashboard's counts and a link to the list they count; the orders page showing the
// orders first, and a search's count and first result above the keyboard (a 360 x 360 viewport once the search
// box has focus); 'Deliver' and 'Return & Restock' spaced and coloured apart, and 'Return & Restock' asking first
// (Cancel leaves the order, the confirm returns it and its stock);
// and the top bar's Menu reaching every admin page.
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  admin,
  adminApi,
  apiGet,
  liftOrderLimits,
  newPage,
  productNamed,
  sessionRequest,
  shopForFile,
  sidewaysOverflow,
  signUpCustomer,
  viewports,
} from './harness.mjs';

const files = shopForFile();
const cable = 'Micro-USB Charging Cable 1m';
const shopper = { email: 'owners.day@example.pk' };
const orders = {};

async function placeOrder(name, phone) {
  const { shop, browser } = files;
  const product = await productNamed(shop, cable);
  const response = await sessionRequest(browser, 'post', `${shop.baseUrl}/api/orders`, {
    data: {
      userDetails: { province: 'Punjab', city: 'Lahore', name, phone1: phone, phone2: '', email: shopper.email, address: 'House 12, Street 4' },
      cart: [{ productId: product._id, name: product.name, quantity: 2, price: product.price }],
      subtotal: 2 * product.price,
      deliveryCharge: 250,
      coupon: null,
      couponDiscount: 0,
      total: 2 * product.price + 250,
    },
  });
  const body = await response.json();
  assert.equal(response.status(), 201, JSON.stringify(body));
  return body.order;
}

async function move(id, ...statuses) {
  const api = await adminApi(files.shop);
  for (const status of statuses) await api.json('PUT', `/api/orders/${id}/status`, { status });
}

async function statusOf(id) {
  const api = await adminApi(files.shop);
  const { orders: found } = await api.json('GET', `/api/orders?q=${id}&limit=100`);
  return found.find((order) => order._id === id)?.status;
}

/** A phone-width page at `path`, the admin signed in. */
async function adminPageAt(path, viewport = viewports.phone) {
  const { shop, browser } = files;
  const login = await sessionRequest(browser, 'post', `${shop.baseUrl}/api/admin/login`, { data: admin });
  assert.equal(login.status(), 200, await login.text());
  const page = await newPage(browser, viewport);
  await page.goto(`${shop.baseUrl}${path}`);
  return page;
}

/** Whether the element is wholly inside the viewport. */
async function inView(page, locator) {
  const box = await locator.boundingBox();
  const height = await page.evaluate(() => window.innerHeight);
  return box !== null && box.y >= 0 && box.y + box.height <= height;
}

describe("the owner's day at 360 px", () => {
  before(async () => {
    const { shop, browser } = files;
    await liftOrderLimits(shop);
    await signUpCustomer(browser, shop, { email: shopper.email, name: 'Sana Malik' });
    orders.pendingA = await placeOrder('Sana Malik', '0300 1112233');
    orders.pendingB = await placeOrder('Bilal Ahmed', '0321 4445566');
    orders.approved = await placeOrder('Ayesha Khan', '0333 7778899');
    orders.dispatched = await placeOrder('Zara Sheikh', '0345 1234567');
    await move(orders.approved._id, 'approved');
    await move(orders.dispatched._id, 'approved', 'dispatched');
  });

  test('the dashboard leads with counts that link to the filtered lists', async () => {
    const page = await adminPageAt('/admin');
    try {
      const counts = page.getByRole('region', { name: 'Waiting for you' });
      await counts.getByRole('link').first().waitFor();
      const waiting = counts.getByRole('link', { name: /Waiting for confirmation/ });
      assert.equal((await waiting.innerText()).replace(/\s+/g, ' '), '2 Waiting for confirmation');
      assert.equal((await counts.getByRole('link', { name: /Approved, not dispatched/ }).innerText()).replace(/\s+/g, ' '), '1 Approved, not dispatched');
      assert.ok(await inView(page, waiting), 'the counts are on the first screen');
      assert.ok((await sidewaysOverflow(page)) <= 0, 'the dashboard fits 360 px');

      await waiting.click();
      await page.waitForURL(/\/admin\/orders\?status=pending&confirmed=false$/);
      await page.getByText('Showing 2 of 2 orders').waitFor();
      assert.equal(await page.getByRole('combobox', { name: 'Status' }).inputValue(), 'pending');
    } finally {
      await page.close();
    }
  });

  test('the orders page shows orders first, and a search its count and first result above the keyboard', async () => {
    const page = await adminPageAt('/admin/orders');
    try {
      await page.getByText('Showing 4 of 4 orders').waitFor();
      const first = page.locator('.admin-orders__list > li').first().locator('.admin-order__toggle');
      assert.ok(await inView(page, first), 'the first order is on the first screen at 360 x 740');
      assert.ok((await sidewaysOverflow(page)) <= 0, 'the orders page fits 360 px');

      // The phone keyboard takes half the screen.
      const box = page.getByRole('searchbox', { name: 'Search orders' });
      await box.focus();
      await page.setViewportSize({ width: 360, height: 360 });
      await box.pressSequentially('Bilal');
      const count = page.getByText('Showing 1 of 1 orders');
      await count.waitFor();
      const result = page.getByRole('button', { name: new RegExp(`^#${orders.pendingB._id}(?!\\d)`) });
      await result.waitFor();
      // The page moves its search to the top once the answer is drawn: wait for that state, not for time.
      await page.waitForFunction(() => {
        const toggle = document.querySelector('.admin-orders__list .admin-order__toggle');
        return toggle !== null && toggle.getBoundingClientRect().bottom <= window.innerHeight;
      });
      assert.ok(await inView(page, count), 'the count is above the keyboard');
      assert.ok(await inView(page, result), 'the first result is above the keyboard');
    } finally {
      await page.close();
    }
  });

  test("'Deliver' and 'Return & Restock' are spaced and coloured apart; 'Return & Restock' asks first: Cancel leaves the order, the confirm returns it and its stock", async () => {
    const { shop } = files;
    const id = orders.dispatched._id;
    // The product's own answer, which an order's stock change refreshes at once; lists keep theirs for
    // CATALOG_CACHE_MS (decision 0041), so reading the stock through a list would race that time.
    const product = await productNamed(shop, cable);
    const stockOf = async () => (await apiGet(shop, `/api/products/${product._id}`)).quantity;
    const stockBefore = await stockOf();
    const page = await adminPageAt(`/admin/orders?q=${id}`);
    try {
      const card = page.getByRole('article', { name: `Order #${id}` });
      await card.getByRole('button', { name: new RegExp(`^#${id}(?!\\d)`) }).click();
      const returnButton = card.getByRole('button', { name: 'Return & Restock' });
      const deliver = card.getByRole('button', { name: 'Deliver' });
      const [a, b] = [await deliver.boundingBox(), await returnButton.boundingBox()];
      const gap = b.y >= a.y + a.height ? b.y - (a.y + a.height) : b.x - (a.x + a.width);
      assert.ok(gap >= 16, `Deliver and Return & Restock are ${gap}px apart`);
      // Coloured apart: the final forward step solid green (--color-success), the stock-moving one red on white
      // (--color-sale), read before the pointer has been over either.
      const colours = (button) =>
        button.evaluate((element) => {
          const style = getComputedStyle(element);
          return { background: style.backgroundColor, border: style.borderTopColor, text: style.color };
        });
      assert.deepEqual(await colours(deliver), { background: 'rgb(21, 128, 61)', border: 'rgb(21, 128, 61)', text: 'rgb(255, 255, 255)' });
      assert.deepEqual(await colours(returnButton), { background: 'rgb(255, 255, 255)', border: 'rgb(185, 28, 28)', text: 'rgb(185, 28, 28)' });

      await returnButton.click();
      const dialog = page.getByRole('alertdialog', { name: `Mark #${id} returned?` });
      await dialog.waitFor();
      assert.equal(
        await dialog.locator('p').innerText(),
        '2 items go back into stock and Zara Sheikh is e-mailed. This cannot be undone.',
      );
      assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Cancel');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
      assert.equal(await statusOf(id), 'dispatched');

      await returnButton.click();
      await dialog.getByRole('button', { name: 'Return & Restock' }).click();
      await card.getByRole('status').filter({ hasText: 'Order status updated.' }).waitFor();
      assert.equal(await statusOf(id), 'returned');
      assert.equal(await stockOf(), stockBefore + 2);
    } finally {
      await page.close();
    }
  });

  test("the top bar's Menu reaches every admin page", async () => {
    const page = await adminPageAt('/admin/orders');
    try {
      const bar = page.getByRole('banner');
      const menu = bar.getByRole('button', { name: 'Menu' });
      await menu.click();
      const links = bar.getByRole('link');
      const targets = [];
      for (const link of await links.all()) {
        if (await link.isVisible()) targets.push([await link.innerText(), await link.getAttribute('href')]);
      }
      assert.deepEqual(
        targets.map(([, href]) => href).filter((href) => href.startsWith('/admin')).sort(),
        [
          '/admin/add-category',
          '/admin/analytics',
          '/admin/blocklist',
          '/admin/category-views',
          '/admin/coupons',
          '/admin/dashboard',
          '/admin/delivery-charge',
          '/admin/manage',
          '/admin/order-checks',
          '/admin/orders',
          '/admin/products-by-category',
          '/admin/reviews',
          '/admin/search-synonyms',
          '/admin/send-email',
          '/admin/upload-product',
        ],
      );
      assert.ok((await sidewaysOverflow(page)) <= 0, 'the open menu fits 360 px');
      await page.keyboard.press('Escape');

      for (const [label, href] of targets.filter(([, target]) => target.startsWith('/admin'))) {
        await menu.click();
        await bar.getByRole('link', { name: label, exact: true }).click();
        await page.waitForURL(`${files.shop.baseUrl}${href}`);
        await bar.locator('button[aria-expanded="false"]', { hasText: 'Menu' }).waitFor();
        await page.getByRole('heading', { level: 1 }).waitFor();
        assert.notEqual(await page.getByRole('heading', { level: 1 }).innerText(), 'Page not found', href);
      }
    } finally {
      await page.close();
    }
  });
});
