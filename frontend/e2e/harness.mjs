// The end-to-end harness: the real app-server (debug build) on a free port, against its own PostgreSQL
// database seeded with the tests' own catalogue (fixtures/shop.json, stored through the admin's use cases by
// `app-server seed-demo FILE`, so the demo shop can change without breaking a test), and Debian's Chromium
// driven by playwright-core.
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { crc32, deflateSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, before } from 'node:test';
import { chromium } from 'playwright-core';
import pg from 'pg';
import { startSmtpSink } from './smtp-sink.mjs';

const here = import.meta.dirname;
const appServer = process.env.APP_SERVER_BIN;
const fakeIssuerBin = process.env.FAKE_OIDC_BIN;
const fakeGraphBin = process.env.FAKE_GRAPH_BIN;
const pgBase = process.env.PG_BASE_URL ?? 'postgres://postgres@127.0.0.1:5432';

/** The admin every test shop is started with. */
export const admin = { email: 'admin@shop.test', password: 'e2e-admin-pass' };

/** The client the fake OpenID Connect issuer knows (adapters-identity's test_support). */
export const googleClient = { id: 'shop-test-client', secret: 'fake-issuer-client-secret' };

/** What the fake Graph API checks and signs with (adapters-whatsapp's `fake-graph-api` defaults). */
export const whatsAppAccount = {
  accessToken: 'test-token',
  phoneNumberId: '1234567890',
  appSecret: 'test-app-secret',
  verifyToken: 'e2e-verify-token',
};

/** Viewports every screen must work at. */
export const viewports = {
  phone: { width: 360, height: 740 },
  desktop: { width: 1280, height: 800 },
};

function freePort() {
  return new Promise((ok, fail) => {
    const server = createServer();
    server.unref();
    server.on('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => ok(port));
    });
  });
}

