// The courier hand-off and the analytics page end to end, at phone width (360 px), against the seeded shop
// (delivery Rs 250, FLAT200: Rs 200 off from Rs 2,000): approved orders selected on the admin's orders page and
// their booking sheet downloaded and read cell by cell; tracking numbers imported from a CSV file (a bad file
// first: its problems listed, nothing saved), typed for one order, the orders dispatched in bulk and the
// courier shown in My Orders; then orders delivered, returned and rejected in three cities, one with a coupon,
// and the analytics page's four tables (and their CSV exports) checked against figures this file computes
// from the orders it placed and moved.
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import {
  admin,
  adminApi,
  liftOrderLimits,
  mailsTo,
  newPage,
  productNamed,
  sessionRequest,
  shopForFile,
  sidewaysOverflow,
  signUpCustomer,
  viewports,
} from './harness.mjs';

const files = shopForFile();

/** Every order this file placed, by id, with the status it has now. */
const placed = new Map();

/** The orders of the first tests that later ones move on: `a` and `b` booked and dispatched, `c` typed by hand. */
const booked = {};

const run = String(Date.now()).slice(-6);
// b is typed as couriers print it; the shop keeps it without spaces and dashes (decisions/0041).
const tracking = { a: `LE${run}01`, b: `TCS ${run}-02`, c: `LE${run}03` };
const savedB = `TCS${run}02`;

const delivery = 250;
const flat200 = 200;

/** Pakistan's calendar date (UTC+5) of an instant, `YYYY-MM-DD`. */
function pakistanDate(iso) {
  return new Date(new Date(iso).getTime() + 5 * 3600_000).toISOString().slice(0, 10);
}

function addDays(date, days) {
  const moved = new Date(`${date}T00:00:00Z`);
  moved.setUTCDate(moved.getUTCDate() + days);
  return moved.toISOString().slice(0, 10);
}

/** The Monday of the week holding `date`. */
function monday(date) {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return addDays(date, -((day + 6) % 7));
}

const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** `2026-10-27` as '27 Oct 2026'. */
const longDay = (date) => {
  const [year, month, day] = date.split('-').map(Number);
  return `${day} ${months[month - 1]} ${year}`;
};

/** RFC 4180: rows of cells, quotes undone; the line ends must be CRLF. */
function parseCsv(text) {
  const rows = [];
  let row = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i += 1;
    } else cell += c;
  }
  assert.equal(cell + row.join(''), '', 'the file ends with CRLF');
  return rows;
}

/**
 * Places an order as the signed-in shopper through the API, with figures this test works out: unit prices
 * of plain products, delivery Rs 250, FLAT200's Rs 200. Answers the order as stored.
 */
async function placeOrder({ items, coupon = null, name, phone, province, city, address }) {
  const { shop, browser } = files;
  const cart = [];
  for (const [productName, quantity] of items) {
    const product = await productNamed(shop, productName);
    assert.equal(product.finalPrice, product.price, `${productName} has a plain price`);
    cart.push({ productId: product._id, name: product.name, quantity, price: product.price });
  }
  const subtotal = cart.reduce((sum, line) => sum + line.price * line.quantity, 0);
  const couponDiscount = coupon === 'FLAT200' ? flat200 : 0;
  const response = await sessionRequest(browser, 'post', `${shop.baseUrl}/api/orders`, {
    data: {
      userDetails: { province, city, name, phone1: phone, phone2: '', email: shopper.email, address },
      cart,
      subtotal,
      deliveryCharge: delivery,
      coupon,
      couponDiscount,
      total: subtotal + delivery - couponDiscount,
    },
  });
  const body = await response.json();
  assert.equal(response.status(), 201, JSON.stringify(body));
  placed.set(body.order._id, body.order);
  return body.order;
}

