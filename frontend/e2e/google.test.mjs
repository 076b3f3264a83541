// "Login with Google" in Chromium at phone and desktop width, against the loopback OpenID Connect issuer:
// from the /checkout guard through the provider and back to /checkout signed in; a forged ID token and a
// declined consent end on the page the shopper began on with the spec's failure message.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { shopForFile, viewports } from './harness.mjs';

let shop;
let browser;

shopForFile({ google: true }, (started) => ({ shop, browser } = started));

for (const [name, viewport] of Object.entries(viewports)) {
  describe(`Google sign-in at ${name} width`, () => {
    test('signs a new shopper up through Google and returns them to checkout', async () => {
      await shop.google.nextLogin({
        subject: `google-${name}`,
        email: `hamza.${name}@example.com`,
        emailVerified: true,
        name: `Hamza ${name}`,
      });
      const page = await browser.context.newPage();
      await page.setViewportSize(viewport);
      const visited = [];
      page.on('request', (request) => {
        if (request.isNavigationRequest()) visited.push(new URL(request.url()).origin);
      });

      await page.goto(`${shop.baseUrl}/checkout`);
      await page.waitForURL(`${shop.baseUrl}/login`);
      await page.getByRole('button', { name: 'Login with Google' }).click();
      await page.waitForURL(`${shop.baseUrl}/checkout`);

      assert.ok(visited.includes(shop.google.issuer), 'the browser went to the provider');
      const me = await page.evaluate(async () => (await fetch('/api/auth/me')).json());
      assert.equal(me.email, `hamza.${name}@example.com`);
      assert.equal(me.name, `Hamza ${name}`);
      if (name === 'phone') await page.getByRole('button', { name: 'Open menu' }).click();
      const area = page.getByRole('navigation', { name: name === 'phone' ? 'Menu' : 'Main' });
      await area.getByRole('link', { name: 'My Orders' }).waitFor();
      await area.getByRole('button', { name: 'Logout' }).click();
      await page.waitForURL(`${shop.baseUrl}/login`);
      await page.close();
    });

    test('a forged ID token and a declined consent say the spec’s failure messages', async () => {
      const page = await browser.context.newPage();
      await page.setViewportSize(viewport);

      await shop.google.nextLogin({ subject: 'forger', email: 'f@example.com', emailVerified: true, tamper: 'forged-signature' });
      await page.goto(`${shop.baseUrl}/signup`);
      await page.getByRole('button', { name: 'Sign Up with Google' }).click();
      await page.waitForURL(`${shop.baseUrl}/signup?google=failed`);
      await page.getByRole('alert').filter({ hasText: '⚠️ Google sign-up failed' }).waitFor();

      await shop.google.nextLogin({ subject: 'shy', email: 's@example.com', emailVerified: true, tamper: 'denied' });
      await page.goto(`${shop.baseUrl}/login`);
      await page.getByRole('button', { name: 'Login with Google' }).click();
      await page.waitForURL(`${shop.baseUrl}/login?google=failed`);
      await page.getByRole('alert').filter({ hasText: '⚠️ Google login failed' }).waitFor();
      const status = await page.evaluate(async () => (await fetch('/api/auth/me')).status);
      assert.equal(status, 401, 'nobody is signed in');
      await page.close();
    });
  });
}
