// The storefront end to end, at a phone and a desktop width: home -> category through the Categories menu ->
// sort -> product page -> gallery -> search with a typo -> unknown ids, and category views counted once per
// browser, against the tests' catalogue (fixtures/shop.json).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { apiGet, appDrew, shopForFile, viewports } from './harness.mjs';

let shop;
let browser;

shopForFile((started) => ({ shop, browser } = started));

/** The Samsung Cases of the tests' catalogue, by shown price. */
const SAMSUNG_CASES_LOW_TO_HIGH = [
  ['Galaxy A54 Clear Case', 809],
  ['Galaxy A34 Flip Cover', 999],
  ['Galaxy S23 Silicone Cover', 1599],
  ['Galaxy Z Flip 5 Hinge Case', 2239],
  ['Galaxy S24 Ultra Tough Armor Case', 2999],
];

async function sidewaysOverflow(page) {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

async function assertNoSidewaysScroll(page, where) {
  const overflow = await sidewaysOverflow(page);
  assert.ok(overflow <= 0, `${where} scrolls sideways by ${overflow}px`);
}

/** Opens a category from the navigation: the Categories dropdown on a desktop, the toggle menu on a phone. */
async function openCategoryFromMenu(page, isPhone, parent, child) {
  let menu;
  if (isPhone) {
    await page.getByRole('button', { name: 'Open menu' }).click();
    menu = page.getByRole('navigation', { name: 'Menu' });
  } else {
    const button = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Categories' });
    await button.click();
    assert.equal(await button.getAttribute('aria-expanded'), 'true');
    menu = page.getByRole('navigation', { name: 'Main' });
  }
  const parentEntry = menu.getByRole('button', { name: new RegExp(`^${parent}`) });
  await parentEntry.click();
  assert.equal(await parentEntry.getAttribute('aria-expanded'), 'true');
  await menu.getByRole('link', { name: child, exact: true }).click();
}

/** The shown prices of a section's cards, in page order. */
async function pricesIn(section) {
  const texts = await section.locator('.product-card__price strong').allInnerTexts();
  return texts.map((text) => Number(text.replace(/^Rs /, '').replaceAll(',', '')));
}

async function cardNames(section) {
  return section.locator('.product-card__name').allInnerTexts();
}

for (const [name, viewport] of Object.entries(viewports)) {
  const isPhone = name === 'phone';

  describe(`storefront at ${name} width`, () => {
    test('home -> category -> sort -> product -> gallery', async () => {
      const page = await browser.context.newPage();
      await page.setViewportSize(viewport);
      try {
        await page.goto(`${shop.baseUrl}/`);
        const featured = page.getByRole('region', { name: 'Featured Accessories' });
        await featured.getByRole('article').first().waitFor();
        const cardImage = featured.getByRole('article').first().getByRole('img');
        assert.match(await cardImage.getAttribute('srcset'), /320w/);
        // The first row's pictures load at once (the page's largest paint), later ones lazily.
        assert.equal(await cardImage.getAttribute('loading'), 'eager');
        assert.equal(await featured.getByRole('article').nth(2).getByRole('img').getAttribute('loading'), 'lazy');
        assert.ok(await cardImage.getAttribute('sizes'));

        await openCategoryFromMenu(page, isPhone, 'Phone Cases', 'Samsung Cases');

        await page.waitForURL(`${shop.baseUrl}/category/3`);
        await page.getByRole('heading', { level: 1, name: 'Samsung Cases' }).waitFor();
        const own = page.getByRole('region', { name: 'Products in Samsung Cases' });
        await own.getByRole('article').first().waitFor();
        assert.deepEqual(await pricesIn(own), SAMSUNG_CASES_LOW_TO_HIGH.map(([, price]) => price));
        assert.deepEqual(await cardNames(own), SAMSUNG_CASES_LOW_TO_HIGH.map(([product]) => product));
        assert.match(await own.getByRole('article').first().getByRole('img').getAttribute('srcset'), /320w/);
        await assertNoSidewaysScroll(page, 'the category page');

        await page.getByRole('button', { name: 'Sort by: Price: Low to High' }).click();
        const menu = page.getByRole('menu', { name: 'Sort by price' });
        assert.equal(await menu.getByRole('menuitemradio', { name: 'Price: Low to High' }).getAttribute('aria-checked'), 'true');
        assert.match(await menu.getByRole('menuitemradio', { name: 'Price: Low to High' }).innerText(), /✓/);
        await menu.getByRole('menuitemradio', { name: 'Price: High to Low' }).click();

        await page.getByRole('button', { name: 'Sort by: Price: High to Low' }).waitFor();
        assert.deepEqual(await pricesIn(own), SAMSUNG_CASES_LOW_TO_HIGH.map(([, price]) => price).reverse());

        await own.getByRole('article').first().getByRole('heading').getByRole('link', { name: 'Galaxy S24 Ultra Tough Armor Case' }).click();

        await page.getByRole('heading', { level: 1, name: 'Galaxy S24 Ultra Tough Armor Case' }).waitFor();
        const details = page.getByRole('article', { name: 'Galaxy S24 Ultra Tough Armor Case' });
        const price = details.locator('.product-page__price');
        assert.equal(await price.locator('strong').innerText(), 'Rs 2,999');
        assert.equal(await price.locator('s').innerText(), 'Rs 3,499');
        assert.equal(await details.getByText('14% OFF').count(), 1);
        assert.equal(await details.locator('.product-page__stock').innerText(), 'In Stock');
        assert.equal(await details.getByText('Colour: Black').count(), 1);
        await page.getByText('No reviews yet for this product.').waitFor();

        const add = details.getByRole('button', { name: 'Add to Cart' });
        assert.equal(await add.isEnabled(), true);
        const bar = details.locator('.product-page__buy');
        const position = await bar.evaluate((element) => getComputedStyle(element).position);
        if (isPhone) {
          assert.equal(position, 'fixed', 'the cart control is fixed on a phone');
          const box = await bar.boundingBox();
          assert.ok(Math.abs(box.y + box.height - viewport.height) <= 1, 'the cart control sits at the bottom of the screen');
        } else {
          assert.equal(position, 'static', 'the cart control is in the flow on a desktop');
        }
        await assertNoSidewaysScroll(page, 'the product page');

        const gallery = page.getByRole('region', { name: 'Pictures of Galaxy S24 Ultra Tough Armor Case' });
        const first = gallery.getByRole('img', { name: 'Galaxy S24 Ultra Tough Armor Case, 1 of 2' });
        assert.equal(await first.getAttribute('loading'), 'eager');
        assert.equal(await first.getAttribute('fetchpriority'), 'high');
        assert.match(await first.getAttribute('srcset'), /320w/);
        assert.equal(await first.evaluate((image) => image.complete && image.naturalWidth > 0), true);

        await gallery.getByRole('button', { name: 'Next image' }).click();
        await gallery.getByRole('img', { name: 'Galaxy S24 Ultra Tough Armor Case, 2 of 2' }).waitFor();
        await gallery.getByRole('button', { name: 'Previous image' }).click();
        await gallery.getByRole('img', { name: 'Galaxy S24 Ultra Tough Armor Case, 1 of 2' }).waitFor();
        await gallery.getByRole('button', { name: 'Previous image' }).click();
        await gallery.getByRole('img', { name: 'Galaxy S24 Ultra Tough Armor Case, 2 of 2' }).waitFor();
        await page.keyboard.press('ArrowRight');
        await gallery.getByRole('img', { name: 'Galaxy S24 Ultra Tough Armor Case, 1 of 2' }).waitFor();
        const thumbnail = gallery.getByRole('button', { name: 'Show image 2 of 2' });
        const thumbBox = await thumbnail.boundingBox();
        assert.equal(Math.round(thumbBox.width), 60);
        assert.equal(Math.round(thumbBox.height), 60);
      } finally {
        await page.close();
      }
    });

    test("a product with 1 left says 'Only 1 left!'", async () => {
      const page = await browser.context.newPage();
      await page.setViewportSize(viewport);
      try {
        await page.goto(`${shop.baseUrl}/category/3`);
        const own = page.getByRole('region', { name: 'Products in Samsung Cases' });
        await own.getByRole('heading', { name: 'Galaxy S23 Silicone Cover' }).getByRole('link').click();

        await page.getByRole('heading', { level: 1, name: 'Galaxy S23 Silicone Cover' }).waitFor();
        assert.equal(await page.locator('.product-page__stock').innerText(), 'Only 1 left!');
        assert.equal(await page.locator('.product-page__price strong').innerText(), 'Rs 1,599');
      } finally {
        await page.close();
      }
    });

    test("search forgives a typo: 'chargr' finds chargers", async () => {
      const page = await browser.context.newPage();
      await page.setViewportSize(viewport);
      try {
        await page.goto(`${shop.baseUrl}/`);
        // Typed into the app's box: the server-drawn one is replaced when the app starts (what it held is lost
        // then; a known gap, see issue 26's note).
        await appDrew(page, 'form[role="search"] input');
        const box = page.getByRole('searchbox', { name: 'Search accessories' });
        await box.fill('chargr');
        await box.press('Enter');

        await page.waitForURL(`${shop.baseUrl}/search?q=chargr`);
        await page.getByRole('heading', { level: 1, name: 'Search Results for "chargr"' }).waitFor();
        await page.getByRole('article').first().waitFor();
        const names = await page.locator('.product-card__name').allInnerTexts();
        assert.ok(names.includes('Dual USB 2.4A Home Charger'), `no wall charger among ${names.join(', ')}`);
        assert.ok(names.filter((product) => /Charger/.test(product)).length >= 5);
        assert.equal(await page.getByText('No products found.').count(), 0);
        await assertNoSidewaysScroll(page, 'the search page');

        await page.goto(`${shop.baseUrl}/search?q=${encodeURIComponent('zzzqqqxxx')}`);
        await page.getByText('No products found.').waitFor();
      } finally {
        await page.close();
      }
    });

    test('unknown and malformed product ids show the not-found page', async () => {
      const page = await browser.context.newPage();
      await page.setViewportSize(viewport);
      try {
        for (const id of ['999999', 'not-an-id']) {
          await page.goto(`${shop.baseUrl}/product/${id}`);
          await page.getByRole('heading', { level: 1, name: 'Product not found' }).waitFor({ timeout: 5000 });
          assert.equal(await page.getByRole('status').count(), 0, 'no spinner is left');
          assert.equal(await page.getByRole('link', { name: 'Back to the shop' }).getAttribute('href'), '/');
        }
        await page.goto(`${shop.baseUrl}/category/999999`);
        await page.getByRole('heading', { level: 1, name: 'Category not found' }).waitFor({ timeout: 5000 });
        // One message, not 'Failed to load category' beside it.
        assert.equal(await page.getByText('This category does not exist or has been removed.').count(), 1);
        assert.equal(await page.getByText('Failed to load category').count(), 0);
      } finally {
        await page.close();
      }
    });
  });
}

test('All Products lists a page of cards and loads more on request', async () => {
  const page = await browser.context.newPage();
  await page.setViewportSize(viewports.phone);
  try {
    await page.goto(`${shop.baseUrl}/products`);
    await page.getByRole('heading', { level: 1, name: 'All Products' }).waitFor();
    await page.getByRole('article').first().waitFor();
    assert.equal(await page.getByRole('article').count(), 24);
    const first = page.getByRole('article').first();
    assert.match(await first.getByRole('link', { name: 'View Details' }).getAttribute('href'), /^\/product\/\d+$/);

    await page.getByRole('button', { name: 'Load more' }).click();

    await page.getByRole('article').nth(47).waitFor();
    assert.equal(await page.getByRole('article').count(), 48);
    await assertNoSidewaysScroll(page, 'the listing');
  } finally {
    await page.close();
  }
});

test('a category view is counted once per browser', async () => {
  const viewsOf = async (id) => (await apiGet(shop, '/api/categories')).find((category) => category._id === id).views;
  const [powerBanks] = (await apiGet(shop, '/api/categories')).filter((category) => category.name === 'Power Banks');
  const before = powerBanks.views;
  const page = await browser.context.newPage();
  const counted = [];
  page.on('response', (response) => {
    if (response.url().endsWith(`/api/categories/increment-view/${powerBanks._id}`)) counted.push(response.status());
  });
  try {
    for (let visit = 1; visit <= 2; visit += 1) {
      await page.goto(`${shop.baseUrl}/category/${powerBanks._id}`);
      await page.getByRole('heading', { level: 1, name: 'Power Banks' }).waitFor();
      await page.waitForLoadState('networkidle');
    }
    assert.equal(await page.evaluate((id) => localStorage.getItem(`category_viewed_${id}`) !== null, powerBanks._id), true);
    assert.deepEqual(counted, [200]);
    // The server writes views within a second and its public answers are cached for two: wait for the count.
    const deadline = Date.now() + 15_000;
    let views = await viewsOf(powerBanks._id);
    while (views === before && Date.now() < deadline) {
      await new Promise((settle) => setTimeout(settle, 100));
      views = await viewsOf(powerBanks._id);
    }
    assert.equal(views, before + 1);
  } finally {
    await page.close();
  }
});
