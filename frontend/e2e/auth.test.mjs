// Customer accounts end to end, at phone and desktop width: sign up, log out, a wrong then the right
// password, the /checkout guard and the return after login, a password reset through the link in the
// e-mail caught by the SMTP sink, and My Orders.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { shopForFile, viewports } from './harness.mjs';

let shop;
let browser;

shopForFile((started) => ({ shop, browser } = started));

async function assertNoSidewaysScroll(page, where) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `${where} scrolls sideways by ${overflow}px`);
}

async function fillCredentials(page, email, password) {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
}

async function logIn(page, email, password) {
  await fillCredentials(page, email, password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

/** The signed-in entries live in the bar on a desktop and in the toggle menu on a phone. */
async function accountArea(page, isPhone) {
  if (!isPhone) return page.getByRole('navigation', { name: 'Main' });
  const menu = page.getByRole('navigation', { name: 'Menu' });
  if (!(await menu.isVisible())) await page.getByRole('button', { name: 'Open menu' }).click();
  return menu;
}

async function assertSignedIn(page, isPhone) {
  const area = await accountArea(page, isPhone);
  await area.getByRole('link', { name: 'My Orders' }).waitFor();
  assert.equal(await area.getByRole('link', { name: 'Login', exact: true }).count(), 0);
  if (isPhone) await page.getByRole('button', { name: 'Close menu' }).click();
}

async function logOut(page, isPhone) {
  const area = await accountArea(page, isPhone);
  await area.getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL(`${shop.baseUrl}/login`);
  assert.equal(await page.getByRole('navigation', { name: 'Menu' }).count(), 0, 'the menu closes on logout');
  const signedOut = await accountArea(page, isPhone);
  await signedOut.getByRole('link', { name: 'Login', exact: true }).waitFor();
  if (isPhone) await page.getByRole('button', { name: 'Close menu' }).click();
}

async function resetLinkFor(email) {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const text = shop.smtp.lastTo(email);
    const link = text?.match(new RegExp(`${shop.baseUrl}/reset-password\\?token=[A-Za-z0-9_%.~-]+`))?.[0];
    if (link) return link;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no reset e-mail reached ${email}`);
}

/** Waits until the page has its answer to whether Google sign-in is configured. */
function googleStatusAnswered(page) {
  return page.waitForFunction(() => performance.getEntriesByName(`${location.origin}/api/auth/google/status`).length > 0);
}

for (const [name, viewport] of Object.entries(viewports)) {
  describe(`customer accounts at ${name} width`, () => {
    test('sign up, log in, the login guard, a password reset and My Orders', async () => {
      const isPhone = name === 'phone';
      const email = `shopper-${name}-${Date.now()}@example.com`;
      const page = await browser.context.newPage();
      await page.setViewportSize(viewport);
      try {
        // Sign up: signed in at once and taken home.
        await page.goto(`${shop.baseUrl}/signup`);
        await page.getByRole('heading', { level: 1, name: 'Create Account' }).waitFor();
        await assertNoSidewaysScroll(page, 'the sign-up page');
        // This shop has no Google sign-in: no button that could only say it failed (google.test.mjs has one).
        await googleStatusAnswered(page);
        assert.equal(await page.getByRole('button', { name: 'Sign Up with Google' }).count(), 0);
        assert.equal(await page.getByText('or', { exact: true }).count(), 0);
        await page.getByLabel('Your name').fill('Sana Malik');
        await fillCredentials(page, email, 'first-pass');
        await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
        await page.waitForURL(`${shop.baseUrl}/`);
        await assertSignedIn(page, isPhone);

        // The same address cannot sign up twice.
        await logOut(page, isPhone);
        await page.goto(`${shop.baseUrl}/signup`);
        await page.getByLabel('Your name').fill('Sana Malik');
        await fillCredentials(page, email, 'first-pass');
        await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
        // Said beside the e-mail field (its description), with the way to log in instead.
        const taken = page.getByRole('link', { name: 'Log in with this email' });
        await taken.waitFor();
        assert.equal(
          await page.getByLabel('Email', { exact: true }).evaluate((input) => document.getElementById(input.getAttribute('aria-describedby')).textContent),
          'This email is already registered. Log in with this email',
        );
        assert.equal(await taken.getAttribute('href'), `/login?email=${encodeURIComponent(email)}`);

        // A wrong password, then the right one.
        await page.goto(`${shop.baseUrl}/login`);
        await page.getByRole('heading', { level: 1, name: 'Welcome Back' }).waitFor();
        await assertNoSidewaysScroll(page, 'the login page');
        await googleStatusAnswered(page);
        assert.equal(await page.getByRole('button', { name: 'Login with Google' }).count(), 0);
        await logIn(page, email, 'not-the-password');
        await page.getByText('⚠️ Invalid email or password.').waitFor();
        assert.equal(page.url(), `${shop.baseUrl}/login`);
        await page.getByRole('button', { name: 'Show password' }).click();
        assert.equal(await page.getByLabel('Password', { exact: true }).getAttribute('type'), 'text');
        await logIn(page, email, 'first-pass');
        await page.waitForURL(`${shop.baseUrl}/`);
        await assertSignedIn(page, isPhone);
        await logOut(page, isPhone);

        // Signed out, /checkout leads to the login and back.
        await page.goto(`${shop.baseUrl}/checkout`);
        await page.waitForURL(`${shop.baseUrl}/login`);
        await logIn(page, email, 'first-pass');
        await page.waitForURL(`${shop.baseUrl}/checkout`);
        await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
        await logOut(page, isPhone);

        // A password reset through the link in the e-mail.
        await page.getByRole('link', { name: 'Forgot Password' }).click();
        await page.getByRole('heading', { level: 1, name: 'Reset Password' }).waitFor();
        await assertNoSidewaysScroll(page, 'the forgot-password page');
        await page.getByLabel('Email', { exact: true }).fill(email);
        await page.getByRole('button', { name: 'Send Reset Email' }).click();
        await page.getByText('✅ Password reset email sent. Please check your inbox.').waitFor();
        const link = await resetLinkFor(email);

        await page.goto(link);
        await page.getByRole('heading', { level: 1, name: 'Choose a New Password' }).waitFor();
        await assertNoSidewaysScroll(page, 'the reset page');
        await page.getByLabel('New password', { exact: true }).fill('second-pass');
        await page.getByLabel('Confirm new password', { exact: true }).fill('second-pass');
        await page.getByRole('button', { name: 'Set New Password' }).click();
        await page.getByText('✅ Your password has been changed.').waitFor();

        // The link works once.
        await page.goto(link);
        await page.getByLabel('New password', { exact: true }).fill('third-pass');
        await page.getByLabel('Confirm new password', { exact: true }).fill('third-pass');
        await page.getByRole('button', { name: 'Set New Password' }).click();
        await page.getByText('❌ This reset link is invalid, used or expired.').waitFor();

        // The old password no longer works; the new one does, and My Orders opens.
        await page.goto(`${shop.baseUrl}/login`);
        await logIn(page, email, 'first-pass');
        await page.getByText('⚠️ Invalid email or password.').waitFor();
        await logIn(page, email, 'second-pass');
        await page.waitForURL(`${shop.baseUrl}/`);
        const area = await accountArea(page, isPhone);
        await area.getByRole('link', { name: 'My Orders' }).click();
        await page.waitForURL(`${shop.baseUrl}/orders`);
        await page.getByRole('heading', { level: 1, name: 'My Orders' }).waitFor();
        await assertNoSidewaysScroll(page, 'My Orders');
      } finally {
        await page.close();
      }
    });
  });
}

test('no reset token or password reaches the server log', () => {
  const log = shop.log.join('');
  for (const secret of ['first-pass', 'second-pass', 'not-the-password', 'reset-password?token=']) {
    assert.ok(!log.includes(secret), `the log contains ${secret}`);
  }
});
