import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';

import { AppProvider } from '@/app/provider';
import { AppRoutes } from '@/app/router';
import { adminAreaPaths } from '@/config/admin-area-paths';
import { paths } from '@/config/paths';
import { jsonResponse as json, mockFetch } from '@/testing/fetch-mock';
import { loadPages } from '@/testing/pages';
import { createTestQueryClient, LocationDisplay } from '@/testing/render';

import { adminPaths } from './admin-paths';

const pages = await loadPages();

const owner = { ok: true, email: 'owner@shop.test' };
const dashboard = {
  date: '2026-11-26',
  weekFrom: '2026-11-23',
  weekTo: '2026-11-29',
  waiting: { newOrders: 4, awaitingConfirmation: 2, toDispatch: 3, reviews: 1, refusedCheckouts: 0 },
  today: { placed: 6, delivered: 2, returned: 1, cashCollected: 2100 },
  week: { placed: 31, delivered: 12, returned: 3, cashCollected: 15350 },
};
const loginRequired = () => json({ message: 'Admin login required.' }, 401);

interface Shop {
  /** Whether the admin cookie is set at the start (default: yes). */
  signedIn?: boolean;
  /** The answer to GET /api/admin/check while signed out; a promise keeps it pending. */
  check?: () => Response | Promise<Response>;
  login?: () => Response;
  saveCharge?: () => Response;
}

/** The whole app at `route`, against a shop whose admin calls answer as `shop` says. */
function renderApp(route: string, { signedIn: initially = true, check = loginRequired, login = () => json(owner), saveCharge }: Shop = {}) {
  let signedIn = initially;
  const calls: string[] = [];
  mockFetch((url, request) => {
    calls.push(`${request.method} ${url.pathname}`);
    switch (`${request.method} ${url.pathname}`) {
      case 'GET /api/admin/check':
        return signedIn ? json(owner) : check();
      case 'POST /api/admin/login': {
        const answer = login();
        signedIn = answer.ok;
        return answer;
      }
      case 'POST /api/admin/logout':
        signedIn = false;
        return json({ message: 'Logged out.' });
      case 'GET /api/settings/delivery-charge':
        return json({ deliveryCharge: 250 });
      case 'GET /api/admin/dashboard':
        return json(dashboard);
      case 'PUT /api/settings/delivery-charge':
        if (saveCharge) {
          signedIn = false;
          return saveCharge();
        }
        return json({ deliveryCharge: 300 });
      default:
        return json([]);
    }
  });
  render(
    <AppProvider queryClient={createTestQueryClient()}>
      <MemoryRouter initialEntries={[route]}>
        <AppRoutes pages={pages} />
        <LocationDisplay />
      </MemoryRouter>
    </AppProvider>,
  );
  return { calls, user: userEvent.setup() };
}

const location = () => screen.getByTestId('location');

async function logIn(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText('Email'), 'owner@shop.test');
  await user.type(screen.getByLabelText('Password'), 'secret');
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

