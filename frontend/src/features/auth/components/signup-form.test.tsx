import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { jsonResponse as json, mockFetch } from '@/testing/fetch-mock';
import { renderWithProviders } from '@/testing/render';

import { SignupForm } from './signup-form';

const bilal = { uid: 'u2', email: 'bilal@example.com', name: 'Bilal Ahmed' };

function setup(answer: (url: URL, request: Request) => Response | Promise<Response>) {
  const requests: Request[] = [];
  mockFetch((url, request) => {
    requests.push(request.clone());
    return answer(url, request);
  });
  const onSignedUp = vi.fn();
  renderWithProviders(<SignupForm onSignedUp={onSignedUp} returnPath="/checkout" />, { route: '/signup' });
  return { requests, onSignedUp, user: userEvent.setup() };
}

async function signUp(user: ReturnType<typeof userEvent.setup>, password = 'secret1') {
  await user.type(screen.getByLabelText('Your name'), ' Bilal Ahmed ');
  await user.type(screen.getByLabelText('Email'), 'bilal@example.com');
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign Up' }));
}

describe('SignupForm', () => {
  it('asks for a required name, e-mail and a new password, with the minimum length as a hint', () => {
    setup(() => json({}));
    expect(screen.getByLabelText('Your name')).toBeRequired();
    expect(screen.getByLabelText('Your name')).toHaveAttribute('autocomplete', 'name');
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Email')).toBeRequired();
    expect(screen.getByLabelText('Password')).toBeRequired();
    expect(screen.getByLabelText('Password')).toHaveAttribute('autocomplete', 'new-password');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('At least 6 characters.');
    expect(screen.getByRole('button', { name: 'Show password' })).toBeInTheDocument();
  });

  it('signs up with the name given, then saves the profile under it', async () => {
    const { requests, onSignedUp, user } = setup((url) => json(bilal, url.pathname === '/api/auth/signup' ? 201 : 200));

    await signUp(user);

    await vi.waitFor(() => {
      expect(onSignedUp).toHaveBeenCalledOnce();
    });
    const [signup, save] = requests;
    expect(new URL(signup?.url ?? '').pathname).toBe('/api/auth/signup');
    expect(signup?.credentials).toBe('include');
    expect(await signup?.json()).toEqual({ email: 'bilal@example.com', password: 'secret1', name: 'Bilal Ahmed' });
    expect(new URL(save?.url ?? '').pathname).toBe('/api/users/auth/save-user');
    expect(await save?.json()).toEqual({ name: 'Bilal Ahmed' });
  });

  it('says a taken e-mail beside the e-mail field, with a login link that keeps the e-mail and the way back', async () => {
    const { onSignedUp, user } = setup(() => json({ message: 'This email is already registered.' }, 409));

    await signUp(user);

    const login = await screen.findByRole('link', { name: 'Log in with this email' });
    expect(login).toHaveAttribute('href', '/login?email=bilal%40example.com&next=%2Fcheckout');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('This email is already registered. Log in with this email');
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('⚠️ This email is already registered.')).not.toBeInTheDocument();
    expect(onSignedUp).not.toHaveBeenCalled();
  });

  it.each([
    [400, 'Password must be at least 6 characters.'],
  ])("shows the server's message the shopper can act on (%i)", async (status, message) => {
    const { onSignedUp, user } = setup(() => json({ message }, status));

    await signUp(user, 'abc');

    expect(await screen.findByText(`⚠️ ${message}`)).toBeInTheDocument();
    expect(onSignedUp).not.toHaveBeenCalled();
  });

  it.each([
    ['a server error', () => json({ message: 'Internal error' }, 500)],
    ['a refusal without a message', () => new Response('<h1>Bad Gateway</h1>', { status: 502 })],
    ['no answer', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])("shows '⚠️ Failed to sign up. Please try again.' on %s", async (_, answer) => {
    const { onSignedUp, user } = setup(answer);

    await signUp(user);

    expect(await screen.findByText('⚠️ Failed to sign up. Please try again.')).toBeInTheDocument();
    expect(onSignedUp).not.toHaveBeenCalled();
  });
});
