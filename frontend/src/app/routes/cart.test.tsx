import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { CartStoreProvider } from '@/features/cart/hooks/use-cart';
import { createCartStore, type CartStore } from '@/features/cart/lib/cart-store';
import type { Product } from '@/features/products/types';
import { jsonResponse as json, mockFetch } from '@/testing/fetch-mock';
import { makeProduct } from '@/testing/fixtures';
import { MemoryStorage } from '@/testing/memory-storage';
import { renderWithProviders } from '@/testing/render';

import CartRoute from './cart';

type CouponHandler = (body: { code: string; cartTotal: number }) => Response | Promise<Response>;

interface ShopOptions {
  products?: Product[];
  deliveryCharge?: number | 'fail';
  coupon?: CouponHandler;
  /** What the API answers for a product now, when it differs from what was added ('malformed': a 400). */
  current?: Record<string, Product | null | 'malformed'>;
  /** The most units of one product an order may hold, as the server answers it. */
  unitLimit?: number;
}

const welcome: CouponHandler = ({ code, cartTotal }) =>
  code.toUpperCase() === 'WELCOME10'
    ? json({ coupon: { code: 'WELCOME10', minPrice: 1500 }, discount: Math.round(cartTotal / 10), message: 'Coupon "WELCOME10" applied!' })
    : json({ message: 'Invalid or expired coupon.' }, 404);

function setup({ products = [], deliveryCharge = 250, coupon = welcome, current = {}, unitLimit = 10 }: ShopOptions = {}) {
  const couponBodies: unknown[] = [];
  const couponRequests: Request[] = [];
  const requested = mockFetch(async (url, request) => {
    if (url.pathname === '/api/settings/delivery-charge') {
      return deliveryCharge === 'fail' ? json({ message: 'boom' }, 500) : json({ deliveryCharge });
    }
    if (url.pathname === '/api/settings/order-limits') return json({ unitsPerProduct: unitLimit });
    if (url.pathname === '/api/coupons/apply' && request.method === 'POST') {
      const body = (await request.json()) as { code: string; cartTotal: number };
      couponBodies.push(body);
      couponRequests.push(request);
      return coupon(body);
    }
    const id = /^\/api\/products\/(.+)$/.exec(url.pathname)?.[1];
    if (id !== undefined) {
      const product = id in current ? current[id] : products.find((p) => p._id === id);
      if (product === 'malformed') return json({ message: `'${id}' is not a valid id.` }, 400);
      return product ? json(product) : json({ message: 'Product not found.' }, 404);
    }
    return json({ message: 'Not found' }, 404);
  });
  const store = createCartStore(new MemoryStorage(), new EventTarget());
  for (const product of products) store.add(product);
  renderWithProviders(
    <CartStoreProvider value={store}>
      <CartRoute />
    </CartStoreProvider>,
    { route: '/cart' },
  );
  return { store, requested, couponBodies, couponRequests, user: userEvent.setup() };
}

function summary() {
  return within(screen.getByRole('region', { name: 'Summary' }));
}

function row(label: string | RegExp): HTMLElement {
  const term = summary().getByText(label, { selector: 'dt' });
  const value = term.nextElementSibling;
  if (!(value instanceof HTMLElement)) throw new Error(`no value for ${String(label)}`);
  return value;
}

async function deliveryLoaded(store: CartStore) {
  await waitFor(() => {
    expect(store.getState().deliveryKnown).toBe(true);
  });
}

async function applyCode(user: ReturnType<typeof userEvent.setup>, code: string) {
  const input = screen.getByRole('textbox', { name: 'Coupon code' });
  if (code !== '') await user.type(input, code);
  await user.click(screen.getByRole('button', { name: 'Apply' }));
}

function increment(times: number, store: CartStore, id: string) {
  for (let i = 0; i < times; i++) store.increment(id);
}

