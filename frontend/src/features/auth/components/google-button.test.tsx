import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { jsonResponse as json, mockFetch } from '@/testing/fetch-mock';
import { renderWithProviders } from '@/testing/render';

import { GoogleButton } from './google-button';

const fromLogin = { intent: 'login', next: '/checkout' } as const;

describe('GoogleButton', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it.each([
    ['Login with Google', '⚠️ Google login failed'],
    ['Sign Up with Google', '⚠️ Google sign-up failed'],
  ])("'%s' says '%s' when Google is not configured", async (label, message) => {
    const urls: string[] = [];
    mockFetch((url) => {
      urls.push(url.pathname + url.search);
      return json({ message: 'Google sign-in is not configured on this shop.' }, 503);
    });
    renderWithProviders(<GoogleButton label={label} failureMessage={message} signIn={fromLogin} />);

    expect(screen.getByRole('alert')).toHaveTextContent('');
    await userEvent.setup().click(screen.getByRole('button', { name: label }));

    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(urls).toEqual(['/api/auth/google?intent=login&next=%2Fcheckout']);
  });

  it('says it failed when the shop cannot be reached', async () => {
    mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    renderWithProviders(
      <GoogleButton label="Login with Google" failureMessage="⚠️ Google login failed" signIn={fromLogin} />,
    );

    await userEvent.setup().click(screen.getByRole('button', { name: 'Login with Google' }));

    expect(await screen.findByText('⚠️ Google login failed')).toBeInTheDocument();
  });

  it('sends the browser on to the server when it answers with a redirect to Google', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { href: window.location.href, origin: window.location.origin, assign });
    mockFetch((url) => {
      const redirect = Response.error();
      Object.defineProperties(redirect, {
        type: { value: 'opaqueredirect' },
        url: { value: url.href },
      });
      return redirect;
    });
    renderWithProviders(
      <GoogleButton label="Sign Up with Google" failureMessage="⚠️ Google sign-up failed" signIn={{ intent: 'signup', next: '/' }} />,
    );

    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign Up with Google' }));

    await vi.waitFor(() => {
      expect(assign).toHaveBeenCalledWith('http://localhost:3000/api/auth/google?intent=signup&next=%2F');
    });
    expect(screen.getByRole('alert')).toHaveTextContent('');
  });

  it.each([
    ['failed', '⚠️ Google login failed'],
    ['email-in-use', '⚠️ Google login failed. This email is already registered. Log in with your password.'],
  ])('shows what the sign-in came back with (?google=%s)', (reported, message) => {
    renderWithProviders(
      <GoogleButton label="Login with Google" failureMessage="⚠️ Google login failed" signIn={fromLogin} />,
      { route: `/login?google=${reported}`, path: '/login' },
    );

    expect(screen.getByRole('alert')).toHaveTextContent(message);
  });
});
