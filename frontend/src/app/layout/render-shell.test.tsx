import { describe, expect, it } from 'vitest';

import { renderShell } from './render-shell';

describe('renderShell', () => {
  it('draws the storefront frame for a signed-out visitor with an empty cart, with one place for the page inside main', () => {
    const shell = renderShell();
    const doc = new DOMParser().parseFromString(`<div id="root">${shell}</div>`, 'text/html');
    const root = doc.getElementById('root');

    expect(shell.startsWith('<!--shell--><a href="#main" class="skip-link">Skip to content</a>')).toBe(true);
    expect(shell.endsWith('</footer><!--/shell-->')).toBe(true);
    expect(shell.split('<!--page-main-->')).toHaveLength(2);
    expect(shell).toContain('<div id="shop-info" class="shop-info"><!--shop-info--></div><main id="main"');
    expect(shell).toContain('<main id="main" class="site-main" tabindex="-1"><!--page-main--></main>');
    expect([...(root?.querySelectorAll('.navbar__desktop a') ?? [])].map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Login', '/login'],
      ['Sign up', '/signup'],
      ['Admin', '/admin/login'],
    ]);
    const cart = root?.querySelector('a.cart-link');
    expect(cart?.getAttribute('aria-label')).toBe('Cart');
    expect(cart?.querySelector('.cart-link__badge')).toBeNull();
    expect(root?.querySelector('footer')?.textContent).toContain('2025 all rights reserved');
  });
});
