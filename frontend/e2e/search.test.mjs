// Search the way shoppers here ask (issue 25), at phone width (360 px): a search that finds nothing offers
// 'Did you mean' as a link when a correction exists, else the top categories and the featured products; the
// owner edits the synonym groups on the admin's Search Synonyms page, reached from the dashboard, and a
// shopper's search follows at once.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { admin, newPage, shopForFile, sidewaysOverflow, viewports } from './harness.mjs';

let shop;
let browser;

shopForFile((started) => ({ shop, browser } = started));

describe('search at phone width', () => {
  test("a search that finds nothing offers 'Did you mean' as a link to the corrected search", async () => {
    const page = await newPage(browser, viewports.phone);
    try {
      await page.goto(`${shop.baseUrl}/search?q=earfones`);
      await page.getByText('No products found.').waitFor();
      const offer = page.locator('.search-correction');
      await offer.waitFor();
      assert.equal(await offer.textContent(), 'Did you mean "earphones"?');
      assert.equal(await page.getByRole('heading', { name: 'Browse categories' }).count(), 0);
      assert.ok((await sidewaysOverflow(page)) <= 0, 'the page scrolls sideways');

      await offer.getByRole('link', { name: 'earphones' }).click();

      await page.waitForURL(`${shop.baseUrl}/search?q=earphones`);
      await page.getByRole('heading', { level: 1, name: 'Search Results for "earphones"' }).waitFor();
      await page.getByRole('article', { name: 'USB-C Wired Earphones' }).waitFor();
      assert.equal(await page.getByText('No products found.').count(), 0);
    } finally {
      await page.close();
    }
  });

  test('with no correction it offers the top categories and the featured products', async () => {
    const page = await newPage(browser, viewports.phone);
    try {
      await page.goto(`${shop.baseUrl}/search?q=zzqxv`);
      await page.getByText('No products found.').waitFor();
      const categories = page.getByRole('navigation', { name: 'Browse categories' });
      await categories.waitFor();
      assert.deepEqual(await categories.getByRole('link').allInnerTexts(), [
        'Audio',
        'Cables',
        'Chargers',
        'Phone Cases',
        'Power Banks',
        'Screen Protectors',
      ]);
      const featured = page.getByRole('region', { name: 'Featured Accessories' });
      await featured.getByRole('article').first().waitFor();
      assert.ok((await featured.getByRole('article').count()) > 0);
      assert.equal(await page.locator('.search-correction').count(), 0);
      assert.ok((await sidewaysOverflow(page)) <= 0, 'the page scrolls sideways');

      await categories.getByRole('link', { name: 'Chargers' }).click();
      await page.waitForURL(/\/category\/\d+$/);
    } finally {
      await page.close();
    }
  });

  test('the owner adds a synonym group on the admin page and a shopper search finds it', async () => {
    const page = await newPage(browser, viewports.phone);
    try {
      await page.goto(`${shop.baseUrl}/admin/login`);
      await page.getByLabel('Email').fill(admin.email);
      await page.getByLabel('Password').fill(admin.password);
      await page.getByRole('button', { name: 'Login', exact: true }).click();
      await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
      await page.getByRole('navigation', { name: 'Management pages' }).getByRole('link', { name: 'Search Synonyms' }).click();
      await page.waitForURL(`${shop.baseUrl}/admin/search-synonyms`);
      const box = page.getByRole('textbox', { name: 'Synonym groups' });
      await page.waitForFunction(() => document.querySelector('textarea[name="groups"]')?.value.startsWith('cover, back cover'));
      assert.ok((await sidewaysOverflow(page)) <= 0, 'the page scrolls sideways');

      await box.fill(`${await box.inputValue()}\ncover, pouch`);
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Line 21: "cover" is already in another group.').waitFor();

      // 'Dabba' (a box) joins the power bank group.
      const lines = (await box.inputValue()).split('\n').slice(0, -1);
      await box.fill(lines.map((line) => (line.startsWith('power bank,') ? `${line}, Dabba` : line)).join('\n'));
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('✅ Synonyms saved. Searches use them now.').waitFor();
      assert.ok((await box.inputValue()).split('\n').includes('power bank, powerbank, power bnk, battery bank, dabba'));

      await page.goto(`${shop.baseUrl}/search?q=dabba`);
      await page.getByRole('article', { name: '30000mAh Power Bank 65W' }).waitFor();
      assert.equal(await page.getByText('No products found.').count(), 0);
    } finally {
      await page.close();
    }
  });
});
