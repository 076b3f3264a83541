import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { jsonResponse as json, mockFetch } from '@/testing/fetch-mock';
import { renderWithProviders } from '@/testing/render';

import { ForgotPasswordForm } from './forgot-password-form';

async function requestReset(answer: () => Response | Promise<Response>) {
  const bodies: unknown[] = [];
  mockFetch(async (_, request) => {
    bodies.push(await request.clone().json());
    return answer();
  });
  renderWithProviders(<ForgotPasswordForm />);
  const user = userEvent.setup();
  expect(screen.getByLabelText('Email')).toBeRequired();
  expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
  await user.type(screen.getByLabelText('Email'), ' sana@example.com ');
  await user.click(screen.getByRole('button', { name: 'Send Reset Email' }));
  return bodies;
}

describe('ForgotPasswordForm', () => {
  it('says the e-mail is on its way once the server accepts the request', async () => {
    const bodies = await requestReset(() => json({ message: 'If an account exists, a link was sent.' }, 202));

    expect(await screen.findByText('✅ Password reset email sent. Please check your inbox.')).toBeInTheDocument();
    expect(bodies).toEqual([{ email: 'sana@example.com' }]);
  });

  it.each([
    ['a refusal', () => json({ message: 'Too many requests.' }, 429)],
    ['no answer', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])('says it failed on %s', async (_, answer) => {
    await requestReset(answer);

    expect(await screen.findByText('❌ Failed to send reset email. Please try again.')).toBeInTheDocument();
    expect(screen.queryByText(/Password reset email sent/)).not.toBeInTheDocument();
  });
});