async function waitForHealth(url, child) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`app-server exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('app-server did not become healthy within 30 s');
}

async function dropDatabase(name) {
  const client = new pg.Client({ connectionString: `${pgBase}/postgres` });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

/**
 * Starts adapters-identity's loopback OpenID Connect issuer (the `fake-oidc-issuer` binary). Answers its
 * issuer URL, `nextLogin(login)` choosing who consents next (subject, email, emailVerified, name and a
 * `tamper` such as 'forged-signature' or 'expired'), and `stop()`.
 */
async function startFakeIssuer() {
  if (!fakeIssuerBin || !existsSync(fakeIssuerBin)) throw new Error('FAKE_OIDC_BIN must name the built fake-oidc-issuer');
  const child = spawn(fakeIssuerBin, [], { stdio: ['ignore', 'pipe', 'inherit'] });
  const issuer = await new Promise((ok, fail) => {
    let out = '';
    child.once('exit', (code) => fail(new Error(`fake-oidc-issuer exited with ${code}`)));
    child.stdout.on('data', (chunk) => {
      out += String(chunk);
      if (out.includes('\n')) ok(JSON.parse(out.split('\n')[0]).issuer);
    });
  });
  return {
    issuer,
    async nextLogin(login) {
      const response = await fetch(`${issuer}/test/next-login`, { method: 'POST', body: JSON.stringify(login) });
      if (!response.ok) throw new Error(`the fake issuer refused ${JSON.stringify(login)}: ${await response.text()}`);
    },
    stop() {
      child.kill('SIGTERM');
    },
  };
}

/**
 * Starts adapters-whatsapp's fake Graph API (the `fake-graph-api` binary, FAKE_GRAPH_BIN). Answers its base URL,
 * `messages()` (what it accepted, oldest first: id, to, the exact body, the Authorization header), `reply(body)`
 * and `status(body)` (it signs Meta's webhook envelope with the app secret and posts it to `body.webhookUrl`;
 * answers `{status, messageId}`), `behave(behaviour)` and `stop()`.
 */
async function startFakeGraph() {
  if (!fakeGraphBin || !existsSync(fakeGraphBin)) throw new Error('FAKE_GRAPH_BIN must name the built fake-graph-api');
  const child = spawn(
    fakeGraphBin,
    ['--access-token', whatsAppAccount.accessToken, '--phone-number-id', whatsAppAccount.phoneNumberId, '--app-secret', whatsAppAccount.appSecret],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const baseUrl = await new Promise((ok, fail) => {
    let out = '';
    child.once('exit', (code) => fail(new Error(`fake-graph-api exited with ${code}`)));
    child.stdout.on('data', (chunk) => {
      out += String(chunk);
      if (out.includes('\n')) ok(JSON.parse(out.split('\n')[0]).baseUrl);
    });
  });
  const call = async (method, path, body) => {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`the fake Graph API answered ${method} ${path} with ${response.status}: ${await response.text()}`);
    return response.json();
  };
  return {
    baseUrl,
    messages: () => call('GET', '/_fake/messages'),
    reply: (body) => call('POST', '/_fake/reply', body),
    status: (body) => call('POST', '/_fake/status', body),
    behave: (behaviour) => call('POST', '/_fake/behaviour', behaviour),
    stop() {
      child.kill('SIGTERM');
    },
  };
}

/**
 * Starts a seeded shop that sends mail to its own SMTP sink. Answers its base URL, the server's log lines
 * so far, the sink (`smtp.lastTo(address)`), and `stop()`. With `google: true` it also starts the fake
 * OpenID Connect issuer and turns "Login with Google" on against it (`shop.google`). With `whatsapp: true` it
 * also starts the fake Graph API and points the shop's WHATSAPP_* settings at it (`shop.whatsapp`, whose
 * `webhookUrl` is the shop's webhook), with a short retry schedule.
 */
export async function startShop({ google = false, whatsapp = false } = {}) {
  if (!appServer || !existsSync(appServer)) throw new Error('APP_SERVER_BIN must name the built app-server');
  const database = `shop_e2e_${process.pid}_${Math.floor(Math.random() * 1e9)}`;
  const scratch = mkdtempSync(join(tmpdir(), 'shop-e2e-'));
  const port = await freePort();
  const smtp = await startSmtpSink();
  const issuer = google ? await startFakeIssuer() : undefined;
  const graph = whatsapp ? await startFakeGraph() : undefined;
  const env = {
    ...process.env,
    DATABASE_URL: `${pgBase}/${database}`,
    BIND_ADDR: `127.0.0.1:${port}`,
    MEDIA_DIR: join(scratch, 'media'),
    FRONTEND_DIST: resolve(here, '../dist'),
    WORKERS: '2',
    DB_POOL_SIZE: '4',
    RUST_LOG: 'info',
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    SMTP_URL: smtp.url,
    ...(issuer
      ? { GOOGLE_CLIENT_ID: googleClient.id, GOOGLE_CLIENT_SECRET: googleClient.secret, OIDC_ISSUER: issuer.issuer }
      : {}),
    ...(graph
      ? {
          WHATSAPP_API_URL: graph.baseUrl,
          WHATSAPP_PHONE_NUMBER_ID: whatsAppAccount.phoneNumberId,
          WHATSAPP_ACCESS_TOKEN: whatsAppAccount.accessToken,
          WHATSAPP_APP_SECRET: whatsAppAccount.appSecret,
          WHATSAPP_VERIFY_TOKEN: whatsAppAccount.verifyToken,
          WHATSAPP_RETRY_BASE_MS: '200',
          WHATSAPP_MAX_ATTEMPTS: '3',
        }
      : {}),
  };
  const log = [];
  const baseUrl = `http://127.0.0.1:${port}`;
  let child;
  try {
    execFileSync(appServer, ['seed-demo', resolve(here, 'fixtures/shop.json')], { env, stdio: ['ignore', 'ignore', 'inherit'] });
    child = spawn(appServer, ['serve'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (chunk) => log.push(String(chunk)));
    child.stderr.on('data', (chunk) => log.push(String(chunk)));
    await waitForHealth(baseUrl, child);
  } catch (error) {
    // A shop that did not start leaves nothing running, or the test process would never end.
    child?.kill('SIGKILL');
    issuer?.stop();
    graph?.stop();
    await smtp.close();
    throw error;
  }
  return {
    baseUrl,
    log,
    smtp,
    google: issuer,
    whatsapp: graph && { ...graph, webhookUrl: `${baseUrl}/api/whatsapp/webhook` },
    async stop() {
      issuer?.stop();
      graph?.stop();
      child.kill('SIGTERM');
      await new Promise((r) => (child.exitCode !== null ? r() : child.once('exit', r)));
      await smtp.close();
      await dropDatabase(database);
      rmSync(scratch, { recursive: true, force: true });
    },
  };
}

