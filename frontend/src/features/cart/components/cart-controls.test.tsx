import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { makeProduct } from '@/testing/fixtures';
import { MemoryStorage } from '@/testing/memory-storage';
import { renderWithProviders } from '@/testing/render';

import { CartStoreProvider } from '../hooks/use-cart';
import { createCartStore } from '../lib/cart-store';

import { CartControls } from './cart-controls';
import { CartLink } from './cart-link';

function setup(overrides: Parameters<typeof makeProduct>[0] = {}) {
  const store = createCartStore(new MemoryStorage(), new EventTarget());
  const product = makeProduct({ _id: '7', name: 'Budget TWS Earbuds', ...overrides });
  renderWithProviders(
    <CartStoreProvider value={store}>
      <nav aria-label="Main">
        <CartLink />
      </nav>
      <article aria-label={product.name}>
        <h3 id="name">{product.name}</h3>
        <CartControls product={product} describedBy="name" />
      </article>
    </CartStoreProvider>,
  );
  const card = within(screen.getByRole('article'));
  const nav = within(screen.getByRole('navigation', { name: 'Main' }));
  return { store, card, nav, user: userEvent.setup() };
}

describe('CartControls', () => {
  it('has Add and Buy while the product is not in the cart', () => {
    const { card } = setup();
    expect(card.getByRole('button', { name: 'Add' })).toBeEnabled();
    expect(card.getByRole('button', { name: 'Buy' })).toBeEnabled();
    expect(card.getByRole('button', { name: 'Add' })).toHaveAccessibleDescription('Budget TWS Earbuds');
  });

  it('disables Add and Buy when out of stock', () => {
    const { card } = setup({ stock: 0 });
    expect(card.getByRole('button', { name: 'Add' })).toBeDisabled();
    expect(card.getByRole('button', { name: 'Buy' })).toBeDisabled();
  });

  it('stops the stepper at the most units of one product an order may hold, below the stock', async () => {
    const { card, user } = setup({ stock: 50 });
    await user.click(card.getByRole('button', { name: 'Add' }));
    const more = card.getByRole('button', { name: 'Add one more' });

    for (let i = 0; i < 9; i++) await user.click(more);

    expect(card.getByRole('group', { name: 'Quantity' })).toHaveTextContent('10');
    expect(more).toBeDisabled();
  });

  it('turns into a stepper once added, and the badge counts the units', async () => {
    const { card, nav, user } = setup({ stock: 2 });
    expect(nav.getByRole('link', { name: 'Cart' })).not.toHaveClass('cart-link--filled');

    await user.click(card.getByRole('button', { name: 'Add' }));

    expect(card.queryByRole('button', { name: 'Add' })).not.toBeInTheDocument();
    expect(card.getByRole('group', { name: 'Quantity' })).toHaveTextContent('1');
    expect(card.getByRole('button', { name: 'Buy Now' })).toBeInTheDocument();
    const link = nav.getByRole('link', { name: 'Cart, 1 item' });
    expect(link).toHaveClass('cart-link--filled');
    expect(link.querySelector('.cart-link__badge')).toHaveTextContent('1');
  });

  it('steps up to the stock and not beyond', async () => {
    const { card, nav, user } = setup({ stock: 2 });
    await user.click(card.getByRole('button', { name: 'Add' }));
    const plus = card.getByRole('button', { name: 'Add one more' });

    await user.click(plus);

    expect(card.getByRole('group', { name: 'Quantity' })).toHaveTextContent('2');
    expect(plus).toBeDisabled();
    expect(nav.getByRole('link', { name: 'Cart, 2 items' })).toBeInTheDocument();
  });

  it("removes the product with the minus labelled 'Remove' at 1", async () => {
    const { card, nav, store, user } = setup();
    await user.click(card.getByRole('button', { name: 'Add' }));

    await user.click(card.getByRole('button', { name: 'Remove' }));

    expect(store.getState().items).toEqual([]);
    expect(card.getByRole('button', { name: 'Add' })).toBeInTheDocument();
    expect(nav.getByRole('link', { name: 'Cart' }).querySelector('.cart-link__badge')).toBeNull();
  });

  it('Buy adds the product and goes to the cart', async () => {
    const { store, user } = setup();

    await user.click(screen.getByRole('button', { name: 'Buy' }));

    expect(store.getState().items).toHaveLength(1);
    expect(screen.getByTestId('location')).toHaveTextContent('/cart');
  });

  it('Buy Now goes to the cart without adding more', async () => {
    const { card, store, user } = setup();
    await user.click(card.getByRole('button', { name: 'Add' }));

    await user.click(card.getByRole('button', { name: 'Buy Now' }));

    expect(store.getState().items[0]?.quantity).toBe(1);
    expect(screen.getByTestId('location')).toHaveTextContent('/cart');
  });
});
