import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { jsonResponse as json, mockFetch } from '@/testing/fetch-mock';
import { renderWithProviders } from '@/testing/render';

import { ResetPasswordForm } from './reset-password-form';

function setup(answer: () => Response | Promise<Response>) {
  const bodies: unknown[] = [];
  mockFetch(async (_, request) => {
    bodies.push(await request.clone().json());
    return answer();
  });
  renderWithProviders(<ResetPasswordForm token="tok-123" afterSuccess={<a href="/login">Log in</a>} />);
  return { bodies, user: userEvent.setup() };
}

async function choose(user: ReturnType<typeof userEvent.setup>, password: string, confirm = password) {
  await user.type(screen.getByLabelText('New password'), password);
  await user.type(screen.getByLabelText('Confirm new password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Set New Password' }));
}

describe('ResetPasswordForm', () => {
  it('sets the new password with the token and then offers the login', async () => {
    const { bodies, user } = setup(() => new Response(null, { status: 204 }));

    await choose(user, 'newpass1');

    expect(await screen.findByText('✅ Your password has been changed.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(bodies).toEqual([{ token: 'tok-123', password: 'newpass1' }]);
  });

  it('refuses a password under 6 characters without asking the server', async () => {
    const { bodies, user } = setup(() => new Response(null, { status: 204 }));

    await choose(user, 'abc');

    expect(await screen.findByText('Password must be at least 6 characters.')).toBeInTheDocument();
    expect(bodies).toEqual([]);
  });

  it('refuses two different passwords without asking the server', async () => {
    const { bodies, user } = setup(() => new Response(null, { status: 204 }));

    await choose(user, 'newpass1', 'newpass2');

    expect(await screen.findByText('The two passwords do not match.')).toBeInTheDocument();
    expect(bodies).toEqual([]);
  });

  it("shows the server's message for a used or expired link", async () => {
    const { user } = setup(() => json({ message: 'This reset link is invalid, used or expired.' }, 400));

    await choose(user, 'newpass1');

    expect(await screen.findByText('❌ This reset link is invalid, used or expired.')).toBeInTheDocument();
    expect(screen.getByLabelText('New password')).toBeInTheDocument();
  });

  it('shows a general failure when the shop cannot be reached', async () => {
    const { user } = setup(() => Promise.reject(new TypeError('Failed to fetch')));

    await choose(user, 'newpass1');

    expect(await screen.findByText('❌ Could not change your password. Please try again.')).toBeInTheDocument();
  });
});