/** Moves order `id` through `statuses` as the admin, through the API. */
async function move(id, ...statuses) {
  const api = await adminApi(files.shop);
  for (const status of statuses) {
    const { order } = await api.json('PUT', `/api/orders/${id}/status`, {
      status,
      ...(status === 'rejected' && { comment: 'Customer cancelled on the phone.' }),
    });
    placed.set(id, order);
  }
}

async function orderNow(id) {
  const api = await adminApi(files.shop);
  const { orders } = await api.json('GET', `/api/orders?q=${id}&limit=100`);
  const order = orders.find((candidate) => candidate._id === id);
  assert.ok(order, `order #${id} is listed`);
  return order;
}

async function assertFits(page, where) {
  const overflow = await sidewaysOverflow(page);
  assert.ok(overflow <= 0, `${where} scrolls sideways by ${overflow}px`);
}

/** Opens the admin page at `path` (titled `title`), logging in first when the browser is not signed in yet. */
async function adminPage(page, path, title) {
  const { shop } = files;
  await page.goto(`${shop.baseUrl}${path}`);
  const heading = page.getByRole('heading', { level: 1, name: new RegExp(`^(Admin Login|${title})$`) });
  if ((await heading.innerText()) === 'Admin Login') {
    await page.getByLabel('Email').fill(admin.email);
    await page.getByLabel('Password').fill(admin.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForURL(`${shop.baseUrl}${path}`);
  }
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
}

/** The admin's orders page filtered to one status, every order of it shown. */
async function ordersWithStatus(page, status, count) {
  const { shop } = files;
  await page.goto(`${shop.baseUrl}/admin/orders`);
  await page.getByRole('heading', { level: 1, name: 'Customer Orders' }).waitFor();
  await page.getByRole('combobox', { name: 'Status' }).selectOption(status);
  await page.getByText(`Showing ${count} of ${count} orders`).waitFor();
  await page.locator('.admin-orders__list > li').nth(count - 1).waitFor();
  await page.waitForFunction(
    ([wanted, n]) => document.querySelectorAll(`.admin-orders__list .order-status`).length === n &&
      [...document.querySelectorAll('.admin-orders__list .order-status')].every((badge) => badge.textContent === wanted),
    [status[0].toUpperCase() + status.slice(1), count],
  );
  // The courier tools wait folded above the list (docs/decisions/0040-the-owners-day.md): open them.
  await page.getByText('Courier hand-off and order checks').click();
  await tools(page).waitFor();
}

/** Downloads what `click` starts and answers its suggested name and text (byte order mark removed). */
async function download(page, click) {
  const [file] = await Promise.all([page.waitForEvent('download'), click()]);
  const bytes = readFileSync(await file.path());
  return { name: file.suggestedFilename(), bytes, text: bytes.toString('utf8').replace(/^\uFEFF/, '') };
}

/** Waits until `count` 'is dispatched' e-mails reached the shopper, and answers them. */
async function dispatchedMails(shop, count) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const mails = (await mailsTo(shop, shopper.email, 1)).filter((mail) => /Subject: Your order #\d+ is dispatched/.test(mail));
    if (mails.length >= count) return mails;
    if (Date.now() > deadline) throw new Error(`${mails.length} of ${count} dispatch e-mails arrived`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const tools = (page) => page.getByRole('region', { name: 'Courier hand-off' });
const shopper = { email: 'courier.shopper@example.pk' };

describe('courier hand-off and analytics', () => {
  // The file places seven orders from one account, most of them pending at once.
  before(() => liftOrderLimits(files.shop));

  test('approved orders selected on the orders page give a booking sheet checked cell by cell', async () => {
    const { shop, browser } = files;
    await signUpCustomer(browser, shop, { email: shopper.email, name: 'Ayesha Khan' });
    const a = await placeOrder({
      items: [
        ['Infinix Hot 40 Pro Clear Case', 2],
        ['USB-C to USB-C Braided Cable 1m 60W', 1],
      ],
      name: 'Ayesha Khan',
      phone: '0300 1234567',
      province: 'Punjab',
      city: 'Lahore',
      address: 'House 12, Street 4\nGulberg III',
    });
    const b = await placeOrder({
      items: [['Micro-USB Charging Cable 1m', 1]],
      name: 'Bilal "Billu" Ahmed',
      phone: '+92 321 7654321',
      province: 'AzadKashmir',
      city: 'Mirpur',
      address: 'Plot 7, Sector F-1, Allama Iqbal Road',
    });
    assert.deepEqual([a.total, b.total], [2 * 599 + 899 + delivery, 299 + delivery]);
    await move(a._id, 'approved');
    await move(b._id, 'approved');
    Object.assign(booked, { a, b });

    const page = await newPage(browser, viewports.phone);
    try {
      await adminPage(page, '/admin/orders', 'Customer Orders');
      await ordersWithStatus(page, 'approved', 2);
      const link = tools(page).getByText('Download booking CSV');
      assert.equal(await link.getAttribute('href'), null, 'nothing to download before a selection');

      await page.getByRole('checkbox', { name: `Select order #${a._id}` }).check();
      await tools(page).getByText('1 order selected').waitFor();
      await page.getByRole('checkbox', { name: 'Select all approved' }).check();
      await tools(page).getByText('2 orders selected').waitFor();
      assert.equal(await page.getByRole('checkbox', { name: `Select order #${b._id}` }).isChecked(), true);
      await assertFits(page, 'the orders page with the courier tools');

      // Newest first, as the list shows them.
      const booking = tools(page).getByRole('link', { name: 'Download booking CSV' });
      assert.equal(await booking.getAttribute('href'), `${shop.baseUrl}/api/orders/courier-booking.csv?ids=${b._id},${a._id}`);
      const sheet = await download(page, () => booking.click());

      assert.equal(sheet.name, `courier-booking-${pakistanDate(new Date().toISOString())}.csv`);
      assert.deepEqual(parseCsv(sheet.text), [
        [
          'Consignee Name',
          'Consignee Phone',
          'Consignee Address',
          'Destination City',
          'COD Amount',
          'Item Description',
          'Pieces',
          'Weight (kg)',
          'Order Reference',
        ],
        ['Bilal "Billu" Ahmed', '03217654321', 'Plot 7, Sector F-1, Allama Iqbal Road', 'MIRPUR AJK', '549', '1 x Micro-USB Charging Cable 1m', '1', '0.5', b._id],
        [
          'Ayesha Khan',
          '03001234567',
          'House 12, Street 4, Gulberg III',
          'LAHORE',
          '2347',
          '2 x Infinix Hot 40 Pro Clear Case; 1 x USB-C to USB-C Braided Cable 1m 60W',
          '3',
          '1.5',
          a._id,
        ],
      ]);
      assert.match(sheet.text, /^Consignee Name,.*\r\n"Bilal ""Billu"" Ahmed",03217654321,"Plot 7, Sector F-1, Allama Iqbal Road",/);

      // The same sheet for a spreadsheet (its cells are checked by reading it back in app-server's API tests).
      const workbook = await download(page, () => tools(page).getByRole('link', { name: 'Download for Excel' }).click());
      assert.equal(workbook.name, `courier-booking-${pakistanDate(new Date().toISOString())}.xlsx`);
      assert.equal(workbook.bytes.subarray(0, 4).toString('latin1'), 'PK\x03\x04', 'an Office Open XML (zip) file');
    } finally {
      await page.close();
    }
  });

  test('tracking numbers: a bad file refused row by row with nothing saved, a good one, one typed, bulk dispatch, My Orders', async () => {
    const { shop, browser } = files;
    const { a, b } = booked;
    const c = await placeOrder({
      items: [['Micro-USB Charging Cable 1m', 1]],
      name: 'Ayesha Khan',
      phone: '0300 1234567',
      province: 'Punjab',
      city: 'Lahore',
      address: 'House 12, Street 4, Gulberg III',
    });
    const page = await newPage(browser, viewports.phone);
    const shopperPage = await newPage(browser, viewports.phone);
    try {
      await adminPage(page, '/admin/orders', 'Customer Orders');
      await ordersWithStatus(page, 'approved', 2);
      const importForm = tools(page).getByRole('form', { name: 'Import tracking numbers' });

      const bad = [
        'order reference,courier,tracking number',
        `#${a._id},Leopards,${tracking.a}`,
        `99999,Leopards,${tracking.c}`,
        `${c._id},Leopards,LE${run}99`,
        '',
      ].join('\r\n');
      await importForm.getByLabel('Tracking numbers CSV').setInputFiles({ name: 'bad.csv', mimeType: 'text/csv', buffer: Buffer.from(bad) });
      await importForm.getByRole('button', { name: 'Import tracking numbers' }).click();
      await importForm.getByText('The file has 2 problems; nothing was saved.').waitFor();
      assert.deepEqual(await importForm.getByRole('list', { name: 'Problems in the file' }).getByRole('listitem').allInnerTexts(), [
        'Row 3: Order #99999 does not exist.',
        `Row 4: Order #${c._id} is not approved.`,
      ]);
      assert.equal((await orderNow(a._id)).trackingNumber ?? null, null, 'the good row of a refused file is not saved');
      await assertFits(page, 'the orders page with the import problems');

      const good = [
        'Order Reference , Courier , Tracking Number',
        `#${a._id},Leopards,${tracking.a}`,
        `${b._id},TCS,${tracking.b}`,
        '',
      ].join('\r\n');
      await importForm.getByLabel('Tracking numbers CSV').setInputFiles({ name: 'good.csv', mimeType: 'text/csv', buffer: Buffer.from(good) });
      await importForm.getByRole('button', { name: 'Import tracking numbers' }).click();
      await importForm.getByText('Saved 2 tracking numbers.').waitFor();
      assert.equal(await importForm.getByRole('list', { name: 'Problems in the file' }).count(), 0);
      const cardA = page.getByRole('article', { name: `Order #${a._id}` });
      await cardA.getByText(`Courier: Leopards, tracking number ${tracking.a}`).waitFor();
      await page.getByRole('article', { name: `Order #${b._id}` }).getByText(`Courier: TCS, tracking number ${savedB}`).waitFor();

      // One order typed by hand: a number in use is refused beside the form, then its own is saved.
      await move(c._id, 'approved');
      await ordersWithStatus(page, 'approved', 3);
      const cardC = page.getByRole('article', { name: `Order #${c._id}` });
      await cardC.getByRole('button', { name: new RegExp(`^#${c._id}(?!\\d)`) }).click();
      const form = cardC.getByRole('form', { name: `Courier for order #${c._id}` });
      await form.getByRole('combobox', { name: 'Courier' }).fill('Leopards');
      await form.getByRole('textbox', { name: 'Tracking number' }).fill(tracking.a);
      await form.getByRole('button', { name: 'Save tracking number' }).click();
      await form.getByText(`Tracking number ${tracking.a} is already used by order #${a._id}.`).waitFor();
      await form.getByRole('textbox', { name: 'Tracking number' }).fill(tracking.c);
      await form.getByRole('button', { name: 'Save tracking number' }).click();
      await form.getByText('Tracking number saved.').waitFor();
      await cardC.getByText(`Courier: Leopards, tracking number ${tracking.c}`).waitFor();
      await assertFits(page, 'the orders page with an order open');
      await page.setViewportSize(viewports.desktop);
      await assertFits(page, 'the orders page at desktop width');
      await page.setViewportSize(viewports.phone);

      // A and B go out together; C stays approved.
      await page.getByRole('checkbox', { name: `Select order #${a._id}` }).check();
      await page.getByRole('checkbox', { name: `Select order #${b._id}` }).check();
      await tools(page).getByText('2 orders selected').waitFor();
      await tools(page).getByRole('button', { name: 'Dispatch selected' }).click();
      await tools(page).getByText('Dispatched 2 orders.').waitFor();
      await page.getByText('Showing 1 of 1 orders').waitFor();
      for (const order of [a, b]) {
        const now = await orderNow(order._id);
        assert.equal(now.status, 'dispatched');
        placed.set(order._id, now);
      }
      placed.set(c._id, await orderNow(c._id));

      await shopperPage.goto(`${shop.baseUrl}/orders`);
      await shopperPage.getByRole('heading', { level: 1, name: 'My Orders' }).waitFor();
      await shopperPage.getByRole('article', { name: `Order #${a._id}` }).getByText(`Courier: Leopards, tracking number ${tracking.a}`).waitFor();
      await shopperPage.getByRole('article', { name: `Order #${b._id}` }).getByText(`Courier: TCS, tracking number ${savedB}`).waitFor();
      assert.equal(await shopperPage.getByRole('article', { name: `Order #${c._id}` }).getByText(/^Courier:/).count(), 0, 'an approved order shows no courier yet');
      await assertFits(shopperPage, 'My Orders with tracking numbers');

      const dispatched = await dispatchedMails(shop, 2);
      assert.ok(dispatched.some((mail) => mail.includes(`Courier: Leopards`) && mail.includes(`Tracking number: ${tracking.a}`)));
      assert.ok(dispatched.some((mail) => mail.includes(`Courier: TCS`) && mail.includes(`Tracking number: ${savedB}`)));
    } finally {
      await shopperPage.close();
      await page.close();
    }
  });

  test('the analytics page shows the figures of the orders placed and moved, and exports each table as shown', async () => {
    const { browser } = files;
    const { a, b } = booked;
    const lahore = { province: 'Punjab', city: 'Lahore', phone: '0300 1234567', address: 'House 12, Street 4, Gulberg III' };
    const karachi = { province: 'Sindh', city: 'Karachi', phone: '0333 5550101', address: 'Flat 3, Block 5, Clifton' };
    const d = await placeOrder({ items: [['Samsung 25W Super Fast Charger', 1]], coupon: 'FLAT200', name: 'Ayesha Khan', ...lahore });
    const e = await placeOrder({ items: [['Infinix Hot 40 Pro Clear Case', 2]], name: 'Sana Malik', ...karachi });
    const f = await placeOrder({ items: [['USB-C to USB-C Braided Cable 1m 60W', 1]], name: 'Sana Malik', ...karachi });
    const g = await placeOrder({ items: [['Micro-USB Charging Cable 1m', 1]], name: 'Ayesha Khan', ...lahore });
    assert.equal(d.total, 2999 + delivery - flat200);
    await move(a._id, 'delivered');
    await move(b._id, 'returned');
    await move(d._id, 'approved', 'dispatched', 'delivered');
    await move(e._id, 'approved', 'dispatched', 'delivered');
    await move(f._id, 'approved', 'dispatched', 'returned');
    await move(g._id, 'rejected');

    const page = await newPage(browser, viewports.phone);
    await page.addInitScript(() => {
      window.__violations = [];
      document.addEventListener('securitypolicyviolation', (event) => {
        window.__violations.push(`${event.violatedDirective} ${event.blockedURI}`);
      });
    });
    try {
      await adminPage(page, '/admin/analytics', 'Order Analytics');
      const from = await page.getByLabel('From', { exact: true }).inputValue();
      const to = await page.getByLabel('To', { exact: true }).inputValue();
      const today = pakistanDate(new Date().toISOString());
      assert.deepEqual([from, to], [addDays(monday(today), -49), today], "the server's default: this week and the seven before it");
      assert.equal(await page.getByRole('radio', { name: 'By week' }).isChecked(), true);

      for (const view of ['week', 'city', 'product', 'coupon']) {
        const expected = expectedTable(view, from, to);
        await page.getByRole('radio', { name: `By ${view}` }).check();
        const table = page.getByRole('table', { name: `Orders by ${view}, ${longDay(from)} to ${longDay(to)}` });
        await table.waitFor();
        const cells = await table.locator('tr').evaluateAll((rows) =>
          rows.map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent)),
        );
        assert.deepEqual(cells, expected, `the ${view} table`);
        await page.getByRole('img', { name: `Bar chart: Orders by ${view}, ${longDay(from)} to ${longDay(to)}` }).waitFor();
        await assertFits(page, `the analytics page by ${view}`);

        const csv = await download(page, () => page.getByRole('button', { name: 'Export CSV' }).click());
        assert.equal(csv.name, `orders-by-${view}-${from}-to-${to}.csv`);
        assert.deepEqual(parseCsv(csv.text), cells, `the ${view} export matches its table`);
      }
      await page.setViewportSize(viewports.desktop);
      await page.getByRole('img', { name: /^Bar chart: Orders by coupon/ }).waitFor();
      await assertFits(page, 'the analytics page at desktop width');
      assert.deepEqual(await page.evaluate(() => window.__violations), [], 'the chart and the export keep to the Content-Security-Policy');
    } finally {
      await page.close();
    }
  });
});

/**
 * The table the analytics page must show for `view` over the period, worked out from the orders this file
 * placed (all placed today, so inside the period) and the statuses it gave them.
 */
function expectedTable(view, from, to) {
  const counted = ['delivered', 'returned', 'rejected'];
  const orders = [...placed.values()];
  const groups = new Map();
  const add = (key, label, order, cash) => {
    const group = groups.get(key) ?? { key, label, placed: 0, delivered: 0, returned: 0, rejected: 0, cash: 0 };
    group.placed += 1;
    if (counted.includes(order.status)) group[order.status] += 1;
    if (order.status === 'delivered') group.cash += cash;
    groups.set(key, group);
  };
  for (const order of orders) {
    if (view === 'week') {
      const week = monday(pakistanDate(order.createdAt));
      add(week, `Week of ${longDay(week)}`, order, order.total);
    } else if (view === 'city') add(order.userDetails.city ?? '', order.userDetails.city ?? 'No city', order, order.total);
    else if (view === 'coupon') add(order.coupon ?? '', order.coupon ?? 'No coupon', order, order.total);
    else for (const line of order.cart) add(line.productId, line.name, order, line.lineTotal);
  }
  let rows = [...groups.values()];
  if (view === 'week') {
    for (let week = monday(from); week <= to; week = addDays(week, 7)) {
      if (!groups.has(week)) rows.push({ key: week, label: `Week of ${longDay(week)}`, placed: 0, delivered: 0, returned: 0, rejected: 0, cash: 0 });
    }
    rows.sort((x, y) => (x.key < y.key ? -1 : 1));
  } else {
    rows.sort((x, y) => y.placed - x.placed || (x.label < y.label ? -1 : x.label > y.label ? 1 : 0));
  }
  const totals = { placed: 0, delivered: 0, returned: 0, rejected: 0, cash: 0 };
  for (const order of orders) {
    totals.placed += 1;
    if (counted.includes(order.status)) totals[order.status] += 1;
    if (order.status === 'delivered') totals.cash += order.total;
  }
  const rate = ({ delivered, returned }) => {
    if (delivered + returned === 0) return 'n/a';
    const tenths = Math.floor((delivered * 2000 + (delivered + returned)) / (2 * (delivered + returned)));
    return `${Math.floor(tenths / 10)}.${tenths % 10}`;
  };
  const cells = (group) => [String(group.placed), String(group.delivered), String(group.returned), String(group.rejected), rate(group), String(group.cash)];
  const first = { week: 'Week', city: 'City', product: 'Product', coupon: 'Coupon' }[view];
  rows = rows.map((row) => [row.label, ...cells(row)]);
  return [[first, 'Placed', 'Delivered', 'Returned', 'Rejected', 'Delivery rate (%)', 'Cash collected (Rs)'], ...rows, ['Total', ...cells(totals)]];
}
