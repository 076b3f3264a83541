// Reviews end to end against the seeded shop: a delivered order's first item reviewed through the link of the
// "delivered" e-mail (at phone width, with two pictures), its second item through My Orders; the admin
// approves and answers the first and rejects the second on /admin/reviews; the product page and the cards
// show exactly the approved review, its reply and the right average; the used links say so.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { admin, adminApi, homeCard, mailsTo, newPage, pngFile, productNamed, sessionRequest, shopForFile, sidewaysOverflow, signUpCustomer, viewports } from './harness.mjs';

const files = shopForFile();

/** A small solid-colour PNG of `size` × `size` pixels. */
function png(size, colour) {
  return pngFile(size, size, () => colour);
}

async function assertFits(page, where) {
  const overflow = await sidewaysOverflow(page);
  assert.ok(overflow <= 0, `${where} scrolls sideways by ${overflow}px`);
}

/**
 * Places an order of one of each product through the API in the browser's session, and delivers it as the admin;
 * answers the order as placed, the customer, and the review tokens the delivery made (its answer is the only one
 * that lists them: the shop keeps only their digests).
 */
async function deliveredOrder(browser, shop, products) {
  const me = await (await sessionRequest(browser, 'get', `${shop.baseUrl}/api/auth/me`)).json();
  const subtotal = products.reduce((sum, product) => sum + product.finalPrice, 0);
  const deliveryCharge = products.every((product) => product.freeDelivery) ? 0 : 250;
  const placed = await sessionRequest(browser, 'post', `${shop.baseUrl}/api/orders`, {
    headers: { Origin: shop.baseUrl, 'Idempotency-Key': `reviews-${Date.now()}` },
    data: {
      userId: me.uid,
      userDetails: { province: 'Punjab', city: 'Lahore', name: 'Ayesha Khan', phone1: '0300 1234567', email: me.email, address: 'House 12, Street 4, Gulberg III' },
      cart: products.map((product) => ({ productId: product._id, name: product.name, quantity: 1, price: product.finalPrice })),
      subtotal,
      deliveryCharge,
      coupon: null,
      couponDiscount: 0,
      total: subtotal + deliveryCharge,
    },
  });
  assert.equal(placed.status(), 201, await placed.text());
  const { order } = await placed.json();
  const api = await adminApi(shop);
  let changed;
  for (const status of ['approved', 'dispatched', 'delivered']) changed = await api.json('PUT', `/api/orders/${order._id}/status`, { status });
  return { order, me, reviewTokens: changed.order.reviewTokens };
}

