import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { renderWithProviders } from '@/testing/render';

import { OrderConfirmation } from './order-confirmation';

afterEach(() => {
  vi.useRealTimers();
});

describe('OrderConfirmation', () => {
  it('spins for 1.5 s, then says the order awaits approval and links on', () => {
    vi.useFakeTimers();
    renderWithProviders(<OrderConfirmation />, { route: '/order-confirmation' });

    expect(screen.getByRole('status')).toHaveTextContent('Confirming your order');
    act(() => {
      vi.advanceTimersByTime(1499);
    });
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1);
    });

    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Order Placed — Awaiting Approval');
    expect(
      screen.getByText(
        'Your order is pending approval by our admin team. You will be notified once it is approved and ready for dispatch.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'View My Orders' })).toHaveAttribute('href', '/orders');
  });
});
