import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { jsonResponse as json, mockFetch } from '@/testing/fetch-mock';
import { renderWithProviders } from '@/testing/render';

import { GoogleButton } from './google-button';

describe('GoogleButton', () => {
  it.each([
    ['Login with Google', '⚠️ Google login failed'],
    ['Sign Up with Google', '⚠️ Google sign-up failed'],
  ])("'%s' says '%s' when Google is not configured", async (label, message) => {
    const requested = mockFetch(() => json({ message: 'Google login is not configured.' }, 503));
    renderWithProviders(<GoogleButton label={label} failureMessage={message} />);

    await userEvent.setup().click(screen.getByRole('button', { name: label }));

    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(requested).toEqual(['/api/auth/google']);
  });

  it('says it failed when the shop cannot be reached', async () => {
    mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    renderWithProviders(<GoogleButton label="Login with Google" failureMessage="⚠️ Google login failed" />);

    await userEvent.setup().click(screen.getByRole('button', { name: 'Login with Google' }));

    expect(await screen.findByText('⚠️ Google login failed')).toBeInTheDocument();
  });
});