describe('reviews', () => {
  test('a review by e-mailed link with two pictures and one from My Orders, moderated by the admin and shown on the product page and the cards', async () => {
    const { shop, browser } = files;
    const scratch = mkdtempSync(join(tmpdir(), 'shop-review-pictures-'));
    const customer = await signUpCustomer(browser, shop, { email: 'ayesha.reviewer@example.pk' });
    const [linked, internal] = await Promise.all([productNamed(shop, 'iPhone 14 Clear Shockproof Case'), productNamed(shop, 'iPhone 15 Pro Silicone Case with MagSafe')]);
    const page = await newPage(browser, viewports.phone);
    const adminPage = await newPage(browser, viewports.phone);
    try {
      const { order, reviewTokens } = await deliveredOrder(browser, shop, [linked, internal]);
      // The confirmation link's e-mail, then one per status change.
      const mails = await mailsTo(shop, customer.email, 4);
      const delivered = mails.find((mail) => /Subject: Your order #\d+ is delivered/.test(mail));
      assert.ok(delivered, 'the delivered e-mail arrived');
      const links = [...new Set(delivered.match(new RegExp(`${shop.baseUrl}/review\\?token=[A-Za-z0-9_-]+`, 'g')))];
      assert.equal(links.length, 2);
      const orders = await (await sessionRequest(browser, 'get', `${shop.baseUrl}/api/orders/user/${order.userId}`)).json();
      assert.deepEqual(orders.orders[0].reviewTokens, [], 'a later answer holds no token');
      const tokenOf = (product) => reviewTokens.find((token) => token.productId === product._id).token;
      const link = links.find((candidate) => candidate.endsWith(`token=${tokenOf(linked)}`));
      const otherLink = links.find((candidate) => candidate.endsWith(`token=${tokenOf(internal)}`));
      assert.ok(link && otherLink, 'each product has its link in the e-mail');

      // The link's form: product name, name, stars, comment and two pictures, one removed and added again.
      const front = join(scratch, 'front.png');
      const back = join(scratch, 'back.png');
      writeFileSync(front, png(48, [200, 30, 30]));
      writeFileSync(back, png(64, [30, 30, 200]));
      await page.goto(link);
      const form = page.getByRole('form', { name: `Review of ${linked.name}` });
      await form.waitFor();
      await page.getByText(linked.name, { exact: true }).waitFor();
      await form.getByRole('button', { name: 'Submit Review' }).click();
      await form.getByRole('alert').filter({ hasText: 'Please enter your name.' }).waitFor();
      await form.getByLabel('Your name').fill('Ayesha K.');
      await form.getByRole('radio', { name: '4 stars' }).check();
      await form.getByLabel('Comment (optional)').fill('Stays clear after a month.');
      await form.getByLabel('Photos (optional)').setInputFiles([front, back]);
      const chosen = form.getByRole('list', { name: 'Chosen photos' });
      await chosen.getByRole('img').nth(1).waitFor();
      await chosen.getByRole('button', { name: 'Remove photo 2 (back.png)' }).click();
      assert.equal(await chosen.getByRole('img').count(), 1);
      await form.getByLabel('Photos (optional)').setInputFiles([back]);
      // A picked picture joins the list once it has been looked at for shrinking.
      await chosen.getByRole('img').nth(1).waitFor();
      assert.equal(await chosen.getByRole('img').count(), 2);
      await assertFits(page, 'the review form');
      const sent = page.waitForResponse((response) => response.url().endsWith('/api/review-tokens/submit'));
      await form.getByRole('button', { name: 'Submit Review' }).click();
      assert.equal((await sent).status(), 201);
      await page.getByRole('status').filter({ hasText: 'Thank you for your review!' }).waitFor();

      // The other item from My Orders.
      await page.goto(`${shop.baseUrl}/orders`);
      const card = page.getByRole('article', { name: `Order #${order._id}` });
      await card.getByRole('button', { name: new RegExp(`^Order #${order._id}`) }).click();
      const items = card.getByRole('region', { name: 'Items' });
      await items.getByText('Reviewed').waitFor();
      await items.getByRole('button', { name: `Write Review of ${internal.name}` }).click();
      const inline = items.getByRole('form', { name: `Review of ${internal.name}` });
      assert.equal(await inline.getByRole('radio', { name: '5 stars' }).isChecked(), true);
      await inline.getByLabel('Comment').fill('Magnets are weak.');
      await inline.getByRole('radio', { name: '2 stars' }).check();
      await inline.getByRole('button', { name: 'Submit Review' }).click();
      await items.getByText('Thank you for your review!').waitFor();
      await page.reload();
      await card.getByRole('button', { name: new RegExp(`^Order #${order._id}`) }).click();
      await items.getByText('Reviewed').nth(1).waitFor();
      assert.equal(await items.getByRole('button', { name: /Write Review/ }).count(), 0);
      await assertFits(page, 'My Orders with reviews');

      // The admin: both pending; approve and answer the first, reject the second.
      await adminPage.goto(`${shop.baseUrl}/admin/reviews`);
      await adminPage.getByLabel('Email').fill(admin.email);
      await adminPage.getByLabel('Password').fill(admin.password);
      await adminPage.getByRole('button', { name: 'Login', exact: true }).click();
      await adminPage.getByRole('heading', { level: 1, name: 'Review Requests' }).waitFor();
      const first = adminPage.getByRole('article').filter({ hasText: 'Stays clear after a month.' });
      const second = adminPage.getByRole('article').filter({ hasText: 'Magnets are weak.' });
      await first.getByText('Pending').waitFor();
      await second.getByText('Pending').waitFor();
      await first.getByRole('button', { name: /^Approve/ }).click();
      await first.getByText('Approved', { exact: true }).waitFor();
      assert.equal(await first.getByRole('button', { name: /^Approve/ }).count(), 0, 'Approve is hidden once approved');
      await first.getByRole('textbox', { name: 'Reply' }).fill('Thank you, Ayesha!');
      await first.getByRole('button', { name: 'Save reply' }).click();
      await first.locator('.admin-review__reply').filter({ hasText: 'Thank you, Ayesha!' }).waitFor();
      await second.getByRole('button', { name: /^Reject/ }).click();
      await second.getByText('Rejected', { exact: true }).waitFor();
      assert.equal(await second.getByRole('button', { name: /^Reject/ }).count(), 0, 'Reject is hidden once rejected');
      await assertFits(adminPage, 'the admin reviews page');

      // The product page: exactly the approved review, its pictures, the reply and the average.
      await page.goto(`${shop.baseUrl}/product/${linked._id}`);
      const reviews = page.getByRole('region', { name: 'Customer Reviews' });
      await reviews.getByRole('heading', { name: 'Ayesha K.' }).waitFor();
      assert.equal(await reviews.getByRole('listitem').filter({ has: page.getByRole('heading') }).count(), 1);
      await reviews.getByText('Stays clear after a month.').waitFor();
      assert.match(await reviews.locator('.review__reply').innerText(), /^Mobile Accessories: Thank you, Ayesha!$/);
      await page.getByRole('article', { name: linked.name }).getByRole('img', { name: 'Rated 4.0 out of 5' }).waitFor();
      await page.getByRole('link', { name: '(1 review)' }).waitFor();
      const pictures = reviews.getByRole('button', { name: /^Open image \d of 2 from Ayesha K\.'s review$/ });
      assert.equal(await pictures.count(), 2);
      await pictures.first().click();
      const lightbox = page.getByRole('dialog', { name: "Images from Ayesha K.'s review" });
      await lightbox.getByRole('img', { name: 'Review image 1 of 2' }).waitFor();
      assert.equal(await lightbox.getByRole('img', { name: 'Review image 1 of 2' }).evaluate((img) => img.complete && img.naturalWidth > 0), true, 'the picture loads');
      await page.keyboard.press('ArrowRight');
      await lightbox.getByRole('img', { name: 'Review image 2 of 2' }).waitFor();
      await page.keyboard.press('Escape');
      await lightbox.waitFor({ state: 'detached' });
      await assertFits(page, 'the product page with a review');

      await page.goto(`${shop.baseUrl}/product/${internal._id}`);
      await page.getByText('No reviews yet for this product.').waitFor();
      assert.equal(await page.getByRole('img', { name: /^Rated/ }).count(), 0);

      // The cards carry the product's own rating: under the name on phones, as a badge on wider screens.
      await page.goto(`${shop.baseUrl}/`);
      const rated = await homeCard(page, linked.name);
      const rating = rated.getByRole('img', { name: 'Rated 4.0 out of 5' });
      assert.equal(await rating.isVisible(), true);
      assert.equal(await rating.innerText(), '4.0');
      const placement = () => rated.locator('.product-card__rating').evaluate((element) => getComputedStyle(element).position);
      assert.equal(await placement(), 'static', 'under the name on a phone');
      assert.equal(await (await homeCard(page, internal.name)).getByRole('img', { name: /^Rated/ }).count(), 0);
      await page.setViewportSize(viewports.desktop);
      assert.equal(await placement(), 'absolute', 'a badge on the picture on a wide screen');
      assert.equal(await rating.isVisible(), true);
      await page.setViewportSize(viewports.phone);

      // Both links are used now: the e-mailed one, and the one of the item reviewed in My Orders.
      for (const used of [link, otherLink]) {
        await page.goto(used);
        await page.getByRole('alert').filter({ hasText: 'This review link has already been used.' }).waitFor();
        assert.equal(await page.getByRole('form').count(), 0);
      }
    } finally {
      await adminPage.close();
      await page.close();
      rmSync(scratch, { recursive: true, force: true });
    }
  });
});