describe('Cart page', () => {
  it('shows the top bar and the empty state', () => {
    setup();

    expect(screen.getByRole('heading', { level: 1, name: 'Cart Overview' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Continue Shopping/ })).toHaveAttribute('href', '/');
    const cart = screen.getByRole('link', { name: 'Cart' });
    expect(cart).toHaveAttribute('href', '/cart');
    expect(cart.querySelector('.cart-link__badge')).toBeNull();
    expect(screen.getByText('Your cart is empty')).toBeInTheDocument();
    expect(screen.getByText('Looks like you haven’t added anything yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start Shopping' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('region', { name: 'Summary' })).not.toBeInTheDocument();
  });

  it('lists the items and sums them up with the delivery charge, fetched once', async () => {
    const discounted = makeProduct({ _id: '1', name: 'Silicone Case', price: 2499, salePrice: 1999, finalPrice: 1999, discount: 20 });
    const percent = makeProduct({ _id: '2', name: 'Clear Case', price: 999, salePrice: null, discountPercent: 15, finalPrice: 849 });
    const { store, requested } = setup({ products: [discounted, percent] });
    increment(1, store, '2');

    await waitFor(() => {
      expect(row('Delivery')).toHaveTextContent('Rs 250');
    });
    const line = screen.getByRole('listitem', { name: 'Silicone Case' });
    expect(within(line).getByText('Rs 1,999', { selector: 'strong' })).toBeInTheDocument();
    expect(within(line).getByText('Rs 2,499').tagName).toBe('S');
    expect(within(line).getByRole('button', { name: 'Remove' })).toBeInTheDocument();
    const other = screen.getByRole('listitem', { name: 'Clear Case' });
    expect(within(other).getByRole('group', { name: 'Quantity' })).toHaveTextContent('2');
    // 1999 + 2 × 849.15 = 3697.30; list prices 2499 + 2 × 999 = 4497.
    expect(within(other).getByText('Rs 1,698')).toBeInTheDocument();
    // Every row is one the total is built from: 4497 − 800 = 3697, and 3697 + 250 = 3947.
    expect(within(screen.getByRole('region', { name: 'Summary' })).getAllByRole('definition').map((dd) => dd.textContent)).toEqual([
      'Rs 4,497',
      '- Rs 800',
      'Rs 3,697',
      'Rs 250',
      'Rs 3,947',
    ]);
    expect(row('Items at list price')).toHaveTextContent('Rs 4,497');
    expect(row('Product discount')).toHaveTextContent('- Rs 800');
    expect(row('Subtotal')).toHaveTextContent('Rs 3,697');
    expect(row('Total')).toHaveTextContent('Rs 3,947');
    expect(screen.getByRole('link', { name: 'Proceed to Checkout' })).toHaveAttribute('href', '/checkout');
    expect(screen.getByRole('link', { name: 'Cart, 3 items' })).toHaveClass('cart-link--filled');
    expect(requested.filter((path) => path === '/api/settings/delivery-charge')).toHaveLength(1);
  });

  it("shows delivery as 'Free' when every item has free delivery", async () => {
    const { store } = setup({ products: [makeProduct({ freeDelivery: true, price: 3299, finalPrice: 3299 })] });

    await deliveryLoaded(store);

    expect(row('Delivery')).toHaveTextContent('Free');
    expect(row('Total')).toHaveTextContent('Rs 3,299');
  });

  it('keeps the delivery charge at 0 and logs when it cannot be fetched', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    setup({ products: [makeProduct({ price: 1000, finalPrice: 1000 })], deliveryCharge: 'fail' });

    await waitFor(() => {
      expect(error).toHaveBeenCalledWith('failed to fetch delivery charge', expect.anything());
    });
    expect(row('Delivery')).toHaveTextContent('Free');
    expect(row('Total')).toHaveTextContent('Rs 1,000');
  });

  it('stops a line at the most units of one product an order may hold and says why', async () => {
    const { store, user } = setup({ products: [makeProduct({ _id: '5', name: 'Cable', stock: 50 })] });
    increment(8, store, '5');
    const line = within(screen.getByRole('listitem', { name: 'Cable' }));
    const more = line.getByRole('button', { name: 'Add one more' });
    const limit = 'You can order at most 10 of one item. Please contact us for larger orders.';
    expect(line.queryByText(limit)).not.toBeInTheDocument();

    await user.click(more);
    await user.click(more);

    expect(line.getByRole('group', { name: 'Quantity' })).toHaveTextContent('10');
    expect(more).toBeDisabled();
    expect(line.getByText(limit)).toBeInTheDocument();
    expect(more).toHaveAccessibleDescription(`Cable ${limit}`);
  });

  it("brings a line above the owner's unit limit down to it once the cart has asked the server", async () => {
    const { store } = setup({ products: [makeProduct({ _id: '5', name: 'Cable', stock: 50 })], unitLimit: 5 });
    increment(7, store, '5');

    const line = within(screen.getByRole('listitem', { name: 'Cable' }));
    expect(await line.findByText('You can order at most 5 of one item. Please contact us for larger orders.')).toBeInTheDocument();
    expect(line.getByRole('group', { name: 'Quantity' })).toHaveTextContent('5');
    expect(line.getByRole('button', { name: 'Add one more' })).toBeDisabled();
    expect(store.getState().items[0]?.quantity).toBe(5);
  });

  it('removes a line', async () => {
    const { user } = setup({ products: [makeProduct({ name: 'Cable' })] });

    await user.click(within(screen.getByRole('listitem', { name: 'Cable' })).getByRole('button', { name: 'Remove' }));

    expect(screen.getByText('Your cart is empty')).toBeInTheDocument();
  });
});

