import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { Footer } from '@/components/layouts/footer';
import shellTexts from '@/i18n/ur/shell.json';
import { loadUrdu, setLanguage, type Messages } from '@/lib/i18n';
import { formatRupees } from '@/lib/money';
import { jsonResponse, mockFetch } from '@/testing/fetch-mock';
import { renderWithProviders } from '@/testing/render';

import { Navbar } from './navbar';

// The compiled Urdu catalogues, as an Urdu page loads them before its first render (the import is compiled too).
await loadUrdu();
const ur = shellTexts as unknown as Messages<typeof shellTexts>;

describe('the storefront frame in Urdu', () => {
  it('names every link and button in Urdu and switches to the same page in English', () => {
    mockFetch(() => jsonResponse([]));
    renderWithProviders(<Navbar />, { route: '/cart', language: 'ur' });

    const nav = screen.getByRole('navigation', { name: ur.mainNav() });
    expect(within(nav).getByRole('link', { name: ur.login() })).toHaveAttribute('href', '/ur/login');
    expect(within(nav).getByRole('link', { name: ur.cart() })).toHaveAttribute('href', '/ur/cart');
    expect(within(nav).getByRole('button', { name: ur.openMenu() })).toBeInTheDocument();
    expect(within(nav).getByPlaceholderText(ur.searchPlaceholder())).toBeInTheDocument();
    const english = within(nav).getByRole('link', { name: 'English' });
    expect(english).toHaveAttribute('href', '/cart');
    expect(english).toHaveAttribute('lang', 'en');
  });

  it('says the copyright line in Urdu, and English pages keep theirs and link to Urdu', () => {
    renderWithProviders(<Footer />, { language: 'ur' });
    expect(screen.getByText(ur.copyright())).toBeInTheDocument();
  });

  it('formats money through Intl for ur-PK on an Urdu page, and as before on an English one', () => {
    setLanguage('ur');
    expect(formatRupees(125000)).toMatch(/^Rs\s125,000$/);
    setLanguage('en');
    expect(formatRupees(125000)).toBe('Rs 125,000');
  });

  it('links an English page to its Urdu twin', () => {
    mockFetch(() => jsonResponse([]));
    renderWithProviders(<Navbar />, { route: '/product/42', path: '/product/:id' });
    expect(screen.getByRole('link', { name: 'اردو' })).toHaveAttribute('href', '/ur/product/42');
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
  });

  it("remembers a signed-in shopper's switch in the account, and a visitor's in the cookie alone", async () => {
    const saved: unknown[] = [];
    let user: { uid: string; email: string; name: string } | null = null;
    const requested = mockFetch(async (url, request) => {
      if (url.pathname === '/api/auth/session') return jsonResponse({ user });
      if (url.pathname === '/api/auth/language' && request.method === 'PUT') {
        saved.push(await request.json());
        return new Response(null, { status: 204 });
      }
      return jsonResponse([]);
    });
    const visitor = renderWithProviders(<Navbar />, { route: '/cart' });
    await waitFor(() => {
      expect(requested).toContain('/api/auth/session');
    });
    fireEvent.click(screen.getByRole('link', { name: 'اردو' }));
    expect(document.cookie).toContain('lang=ur');
    visitor.unmount();

    user = { uid: '7', email: 'sana@example.pk', name: 'Sana' };
    renderWithProviders(<Navbar />, { route: '/cart' });
    await screen.findByRole('button', { name: 'Logout' });
    fireEvent.click(screen.getByRole('link', { name: 'اردو' }));
    await waitFor(() => {
      expect(saved).toEqual([{ language: 'ur' }]);
    });
  });
});
