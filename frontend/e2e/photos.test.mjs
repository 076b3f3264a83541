// Photos shrunk in the browser before upload (Chromium has canvas): a 9 MB, 3,000 px wide phone photo chosen in the
// review form, over the server's 5 MB limit, goes up as a JPEG whose longest side is 2,048 px, under the limit, and
// the review is stored with it.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { adminApi, newPage, pngFile, productNamed, sessionRequest, shopForFile, signUpCustomer, viewports } from './harness.mjs';

const files = shopForFile();

/** An uncompressed PNG of `width` × `height` pixels, a gradient with grain: as heavy as a phone photo. */
function heavyPng(width, height) {
  return pngFile(
    width,
    height,
    (x, y) => {
      const grain = (x * 7 + y * 13) % 16;
      return [((x * 255) / width + grain) & 255, ((y * 255) / height + grain) & 255, 128 + grain];
    },
    { level: 0 },
  );
}

describe('photos shrunk before upload', () => {
  test('a 9 MB photo chosen in the review form is shrunk to 2,048 px, under 5 MB, and the review is stored with it', async () => {
    const { shop, browser } = files;
    const scratch = mkdtempSync(join(tmpdir(), 'shop-heavy-photo-'));
    const page = await newPage(browser, viewports.phone);
    try {
      const customer = await signUpCustomer(browser, shop, { email: 'heavy.photo@example.pk' });
      const product = await productNamed(shop, 'iPhone 14 Clear Shockproof Case');
      const me = await (await sessionRequest(browser, 'get', `${shop.baseUrl}/api/auth/me`)).json();
      const placed = await sessionRequest(browser, 'post', `${shop.baseUrl}/api/orders`, {
        headers: { Origin: shop.baseUrl },
        data: {
          userId: me.uid,
          userDetails: { province: 'Punjab', city: 'Lahore', name: 'Ayesha Khan', phone1: '0300 1234567', email: customer.email, address: 'House 12' },
          cart: [{ productId: product._id, name: product.name, quantity: 1, price: product.finalPrice }],
          subtotal: product.finalPrice,
          deliveryCharge: product.freeDelivery ? 0 : 250,
          coupon: null,
          couponDiscount: 0,
          total: product.finalPrice + (product.freeDelivery ? 0 : 250),
        },
      });
      assert.equal(placed.status(), 201, await placed.text());
      const { order } = await placed.json();
      const api = await adminApi(shop);
      let changed;
      for (const status of ['approved', 'dispatched', 'delivered']) changed = await api.json('PUT', `/api/orders/${order._id}/status`, { status });
      const token = changed.order.reviewTokens[0].token;

      const photo = join(scratch, 'IMG_2041.png');
      writeFileSync(photo, heavyPng(3000, 1000));
      const heavy = 3000 * 1000 * 3;
      assert.ok(heavy > 5 * 1024 * 1024, 'the photo is over the 5 MB limit');

      await page.goto(`${shop.baseUrl}/review?token=${token}`);
      const form = page.getByRole('form', { name: `Review of ${product.name}` });
      await form.waitFor();
      await form.getByLabel('Your name').fill('Ayesha K.');
      await form.getByRole('radio', { name: '5 stars' }).check();
      await form.getByLabel('Photos (optional)').setInputFiles(photo);
      await form.getByRole('img', { name: 'Photo 1: IMG_2041.jpg' }).waitFor();
      const size = await form.getByRole('img', { name: 'Photo 1: IMG_2041.jpg' }).evaluate(
        (img) => new Promise((resolve) => (img.complete ? resolve([img.naturalWidth, img.naturalHeight]) : img.addEventListener('load', () => resolve([img.naturalWidth, img.naturalHeight])))),
      );
      assert.deepEqual(size, [2048, 683]);

      const sent = page.waitForRequest((request) => request.url().endsWith('/api/review-tokens/submit'));
      const answered = page.waitForResponse((response) => response.url().endsWith('/api/review-tokens/submit'));
      await form.getByRole('button', { name: 'Submit Review' }).click();
      const body = (await sent).postDataBuffer();
      assert.ok(body && body.length < 5 * 1024 * 1024, `the upload is under 5 MB: ${body?.length}`);
      assert.equal((await answered).status(), 201);
      await page.getByRole('status').filter({ hasText: 'Thank you for your review!' }).waitFor();

      const reviews = await api.json('GET', '/api/reviews/all?status=pending');
      const stored = (reviews.reviews ?? reviews).find((review) => review.reviewerName === 'Ayesha K.');
      assert.equal(stored.images.length, 1);
    } finally {
      await page.close();
      rmSync(scratch, { recursive: true, force: true });
    }
  });
});
