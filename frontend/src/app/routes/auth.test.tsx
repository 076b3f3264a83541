import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';

import { googleStatusQueryKey } from '@/api/generated/@tanstack/react-query.gen';
import { jsonResponse as json, mockFetch } from '@/testing/fetch-mock';
import { loadPages } from '@/testing/pages';
import { createTestQueryClient, LocationDisplay } from '@/testing/render';

import { AppProvider } from '../provider';
import { AppRoutes } from '../router';

const pages = await loadPages();

const ayesha = { uid: 'u1', email: 'ayesha@example.com', name: 'Ayesha' };

/**
 * The whole app at `route`, with a server that signs Ayesha in with the password 'secret1' and has Google
 * sign-in configured when `google` says so.
 */
function renderApp(route: string, { google = false } = {}) {
  let signedIn = false;
  const requested = mockFetch(async (url, request) => {
    switch (url.pathname) {
      case '/api/auth/session':
        return json({ user: signedIn ? ayesha : null });
      case '/api/auth/google/status':
        return json({ configured: google });
      case '/api/auth/login': {
        const { password } = (await request.json()) as { password: string };
        signedIn = password === 'secret1';
        return signedIn ? json(ayesha) : json({ message: 'Invalid email or password.' }, 401);
      }
      case '/api/users/auth/save-user':
        return json(ayesha);
      default:
        return json([]);
    }
  });
  const queryClient = createTestQueryClient();
  render(
    <AppProvider queryClient={queryClient}>
      <MemoryRouter initialEntries={[route]}>
        <AppRoutes pages={pages} />
        <LocationDisplay />
      </MemoryRouter>
    </AppProvider>,
  );
  return { requested, queryClient, user: userEvent.setup() };
}

async function logIn(user: ReturnType<typeof userEvent.setup>, password: string) {
  await user.type(await screen.findByLabelText('Email'), 'ayesha@example.com');
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

describe('login-protected routes', () => {
  it.each([
    ['/checkout', 'Checkout'],
    ['/orders', 'My Orders'],
  ])('%s sends a signed-out shopper to log in, and back there afterwards', async (route, heading) => {
    const { requested, user } = renderApp(route);

    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome Back' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/login$/);

    await logIn(user, 'wrong-password');
    expect(await screen.findByText('⚠️ Invalid email or password.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Email'));
    await user.clear(screen.getByLabelText('Password'));
    await logIn(user, 'secret1');

    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(new RegExp(`^${route}$`));
    expect(requested).toContain('/api/users/auth/save-user');
    // The navigation bar knows at once, without asking the server again.
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it('tells a shopper sent from checkout why, first, and signs them up on the way back to checkout', async () => {
    const { user } = renderApp('/checkout');

    const reason = await screen.findByText('Log in or create an account to place your order');
    const heading = screen.getByRole('heading', { level: 1, name: 'Welcome Back' });
    expect(reason.compareDocumentPosition(heading) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const create = screen.getByRole('link', { name: 'Create an account' });
    expect(create).toHaveClass('button', 'auth-form__submit');
    expect(screen.getByRole('button', { name: 'Login' })).toHaveClass('auth-form__submit');
    await user.click(create);

    expect(await screen.findByRole('heading', { level: 1, name: 'Create Account' })).toBeInTheDocument();
    expect(screen.getByText('Log in or create an account to place your order')).toBeInTheDocument();
    expect(screen.getByLabelText('Your name')).toBeRequired();
    expect(screen.getByRole('link', { name: 'Already have an account? Login' })).toHaveAttribute('href', '/login');
  });

  it('fills the e-mail and keeps the way back from a login link written out in full', async () => {
    const { user } = renderApp('/login?email=ayesha%40example.com&next=%2Forders');

    expect(await screen.findByLabelText('Email')).toHaveValue('ayesha@example.com');
    expect(screen.queryByText('Log in or create an account to place your order')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'My Orders' })).toBeInTheDocument();
  });

  it('goes home after a login nobody was sent to', async () => {
    const { user } = renderApp('/login');

    await logIn(user, 'secret1');

    await waitFor(() => {
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    });
  });
});

describe('account pages', () => {
  it('links the login to the forgot-password and sign-up pages', async () => {
    renderApp('/login', { google: true });
    expect(await screen.findByRole('link', { name: 'Forgot Password' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/signup');
    expect(screen.queryByText('Log in or create an account to place your order')).not.toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Login with Google' })).toBeInTheDocument();
    expect(screen.getByText('or')).toBeInTheDocument();
  });

  it('links sign-up back to the login', async () => {
    renderApp('/signup', { google: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Create Account' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Already have an account? Login' })).toHaveAttribute('href', '/login');
    expect(await screen.findByRole('button', { name: 'Sign Up with Google' })).toBeInTheDocument();
  });

  it.each([
    ['/login', 'Welcome Back', 'Login with Google'],
    ['/signup', 'Create Account', 'Sign Up with Google'],
  ])('%s shows no Google button (and no "or") when Google sign-in is not configured', async (route, heading, button) => {
    const { queryClient } = renderApp(route);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    await waitFor(() => {
      expect(queryClient.getQueryData(googleStatusQueryKey())).toEqual({ configured: false });
    });
    expect(screen.queryByRole('button', { name: button })).not.toBeInTheDocument();
    expect(screen.queryByText('or')).not.toBeInTheDocument();
  });

  it('links the forgot-password page back to the login', async () => {
    renderApp('/forgot-password');
    expect(await screen.findByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login');
  });

  it('says a reset link without a token is incomplete', async () => {
    renderApp('/reset-password');
    expect(await screen.findByText(/This reset link is incomplete/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  });
});
