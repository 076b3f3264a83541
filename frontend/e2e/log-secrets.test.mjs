// Secrets never reach the server's log: passwords, password hashes, session cookies, reset tokens, and
// Google's authorization codes, state, nonce, PKCE verifier, client secret and ID tokens.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { accessLines, admin, googleClient, startShop } from './harness.mjs';

let shop;

before(async () => {
  shop = await startShop({ google: true });
});

after(async () => {
  await shop?.stop();
});

async function post(path, body, cookie) {
  return fetch(`${shop.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
}

function cookieValue(response, name) {
  const header = response.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
  return header?.split(';')[0].slice(name.length + 1);
}

/** A Google sign-in played without a browser: answers the secrets it handled and the session it ended in. */
async function googleSignIn() {
  const start = await fetch(`${shop.baseUrl}/api/auth/google?next=/orders`, { redirect: 'manual' });
  const kept = cookieValue(start, 'shop_google_login');
  const consent = await fetch(start.headers.get('location'), { redirect: 'manual' });
  const back = new URL(consent.headers.get('location'));
  const callback = await fetch(`${shop.baseUrl}${back.pathname}${back.search}`, {
    redirect: 'manual',
    headers: { cookie: `shop_google_login=${kept}` },
  });
  const code = back.searchParams.get('code');
  return { secrets: [kept, ...kept.split('.').slice(0, 3), code], session: cookieValue(callback, 'shop_session') };
}

test('passwords, hashes, session tokens and reset tokens stay out of the log', async () => {
  const password = 'Pw-for-log-check-9137';
  const signup = await post('/api/auth/signup', { email: 'logcheck@example.pk', password });
  const session = cookieValue(signup, 'shop_session');
  await post('/api/auth/login', { email: 'logcheck@example.pk', password: 'wrong-Pw-4471' });
  const adminLogin = await post('/api/admin/login', admin);
  const adminSession = cookieValue(adminLogin, 'shop_admin');
  await post('/api/auth/password-reset', { email: 'logcheck@example.pk' });
  let mail;
  for (let i = 0; i < 50 && !mail; i += 1) {
    mail = shop.smtp.lastTo('logcheck@example.pk');
    if (!mail) await new Promise((r) => setTimeout(r, 100));
  }
  const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail)[1];
  const confirm = await post('/api/auth/password-reset/confirm', { token, password: 'New-Pw-5582' });
  const google = await googleSignIn();
  await shop.google.nextLogin({ subject: 'forger-1', email: 'x@example.com', emailVerified: true, tamper: 'forged-signature' });
  const forged = await googleSignIn();

  assert.equal(signup.status, 201);
  assert.equal(adminLogin.status, 200);
  assert.equal(confirm.status, 204);
  const log = shop.log.join('');
  assert.ok(google.session, 'signed in with Google');
  assert.equal(forged.session, undefined, 'a forged ID token signs nobody in');
  assert.ok(
    accessLines(shop).some((line) => line.method === 'POST' && line.route === '/api/auth/login' && line.status === 401),
    'the requests were logged',
  );
  assert.match(log, /a Google sign-in failed.*signature does not verify/, 'the refused Google sign-in was logged with its reason');
  const secrets = [password, 'wrong-Pw-4471', 'New-Pw-5582', admin.password, session, adminSession, token, '$argon2'];
  secrets.push(googleClient.secret, google.session, ...google.secrets, ...forged.secrets, 'eyJ');
  for (const secret of secrets) {
    assert.ok(!log.includes(secret), `the log holds a secret: ${secret.slice(0, 6)}…`);
  }
});