describe('the admin guard', () => {
  it("shows 'Checking login...' while the session is checked, then the page", async () => {
    let answer: (response: Response) => void = () => undefined;
    renderApp('/admin', { signedIn: false, check: () => new Promise<Response>((resolve) => (answer = resolve)) });

    expect(await screen.findByText('Checking login...')).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
    answer(json(owner));

    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.queryByText('Checking login...')).not.toBeInTheDocument();
  });

  it.each(['/admin', '/admin/dashboard', '/admin/delivery-charge', '/admin/coupons', '/admin/edit-product/12'])(
    'sends a visitor who is not signed in from %s to /admin/login',
    async (route) => {
      renderApp(route, { signedIn: false });

      expect(await screen.findByRole('heading', { level: 1, name: 'Admin Login' })).toBeInTheDocument();
      expect(location()).toHaveTextContent(/^\/admin\/login$/);
      expect(screen.queryByRole('navigation', { name: 'Admin' })).not.toBeInTheDocument();
    },
  );

  it('treats a check answer of the wrong shape as not signed in', async () => {
    renderApp('/admin', { signedIn: false, check: () => json([]) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Login' })).toBeInTheDocument();
  });

  it('treats an unreachable server as not signed in', async () => {
    renderApp('/admin', { signedIn: false, check: () => Promise.reject(new TypeError('Failed to fetch')) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Login' })).toBeInTheDocument();
  });

  it('returns to the page asked for after logging in', async () => {
    const { user } = renderApp('/admin/delivery-charge?from=tile', { signedIn: false });

    await logIn(user);

    expect(await screen.findByRole('heading', { level: 1, name: 'Delivery Charges' })).toBeInTheDocument();
    expect(location()).toHaveTextContent(/^\/admin\/delivery-charge\?from=tile$/);
    expect(await screen.findByRole('spinbutton', { name: 'Delivery charge (Rs)' })).toHaveValue(250);
  });

  it('goes to /admin after logging in from the login page itself', async () => {
    const { user } = renderApp('/admin/login', { signedIn: false });

    await logIn(user);

    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(location()).toHaveTextContent(/^\/admin$/);
  });

  it('stays on the login page with the message when the login is refused', async () => {
    const { user } = renderApp('/admin/orders', {
      signedIn: false,
      login: () => json({ message: 'Invalid email or password.' }, 401),
    });

    await logIn(user);

    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password.');
    expect(location()).toHaveTextContent(/^\/admin\/login$/);
  });

  it('sends the owner to log in when a save finds the session gone', async () => {
    const { user } = renderApp('/admin/delivery-charge', { saveCharge: loginRequired });
    const input = await screen.findByRole('spinbutton', { name: 'Delivery charge (Rs)' });

    await user.clear(input);
    await user.type(input, '300');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Login' })).toBeInTheDocument();
    await logIn(user);
    expect(await screen.findByRole('heading', { level: 1, name: 'Delivery Charges' })).toBeInTheDocument();
  });
});

describe('the admin layout', () => {
  it('has the brand, a way to the dashboard and Logout', async () => {
    renderApp('/admin/coupons');

    const bar = within(await screen.findByRole('banner'));
    expect(bar.getByRole('link', { name: 'Mobile Accessories' })).toHaveAttribute('href', '/');
    expect(bar.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/admin/dashboard');
    expect(bar.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Manage Coupons' })).toBeInTheDocument();
  });

  it.each(['/admin', '/admin/dashboard'])('%s lists every page, grouped as the day goes: orders, catalogue, customers', async (route) => {
    renderApp(route);

    const tiles = within(await screen.findByRole('navigation', { name: 'Management pages' })).getAllByRole('link');
    expect(tiles.map((tile) => [tile.textContent, tile.getAttribute('href')])).toEqual([
      ['Customer Orders', '/admin/orders'],
      ['Order Checks', '/admin/order-checks'],
      ['Blocklist', '/admin/blocklist'],
      ['Order Analytics', '/admin/analytics'],
      ['Manage Products', '/admin/manage'],
      ['Add Product', '/admin/upload-product'],
      ['Products by Category', '/admin/products-by-category'],
      ['Add Category', '/admin/add-category'],
      ['Manage Coupons', '/admin/coupons'],
      ['Delivery Charges', '/admin/delivery-charge'],
      ['Search Synonyms', '/admin/search-synonyms'],
      ['Review Requests', '/admin/reviews'],
      ['Send Email to Customer', '/admin/send-email'],
      ['Category Views (Analytics)', '/admin/category-views'],
    ]);
  });

  it('leads with the work waiting, each count a link to its filtered list, then today and this week', async () => {
    renderApp('/admin');

    const counts = await screen.findByRole('region', { name: 'Waiting for you' });
    expect(
      within(counts)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['4New orders to approve', '/admin/orders?status=pending&confirmed=true'],
      ['2Waiting for confirmation', '/admin/orders?status=pending&confirmed=false'],
      ['3Approved, not dispatched', '/admin/orders?status=approved'],
      ['1Reviews waiting', '/admin/reviews?status=pending'],
      ['0Refused checkouts today', '/admin/blocklist'],
    ]);
    expect(screen.getByRole('region', { name: 'Today, 26 Nov 2026' })).toHaveTextContent('Placed6Delivered2Returned1Cash collectedRs 2,100');
    expect(screen.getByRole('region', { name: 'This week, 23 Nov 2026 to 29 Nov 2026' })).toHaveTextContent(
      'Placed31Delivered12Returned3Cash collectedRs 15,350',
    );
    // The counts come before the list of pages.
    expect(counts.compareDocumentPosition(screen.getByRole('navigation', { name: 'Management pages' }))).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
  });

  it("reaches every admin page of the router from the top bar's Menu", async () => {
    const { user } = renderApp('/admin/orders');
    const menuButton = await screen.findByRole('button', { name: 'Menu' });
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');

    await user.click(menuButton);

    const menu = within(document.getElementById(menuButton.getAttribute('aria-controls') ?? '') ?? document.body);
    const hrefs = menu.getAllByRole('link').map((link) => link.getAttribute('href'));
    // Every page below /admin but the product editor (reached from its list) and the dashboard's alias.
    const pages = [...Object.entries(paths.admin), ...Object.entries(adminAreaPaths), ...Object.entries(adminPaths)]
      .filter(([name]) => !['login', 'root', 'editProduct', 'dashboard'].includes(name))
      .map(([, page]) => (page.getHref as () => string)());
    expect(pages.length).toBeGreaterThan(13);
    for (const href of pages) expect(hrefs).toContain(href);
    expect(hrefs).toContain('/admin/dashboard');

    await user.click(menu.getByRole('link', { name: 'Blocklist' }));
    expect(location()).toHaveTextContent(/^\/admin\/blocklist$/);
    expect(screen.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('logs out and returns to the home page', async () => {
    const { calls, user } = renderApp('/admin/dashboard');

    await user.click(await screen.findByRole('button', { name: 'Logout' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Mobile Accessories' })).toBeInTheDocument();
    expect(location()).toHaveTextContent(/^\/$/);
    expect(calls).toContain('POST /api/admin/logout');
  });

  it('stays signed in and says so when the logout cannot reach the server', async () => {
    renderApp('/admin/dashboard');
    mockFetch((url) =>
      url.pathname === '/api/admin/logout' ? Promise.reject(new TypeError('Failed to fetch')) : json(owner),
    );
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Logout' }));

    expect(await screen.findByText('Could not log out. Please try again.')).toHaveAttribute('role', 'alert');
    expect(location()).toHaveTextContent(/^\/admin\/dashboard$/);
  });
});