/**
 * The server's access lines so far: the `fields` of its JSON log lines whose message is `access` (method,
 * route pattern, status, ms). A line still being written is left for the next call.
 */
export function accessLines(shop) {
  return shop.log
    .join('')
    .split('\n')
    .flatMap((line) => {
      try {
        const parsed = JSON.parse(line);
        return parsed?.fields?.message === 'access' ? [parsed.fields] : [];
      } catch {
        return [];
      }
    });
}

/** Debian's Chromium, headless, with a fresh profile; `options` go to the context (e.g. `javaScriptEnabled: false`). */
export async function launchBrowser(options = {}) {
  const profile = mkdtempSync(join(tmpdir(), 'shop-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_BIN ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
    viewport: viewports.desktop,
    ...options,
  });
  return {
    context,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** A product from the shop's API. */
export async function apiGet(shop, path) {
  const response = await fetch(`${shop.baseUrl}${path}`);
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  return response.json();
}

/**
 * The home page's 'All Mobile Accessories' card named `name`, asking for further pages ('Show more
 * products') until it shows; fails when the list ends without it.
 */
export async function homeCard(page, name) {
  const all = page.getByRole('region', { name: 'All Mobile Accessories' });
  const card = all.getByRole('article').filter({ hasText: name });
  const more = all.getByRole('button', { name: 'Show more products' });
  await all.getByRole('article').first().waitFor();
  while ((await card.count()) === 0) {
    if ((await more.count()) === 0) throw new Error(`'${name}' is not on the home page`);
    const shown = await all.getByRole('article').count();
    await more.click();
    for (let i = 0; i < 100 && (await all.getByRole('article').count()) === shown && (await more.count()) > 0; i += 1) {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return card;
}

/**
 * A seeded shop and a browser for the whole test file: started before its first test, stopped after its last.
 * Answers an object whose `shop` and `browser` are set once the file's tests run, and hands that object to
 * `onStarted` too (for files that keep them in variables of their own). `options` go to startShop.
 */
export function shopForFile(...args) {
  const onStarted = typeof args.at(-1) === 'function' ? args.pop() : undefined;
  const [options] = args;
  const context = { shop: undefined, browser: undefined };
  before(async () => {
    context.shop = await startShop(options);
    context.browser = await launchBrowser();
    onStarted?.(context);
  });
  after(async () => {
    await context.browser?.close();
    await context.shop?.stop();
  });
  return context;
}

/** A new page of `browser` at `viewport`. */
export async function newPage(browser, viewport = viewports.desktop) {
  const page = await browser.context.newPage();
  await page.setViewportSize(viewport);
  return page;
}

/** How far `page` scrolls sideways (0 or less: it fits its width). */
export function sidewaysOverflow(page) {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/**
 * The admin's API, signed in with the admin cookie: `json(method, path, body)` and `form(method, path, fields)`
 * (a field's value a File for an upload).
 */
export async function adminApi(shop) {
  const login = await fetch(`${shop.baseUrl}/api/admin/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(admin),
  });
  if (!login.ok) throw new Error(`the admin login answered ${login.status}`);
  const cookie = login.headers.getSetCookie().map((line) => line.split(';')[0]).join('; ');
  const call = async (method, path, init) => {
    const response = await fetch(`${shop.baseUrl}${path}`, { method, ...init, headers: { ...init.headers, Cookie: cookie } });
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
    return response.json();
  };
  return {
    json: (method, path, body) => call(method, path, { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }),
    form(method, path, fields) {
      const body = new FormData();
      for (const [name, value] of Object.entries(fields)) {
        // A File (a picture) goes as itself, with its name; anything else as text.
        if (value !== undefined && value !== null) body.append(name, value instanceof Blob ? value : String(value));
      }
      return call(method, path, { headers: {}, body });
    },
  };
}

/**
 * Raises the owner's limits on orders (docs/security.md 'Orders') to their bounds through the Order checks
 * settings, as the owner would: for files that place more orders from one account or one phone than the
 * defaults allow, and are not about the limits.
 */
export async function liftOrderLimits(shop) {
  const api = await adminApi(shop);
  const settings = await api.json('GET', '/api/cod/settings');
  await api.json('PUT', '/api/cod/settings', { ...settings, limits: settings.limits.map(({ key, max }) => ({ key, value: max })) });
}

/** A product of the shop's catalogue by its name (through the public list). */
export async function productNamed(shop, name) {
  for (let offset = 0; offset < 1000; offset += 100) {
    const page = await apiGet(shop, `/api/products?limit=100&offset=${offset}`);
    const product = page.find((candidate) => candidate.name === name);
    if (product) return product;
    if (page.length < 100) break;
  }
  throw new Error(`no product is named '${name}'`);
}

/**
 * A call through the browser context's own request client (its cookie jar), e.g. `sessionRequest(browser, 'post',
 * url, { data })`. That client keeps idle connections for reuse, and the server closes a connection idle for 5 s:
 * a call that starts on such a connection just as the server closes it is reset before the server reads a byte
 * of it (`ECONNRESET`, 'socket hang up'), so it is sent once more, on a new connection. Browsers do the same.
 */
export async function sessionRequest(browser, method, url, options = {}) {
  try {
    return await browser.context.request[method](url, options);
  } catch (error) {
    if (!/ECONNRESET|socket hang up/.test(String(error))) throw error;
    return browser.context.request[method](url, options);
  }
}

/** Signs a new customer up through the API in the browser's own cookie jar, so its pages are signed in. */
export async function signUpCustomer(browser, shop, { email, password = 'Shopper-pass-2025', name = 'Ayesha Khan' }) {
  const response = await sessionRequest(browser, 'post', `${shop.baseUrl}/api/auth/signup`, { data: { email, password, name } });
  if (response.status() !== 201) throw new Error(`sign-up answered ${response.status()}: ${await response.text()}`);
  return { email, password, name };
}

/** Waits until the SMTP sink holds `count` messages to `address` (the outbox sends them in the background). */
export async function mailsTo(shop, address, count, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = shop.smtp.messages.filter((message) => message.to.includes(address));
    if (found.length >= count) return found.map((message) => message.data.replace(/=\r?\n/g, '').replace(/=3D/g, '='));
    if (Date.now() > deadline) throw new Error(`${found.length} of ${count} e-mails to ${address} arrived`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * A PNG file of `width` × `height` 8-bit RGB pixels, `rgbAt(x, y)` giving each pixel's [r, g, b]; `level` is the
 * deflate level (0 keeps the file as heavy as the pixels, as a phone photo is).
 */
export function pngFile(width, height, rgbAt, { level = 6 } = {}) {
  const chunk = (type, data) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) raw.set(rgbAt(x, y), y * (width * 3 + 1) + 1 + x * 3);
  }
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', header), chunk('IDAT', deflateSync(raw, { level })), chunk('IEND', Buffer.alloc(0))]);
}

/**
 * Waits until the app has started and drawn `selector`'s element (React keeps its props on the elements it made):
 * until then the page is the server's, whose fields the app's first render replaces.
 */
export async function appDrew(page, selector) {
  await page.waitForFunction(
    (s) => Object.keys(document.querySelector(s) ?? {}).some((key) => key.startsWith('__reactProps')),
    selector,
  );
}
