import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { jsonResponse as json, mockFetch } from '@/testing/fetch-mock';
import { renderWithProviders } from '@/testing/render';

import { LoginForm } from './login-form';

const ayesha = { uid: 'u1', email: 'ayesha@example.com', name: '' };

function setup(answer: (url: URL, request: Request) => Response | Promise<Response>) {
  const requests: Request[] = [];
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  mockFetch((url, request) => {
    requests.push(request.clone());
    return answer(url, request);
  });
  const onLoggedIn = vi.fn();
  renderWithProviders(<LoginForm onLoggedIn={onLoggedIn} />, { route: '/login' });
  return { requests, onLoggedIn, user: userEvent.setup() };
}

async function logIn(user: ReturnType<typeof userEvent.setup>, password = 'secret1') {
  await user.type(screen.getByLabelText('Email'), ' ayesha@example.com ');
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

describe('LoginForm', () => {
  it('asks for a required e-mail and a required password', () => {
    setup(() => json({}));
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Email')).toBeRequired();
    expect(screen.getByLabelText('Email')).toHaveAttribute('autocomplete', 'username');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByLabelText('Password')).toBeRequired();
    expect(screen.getByLabelText('Password')).toHaveAttribute('autocomplete', 'current-password');
  });

  it('shows and hides the password with a named toggle', async () => {
    const { user } = setup(() => json({}));
    await user.type(screen.getByLabelText('Password'), 'secret1');

    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'text');
    expect(screen.getByLabelText('Password')).toHaveValue('secret1');

    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
  });

  it("logs in with the cookie, then saves the profile with the account's name, a blank one never 'Customer'", async () => {
    const { requests, onLoggedIn, user } = setup((url) =>
      url.pathname === '/api/auth/login' ? json({ ...ayesha, name: '' }) : json({ ...ayesha, name: '' }),
    );

    await logIn(user);

    await vi.waitFor(() => {
      expect(onLoggedIn).toHaveBeenCalledOnce();
    });
    const [login, save] = requests;
    expect(new URL(login?.url ?? '').pathname).toBe('/api/auth/login');
    expect(login?.method).toBe('POST');
    expect(login?.credentials).toBe('include');
    expect(await login?.json()).toEqual({ email: 'ayesha@example.com', password: 'secret1' });
    expect(new URL(save?.url ?? '').pathname).toBe('/api/users/auth/save-user');
    expect(await save?.json()).toEqual({ name: '' });
  });

  it('still logs in when saving the profile fails', async () => {
    const { onLoggedIn, user } = setup((url) =>
      url.pathname === '/api/auth/login' ? json(ayesha) : json({ message: 'Database unavailable' }, 503),
    );

    await logIn(user);

    await vi.waitFor(() => {
      expect(onLoggedIn).toHaveBeenCalledOnce();
    });
  });

  it.each([
    [401, { message: 'Invalid email or password.' }],
    [400, { message: 'A valid e-mail is required.' }],
    [500, { message: 'Internal error' }],
  ])("shows exactly '⚠️ Invalid email or password.' on a %i", async (status, body) => {
    const { onLoggedIn, user } = setup(() => json(body, status));

    await logIn(user, 'wrong');

    expect(await screen.findByText('⚠️ Invalid email or password.')).toBeInTheDocument();
    expect(onLoggedIn).not.toHaveBeenCalled();
  });

  it("shows the server's message after too many attempts", async () => {
    const { user } = setup(() => json({ message: 'Too many failed attempts. Please try again in 15 minutes.' }, 429));

    await logIn(user, 'wrong');

    expect(await screen.findByText('⚠️ Too many failed attempts. Please try again in 15 minutes.')).toBeInTheDocument();
  });

  it('says so when the shop cannot be reached', async () => {
    const { user } = setup(() => Promise.reject(new TypeError('Failed to fetch')));

    await logIn(user);

    expect(await screen.findByText(/Could not reach the shop/)).toBeInTheDocument();
  });

  it('clears the last message when trying again', async () => {
    let attempt = 0;
    const { onLoggedIn, user } = setup((url) =>
      url.pathname === '/api/auth/login' && ++attempt === 1 ? json({ message: 'Invalid email or password.' }, 401) : json(ayesha),
    );

    await logIn(user, 'wrong');
    expect(await screen.findByText('⚠️ Invalid email or password.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Email'));
    await user.clear(screen.getByLabelText('Password'));
    await logIn(user);

    await vi.waitFor(() => {
      expect(onLoggedIn).toHaveBeenCalledOnce();
    });
    expect(screen.queryByText('⚠️ Invalid email or password.')).not.toBeInTheDocument();
  });
});
