import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { jsonResponse as json, mockFetch } from '@/testing/fetch-mock';
import { renderWithProviders } from '@/testing/render';

import { AdminLoginForm } from './admin-login-form';

function setup(answer: (request: Request) => Response | Promise<Response>) {
  const requests: Request[] = [];
  mockFetch((_, request) => {
    requests.push(request.clone());
    return answer(request);
  });
  const onLoggedIn = vi.fn();
  renderWithProviders(<AdminLoginForm onLoggedIn={onLoggedIn} />, { route: '/admin/login' });
  return { requests, onLoggedIn, user: userEvent.setup() };
}

async function logIn(user: ReturnType<typeof userEvent.setup>, password = 'secret') {
  await user.type(screen.getByLabelText('Email'), ' owner@shop.test ');
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

describe('AdminLoginForm', () => {
  it('labels its fields for the browser and password managers', () => {
    setup(() => json({}));
    expect(screen.getByLabelText('Email')).toHaveAttribute('autocomplete', 'username');
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Email')).toBeRequired();
    expect(screen.getByLabelText('Password')).toHaveAttribute('autocomplete', 'current-password');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByLabelText('Password')).toBeRequired();
  });

  it('posts the credentials with the cookie and reports success', async () => {
    const { requests, onLoggedIn, user } = setup(() => json({ ok: true, email: 'owner@shop.test' }));

    await logIn(user);

    await vi.waitFor(() => {
      expect(onLoggedIn).toHaveBeenCalledOnce();
    });
    const [request] = requests;
    expect(request?.method).toBe('POST');
    expect(new URL(request?.url ?? '').pathname).toBe('/api/admin/login');
    expect(request?.credentials).toBe('include');
    expect(await request?.json()).toEqual({ email: 'owner@shop.test', password: 'secret' });
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
  });

  it.each([
    [401, 'Invalid email or password.'],
    [429, 'Too many failed attempts. Please try again in 15 minutes.'],
    [400, 'Email and password are required.'],
  ])("shows the server's message on a %i", async (status, message) => {
    const { onLoggedIn, user } = setup(() => json({ message }, status));

    await logIn(user);

    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(onLoggedIn).not.toHaveBeenCalled();
  });

  it("shows 'Login failed' when the refusal carries no message", async () => {
    const { onLoggedIn, user } = setup(() => new Response('<h1>Bad Gateway</h1>', { status: 502 }));

    await logIn(user);

    expect(await screen.findByText('Login failed')).toBeInTheDocument();
    expect(onLoggedIn).not.toHaveBeenCalled();
  });

  it("shows 'Something went wrong.' when the server cannot be reached", async () => {
    const { onLoggedIn, user } = setup(() => Promise.reject(new TypeError('Failed to fetch')));

    await logIn(user);

    expect(await screen.findByText('Something went wrong.')).toBeInTheDocument();
    expect(onLoggedIn).not.toHaveBeenCalled();
  });

  it('clears the last message when trying again', async () => {
    let attempt = 0;
    const { onLoggedIn, user } = setup(() =>
      ++attempt === 1 ? json({ message: 'Invalid email or password.' }, 401) : json({ ok: true, email: 'owner@shop.test' }),
    );

    await logIn(user, 'wrong');
    expect(await screen.findByText('Invalid email or password.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Email'));
    await user.clear(screen.getByLabelText('Password'));
    await logIn(user);

    await vi.waitFor(() => {
      expect(onLoggedIn).toHaveBeenCalledOnce();
    });
    expect(screen.queryByText('Invalid email or password.')).not.toBeInTheDocument();
  });
});
