// @vitest-environment-options {"url": "https://shop.test/"}
// The page's origin is the table's, so picture addresses come out absolute against it, as the server's do.
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';

import { ProductDetails } from '@/features/products/components/product-details';
import type { Product } from '@/features/products/types';
import { loadUrdu, localText, setLanguage } from '@/lib/i18n';

import table from '../../../../domain/tests/fixtures/product-page-cases.json';

import { AddToCart } from './product';

/** One product of the table the server's tests read too, with the main content both sides draw. */
interface PageCase {
  about: string;
  product: Product;
  html: string[];
}

const cases = table.pages as unknown as readonly PageCase[];
const urduCases = table.urduPages as unknown as readonly PageCase[];

/**
 * `html` with white space collapsed, parsed and written out again, so character references, quoting and
 * void-element slashes are spelt one way. What is not the page's markup goes first: the preload hint React
 * writes for a picture of high priority (in a browser it goes into the head; the server's head preloads
 * nothing of the body), and the colour swatch's inline `style`, which docs/seo.md allows to differ (the
 * server's page may not carry one under its CSP; the app paints it).
 */
function normalised(html: string): string {
  const template = document.createElement('template');
  template.innerHTML = html.replace(/\s+/g, ' ');
  for (const hint of [...template.content.children].filter((element) => element.matches('link[rel="preload"]'))) {
    hint.remove();
  }
  for (const swatch of template.content.querySelectorAll('.swatch')) swatch.removeAttribute('style');
  return template.innerHTML;
}

/** The product page's main content as the app's first render draws it with an empty cart (`ProductRoute`). */
function appMarkup(product: Product): string {
  return renderToStaticMarkup(
    <div className="product-route">
      <ProductDetails
        product={product}
        available={product.stock}
        rating={product.rating == null ? null : { average: product.rating, count: product.reviewCount }}
        reviewsId="reviews"
        actions={<AddToCart product={product} />}
        // The share row's place: the app fills it once it runs (docs/seo.md 'Share button').
        share={<div className="product-share" />}
      />
    </div>,
  );
}

describe("the server's product page and the app's first render", () => {
  it('covers the table', () => {
    expect(cases.length).toBeGreaterThanOrEqual(5);
    expect(window.location.origin).toBe(table.origin);
  });

  it.each(cases.map((c) => [c.about, c] as const))('draw the same markup: %s', (_about, c) => {
    expect(normalised(appMarkup(c.product))).toBe(normalised(c.html.join('')));
  });
});

describe("the server's Urdu product page and the app's first render on an Urdu page", () => {
  beforeAll(async () => {
    await loadUrdu();
  });

  it.each(urduCases.map((c) => [c.about, c] as const))('draw the same markup: %s', (_about, c) => {
    setLanguage('ur');
    try {
      // The product as the page names it (`ProductRoute`): the owner's Urdu name and description where given.
      const shown = { ...c.product, name: localText(c.product.name, c.product.nameUr), description: localText(c.product.description, c.product.descriptionUr) };
      expect(normalised(appMarkup(shown))).toBe(normalised(c.html.join('')));
    } finally {
      setLanguage('en');
    }
  });
});