describe('Cart page coupon', () => {
  it('asks for a code, in red, without calling the server', async () => {
    const { couponBodies, user } = setup({ products: [makeProduct()] });

    await applyCode(user, '');

    const message = screen.getByText('Please enter a valid coupon code.');
    expect(message).toHaveClass('coupon__message--error');
    expect(couponBodies).toEqual([]);
  });

  it('shows the server refusal in red and keeps the mistyped code in the field to be corrected', async () => {
    const { store, user } = setup({ products: [makeProduct()] });
    await deliveryLoaded(store);

    await applyCode(user, 'WELCOM10');

    expect(await screen.findByText('Invalid or expired coupon.')).toHaveClass('coupon__message--error');
    expect(screen.getByRole('textbox', { name: 'Coupon code' })).toHaveValue('WELCOM10');
    expect(screen.queryByRole('button', { name: 'Remove Coupon' })).not.toBeInTheDocument();
  });

  it('shows the minimum-order refusal from the server', async () => {
    const { store, user } = setup({
      products: [makeProduct({ price: 399, finalPrice: 399 })],
      coupon: () => json({ message: 'Minimum order of Rs 2,000 required.' }, 400),
    });
    await deliveryLoaded(store);

    await applyCode(user, 'FLAT200');

    expect(await screen.findByText('Minimum order of Rs 2,000 required.')).toHaveClass('coupon__message--error');
  });

  it('applies a coupon in green, sends subtotal plus delivery, and shows the coupon line and total', async () => {
    const { store, user, couponBodies, couponRequests } = setup({ products: [makeProduct({ price: 2000, finalPrice: 2000 })] });
    await deliveryLoaded(store);

    await applyCode(user, ' welcome 10 ');

    expect(await screen.findByText('Coupon "WELCOME10" applied!')).toHaveClass('coupon__message--success');
    expect(screen.getByRole('textbox', { name: 'Coupon code' })).toHaveValue('');
    expect(couponBodies).toEqual([{ code: 'welcome10', cartTotal: 2250 }]);
    expect(couponRequests[0]?.credentials).toBe('include');
    expect(row('Coupon (WELCOME10)')).toHaveTextContent('- Rs 225');
    expect(row('Total')).toHaveTextContent('Rs 2,025');
  });

  it('takes the coupon off with Remove Coupon', async () => {
    const { store, user } = setup({ products: [makeProduct({ price: 2000, finalPrice: 2000 })] });
    await deliveryLoaded(store);
    await applyCode(user, 'WELCOME10');

    await user.click(await screen.findByRole('button', { name: 'Remove Coupon' }));

    expect(summary().queryByText(/^Coupon \(/)).not.toBeInTheDocument();
    expect(row('Total')).toHaveTextContent('Rs 2,250');
    expect(store.getState().coupon).toBeNull();
  });

  it('says the cart total is too low when the discount would cover it', async () => {
    const { store, user } = setup({
      products: [makeProduct({ price: 150, finalPrice: 150 })],
      deliveryCharge: 0,
      coupon: () => json({ coupon: { code: 'BIG', minPrice: 0 }, discount: 200, message: 'Coupon "BIG" applied!' }),
    });
    await deliveryLoaded(store);

    await applyCode(user, 'BIG');

    expect(await screen.findByText('Cart total is too low for this coupon.')).toHaveClass('coupon__message--error');
    expect(store.getState().coupon).toBeNull();
  });

  it('says so when the server cannot be reached, and keeps the coupon it has', async () => {
    let online = true;
    const { store, user } = setup({
      products: [makeProduct({ price: 2000, finalPrice: 2000 })],
      coupon: (body) => (online ? welcome(body) : Promise.reject(new TypeError('Failed to fetch'))),
    });
    await deliveryLoaded(store);
    await applyCode(user, 'WELCOME10');
    await screen.findByText('Coupon "WELCOME10" applied!');
    online = false;

    await applyCode(user, 'FLAT200');

    expect(await screen.findByText('Server error. Please try again later.')).toHaveClass('coupon__message--error');
    expect(store.getState().coupon?.code).toBe('WELCOME10');
  });

  it('drops the coupon when the cart falls below its minimum, and says so', async () => {
    // Rs 399 × 4 + Rs 250 = Rs 1,846 meets WELCOME10's Rs 1,500; three of them (Rs 1,447) do not.
    const product = makeProduct({ name: 'Handsfree', price: 399, finalPrice: 399, stock: 90 });
    const { store, user } = setup({ products: [product] });
    increment(3, store, product._id);
    await deliveryLoaded(store);
    await applyCode(user, 'WELCOME10');
    await screen.findByText('Coupon "WELCOME10" applied!');

    await user.click(within(screen.getByRole('listitem', { name: 'Handsfree' })).getByRole('button', { name: 'Remove one' }));

    expect(store.getState().coupon).toBeNull();
    expect(summary().queryByText(/^Coupon \(/)).not.toBeInTheDocument();
    expect(screen.getByText('Coupon "WELCOME10" was removed: it needs a total of at least Rs 1,500.')).toHaveClass(
      'coupon__message--error',
    );
    expect(row('Total')).toHaveTextContent('Rs 1,447');
  });

  it('asks the server again when the cart total changes, so a percent coupon follows it', async () => {
    const product = makeProduct({ name: 'Case', price: 2000, finalPrice: 2000, stock: 5 });
    const { store, user, couponBodies } = setup({ products: [product] });
    await deliveryLoaded(store);
    await applyCode(user, 'WELCOME10');
    await screen.findByText('Coupon "WELCOME10" applied!');

    await user.click(screen.getByRole('button', { name: 'Add one more' }));

    await waitFor(() => {
      expect(row('Coupon (WELCOME10)')).toHaveTextContent('- Rs 425');
    });
    expect(couponBodies).toEqual([
      { code: 'WELCOME10', cartTotal: 2250 },
      { code: 'WELCOME10', cartTotal: 4250 },
    ]);
    expect(row('Total')).toHaveTextContent('Rs 3,825');
  });
});

describe('Cart page refresh from the API', () => {
  it('shows a deleted product as unavailable, leaves it out of the totals, and lets it go', async () => {
    const gone = makeProduct({ _id: '31', name: 'Old Case', price: 500, finalPrice: 500 });
    const kept = makeProduct({ _id: '32', name: 'Cable', price: 800, finalPrice: 800 });
    const { user } = setup({ products: [gone, kept], current: { '31': null } });

    const line = await screen.findByRole('listitem', { name: 'Old Case' });
    await within(line).findByText(/no longer available/);

    expect(within(line).queryByRole('group', { name: 'Quantity' })).not.toBeInTheDocument();
    await waitFor(() => {
      expect(row('Subtotal')).toHaveTextContent('Rs 800');
    });
    await user.click(within(line).getByRole('button', { name: 'Remove' }));
    expect(screen.queryByRole('listitem', { name: 'Old Case' })).not.toBeInTheDocument();
  });

  it('shows an item whose id the API refuses as unavailable too, as the product page shows it not found', async () => {
    const refused = makeProduct({ _id: 'old-id', name: 'Old Case', price: 500, finalPrice: 500 });
    setup({ products: [refused], current: { 'old-id': 'malformed' } });

    const line = await screen.findByRole('listitem', { name: 'Old Case' });
    expect(await within(line).findByText(/no longer available/)).toBeInTheDocument();
  });

  it('updates a changed price and says so', async () => {
    const product = makeProduct({ _id: '7', name: 'Charger', price: 1999, finalPrice: 1999 });
    setup({ products: [product], current: { '7': { ...product, price: 2199, finalPrice: 2199 } } });

    const line = screen.getByRole('listitem', { name: 'Charger' });

    expect(await within(line).findByText('Price changed since you added it (was Rs 1,999).')).toBeInTheDocument();
    expect(within(line).getByText('Rs 2,199', { selector: 'strong' })).toBeInTheDocument();
    expect(row('Subtotal')).toHaveTextContent('Rs 2,199');
  });
});
