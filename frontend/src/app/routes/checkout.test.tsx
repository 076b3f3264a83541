import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { CartStoreProvider } from '@/features/cart/hooks/use-cart';
import { createCartStore } from '@/features/cart/lib/cart-store';
import type { Product } from '@/features/products/types';
import { jsonResponse as json, mockFetch } from '@/testing/fetch-mock';
import { makeOrder, makeProduct } from '@/testing/fixtures';
import { MemoryStorage } from '@/testing/memory-storage';
import { renderWithProviders } from '@/testing/render';

import CheckoutRoute from './checkout';

const customer = { uid: '7', email: 'ayesha@example.pk', name: 'Ayesha Khan' };

// Rs 1,000 (charged delivery) + Rs 2,000 on sale at Rs 1,800 (free delivery) = Rs 2,800; delivery Rs 250;
// FLAT200 takes Rs 200: total Rs 2,850.
const charger = () => makeProduct({ _id: '11', name: 'Fast Charger', price: 1000, finalPrice: 1000, stock: 5, freeDelivery: false });
const earbuds = () =>
  makeProduct({ _id: '12', name: 'TWS Earbuds', price: 2000, salePrice: 1800, finalPrice: 1800, stock: 5, freeDelivery: true });

type OrderHandler = (body: Record<string, unknown>, request: Request, attempt: number) => Response | Promise<Response>;

interface ShopOptions {
  products?: Product[];
  /** The products as the API answers them now (after a change by the admin). */
  current?: () => Product[];
  order?: OrderHandler;
  me?: () => Response;
  coupon?: boolean;
  /** The most units of one product an order may hold, as the server answers it (else the default). */
  unitLimit?: number;
}

const placed: OrderHandler = () => json({ success: true, message: 'Order placed successfully.', order: makeOrder(), confirmWithinHours: 24 }, 201);

function setup({ products = [charger(), earbuds()], current, order = placed, me, coupon = true, unitLimit }: ShopOptions = {}) {
  const orders: { body: Record<string, unknown>; key: string | null }[] = [];
  let attempt = 0;
  mockFetch(async (url, request) => {
    if (url.pathname === '/api/auth/session') return me ? me() : json({ user: customer });
    if (url.pathname === '/api/settings/delivery-charge') return json({ deliveryCharge: 250 });
    if (url.pathname === '/api/settings/order-limits' && unitLimit !== undefined) return json({ unitsPerProduct: unitLimit });
    if (url.pathname === '/api/coupons/apply') {
      return json({ coupon: { code: 'FLAT200', minPrice: 2000 }, discount: 200, message: 'Coupon "FLAT200" applied!' });
    }
    if (url.pathname === '/api/orders' && request.method === 'POST') {
      const body = (await request.json()) as Record<string, unknown>;
      orders.push({ body, key: request.headers.get('Idempotency-Key') });
      return order(body, request, ++attempt);
    }
    const id = /^\/api\/products\/(.+)$/.exec(url.pathname)?.[1];
    if (id !== undefined) {
      const product = (current ?? (() => products))().find((p) => p._id === id);
      return product ? json(product) : json({ message: 'Product not found.' }, 404);
    }
    return json({ message: 'Not found' }, 404);
  });
  const storage = new MemoryStorage();
  const store = createCartStore(storage, new EventTarget());
  for (const product of products) store.add(product);
  if (coupon && products.length > 0) store.setCoupon({ code: 'FLAT200', minPrice: 2000, discount: 200, cartTotal: 305000 });
  renderWithProviders(
    <CartStoreProvider value={store}>
      <CheckoutRoute />
    </CartStoreProvider>,
    { route: '/checkout' },
  );
  return { store, storage, orders, user: userEvent.setup() };
}

function summary() {
  return within(screen.getByRole('complementary', { name: 'Order Summary' }));
}

function row(label: string): HTMLElement {
  const value = summary().getByText(label, { selector: 'dt' }).nextElementSibling;
  if (!(value instanceof HTMLElement)) throw new Error(`no value for ${label}`);
  return value;
}

const field = {
  country: () => screen.getByRole('textbox', { name: 'Country' }),
  province: () => screen.getByRole('combobox', { name: 'Province' }),
  city: () => screen.getByRole('combobox', { name: 'City' }),
  name: () => screen.getByRole('textbox', { name: 'Full name' }),
  phone1: () => screen.getByRole('textbox', { name: 'Primary phone' }),
  phone2: () => screen.getByRole('textbox', { name: 'Secondary phone (optional)' }),
  email: () => screen.getByRole('textbox', { name: 'Email' }),
  address: () => screen.getByRole('textbox', { name: 'Complete address' }),
};

const submitButton = () => screen.getByRole('button', { name: /Confirm & Place Order|Placing your order\.\.\./ });

async function ready() {
  await screen.findByRole('heading', { level: 1, name: 'Checkout' });
  await waitFor(() => {
    expect(row('Delivery')).toHaveTextContent('Rs 250');
  });
}

async function fillIn(user: ReturnType<typeof userEvent.setup>) {
  await user.selectOptions(field.province(), 'Punjab');
  await user.type(field.city(), 'Lahore');
  await user.clear(field.name());
  await user.type(field.name(), 'Ayesha Khan');
  await user.type(field.phone1(), '0300 1234567');
  await user.type(field.address(), 'House 12, Street 4, Gulberg III');
}

function alertText() {
  return screen.getByRole('alert').textContent;
}

describe('checkout page', () => {
  it('shows the fields in order, Pakistan fixed, the notices and the summary by the cart’s pricing rule', async () => {
    setup();
    await ready();

    const form = screen.getByRole('form', { name: 'Delivery details' });
    const labels = within(form)
      .getAllByText(/./, { selector: 'label' })
      .map((label) => label.textContent);
    expect(labels).toEqual([
      'Country',
      'Province',
      'City',
      'Full name',
      'Primary phone',
      'Secondary phone (optional)',
      'Email',
      'Complete address',
    ]);
    expect(field.country()).toHaveValue('Pakistan');
    expect(field.country()).toBeDisabled();
    expect(field.city()).toBeDisabled();
    expect(field.address()).toHaveAttribute('rows', '3');
    expect(field.name()).toHaveValue('Ayesha Khan');
    expect(field.email()).toHaveValue('ayesha@example.pk');
    expect(screen.getByText('Cash on Delivery')).toBeInTheDocument();
    expect(screen.getByText('Delivery within 3–4 working days')).toBeInTheDocument();
    expect(submitButton()).toHaveTextContent('Confirm & Place Order');

    expect(summary().getByText('Fast Charger × 1')).toBeInTheDocument();
    expect(summary().getByText('TWS Earbuds × 1')).toBeInTheDocument();
    expect(row('Subtotal')).toHaveTextContent('Rs 2,800');
    expect(row('Coupon (FLAT200)')).toHaveTextContent('- Rs 200');
    expect(row('Total')).toHaveTextContent('Rs 2,850');
  });

  it('lists items whose figures add up to the subtotal, each rounded once', async () => {
    // 1,299 less 50% = 649.50 each: two lines of 649.50 make a subtotal of Rs 1,299.
    const half = (id: string, name: string) =>
      makeProduct({ _id: id, name, price: 1299, salePrice: null, discountPercent: 50, finalPrice: 650, stock: 5, freeDelivery: true });
    setup({ products: [half('21', 'Clear Case'), half('22', 'Matte Case')], coupon: false });
    await screen.findByRole('heading', { level: 1, name: 'Checkout' });
    await waitFor(() => {
      expect(row('Total')).toHaveTextContent('Rs 1,299');
    });

    expect(summary().getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Clear Case × 1Rs 650', 'Matte Case × 1Rs 649']);
    expect(row('Subtotal')).toHaveTextContent('Rs 1,299');
  });

  it("shows delivery as 'Free' when every item ships free", async () => {
    setup({ products: [earbuds()], coupon: false });
    await screen.findByRole('heading', { level: 1, name: 'Checkout' });
    await waitFor(() => {
      expect(row('Total')).toHaveTextContent('Rs 1,800');
    });
    expect(row('Delivery')).toHaveTextContent('Free');
  });

  it('lists the provinces as they are written and sends the names the API takes', async () => {
    setup();
    await ready();

    const options = within(field.province()).getAllByRole('option');

    expect(options.map((option) => option.textContent)).toEqual([
      'Select province',
      'Punjab',
      'Sindh',
      'Khyber Pakhtunkhwa',
      'Balochistan',
      'Gilgit-Baltistan',
      'Azad Kashmir',
      'Islamabad',
    ]);
    expect(options.map((option) => option.getAttribute('value'))).toEqual([
      '',
      'Punjab',
      'Sindh',
      'KhyberPakhtunkhwa',
      'Balochistan',
      'GilgitBaltistan',
      'AzadKashmir',
      'Islamabad',
    ]);
  });

  it('enables the city once a province is chosen, narrows its places as the shopper types and clears the city when the province changes', async () => {
    const { user } = setup();
    await ready();

    await user.selectOptions(field.province(), 'Sindh');
    expect(field.city()).toBeEnabled();
    await user.click(field.city());
    const listed = screen.getAllByRole('option', { name: /./ }).filter((option) => option.closest('[role="listbox"]'));
    expect(listed.slice(0, 5).map((option) => option.textContent)).toEqual(['Karachi', 'Hyderabad', 'Sukkur', 'Larkana', 'Nawabshah']);
    await user.type(field.city(), 'tando a');
    const places = within(screen.getByRole('listbox', { name: 'Matching places' }))
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(places).toEqual(['Tando Adam', 'Tando Allahyar']);
    await user.keyboard('{ArrowDown}{Enter}');
    expect(field.city()).toHaveValue('Tando Adam');

    await user.selectOptions(field.province(), 'Punjab');

    expect(field.city()).toHaveValue('');
  });

  it('shows each field’s error beside it before anything is sent, and focuses the first', async () => {
    const { user, orders } = setup();
    await ready();
    await user.clear(field.name());
    await user.clear(field.email());
    await user.type(field.email(), 'ayesha@');
    await user.type(field.phone2(), '12345');

    await user.click(submitButton());

    expect(orders).toEqual([]);
    expect(field.name()).toHaveAttribute('aria-invalid', 'true');
    expect(field.name()).toHaveAccessibleDescription('Please enter your name.');
    expect(field.name()).toHaveFocus();
    expect(field.phone1()).toHaveAccessibleDescription('Phone number is required. A mobile number, e.g. 0300 1234567.');
    expect(field.phone2()).toHaveAccessibleDescription(
      'Enter a Pakistani mobile or landline number, e.g. 0300 1234567 or 042 35761234.',
    );
    expect(field.email()).toHaveAccessibleDescription('Please enter a valid email address.');
    expect(field.address()).toHaveAccessibleDescription('Please enter your complete address.');
    expect(field.province()).not.toHaveAttribute('aria-invalid');
    expect(alertText()).toBe('Please correct the highlighted fields.');

    await user.type(field.phone1(), '042 35761234');
    await user.click(submitButton());
    expect(field.phone1()).toHaveAccessibleDescription(
      'This is a landline number; enter a mobile number (03XX XXXXXXX). A mobile number, e.g. 0300 1234567.',
    );

    await user.type(field.name(), 'Ayesha');
    expect(field.name()).not.toHaveAttribute('aria-invalid');
  });

  it('sends the order with the cart’s figures and an Idempotency-Key, then empties the cart and confirms', async () => {
    const { user, orders, store, storage } = setup();
    await ready();
    await fillIn(user);
    await user.type(field.phone2(), '042 35761234');

    await user.click(submitButton());

    expect(await screen.findByTestId('location')).toHaveTextContent('/order-confirmation');
    expect(orders).toHaveLength(1);
    expect(orders[0]?.body).toEqual({
      userId: '7',
      userDetails: {
        country: 'Pakistan',
        province: 'Punjab',
        city: 'Lahore',
        name: 'Ayesha Khan',
        phone1: '0300 1234567',
        phone2: '042 35761234',
        email: 'ayesha@example.pk',
        address: 'House 12, Street 4, Gulberg III',
        paymentMethod: 'COD',
      },
      cart: [
        { productId: '11', name: 'Fast Charger', quantity: 1, price: 1000 },
        { productId: '12', name: 'TWS Earbuds', quantity: 1, price: 1800 },
      ],
      subtotal: 2800,
      deliveryCharge: 250,
      coupon: 'FLAT200',
      couponDiscount: 200,
      total: 2850,
    });
    expect(orders[0]?.key).toMatch(/^[0-9a-f]{32}$/);
    expect(store.getState().items).toEqual([]);
    expect(store.getState().coupon).toBeNull();
    expect(JSON.parse(storage.getItem('cart') ?? '{}')).toMatchObject({ items: [], coupon: null });
  });

  it('leaves out an empty secondary phone, province and city', async () => {
    const { user, orders } = setup();
    await ready();
    await user.type(field.phone1(), '+92 300 1234567');
    await user.type(field.address(), 'House 1');

    await user.click(submitButton());

    await screen.findByTestId('location');
    expect(orders[0]?.body.userDetails).toEqual({
      country: 'Pakistan',
      name: 'Ayesha Khan',
      phone1: '+92 300 1234567',
      email: 'ayesha@example.pk',
      address: 'House 1',
      paymentMethod: 'COD',
    });
  });

  it('disables every field and the button while sending, and ignores further submits then and after success', async () => {
    let answer: (response: Response) => void = () => undefined;
    const { user, orders } = setup({
      order: () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    await ready();
    await fillIn(user);

    await user.click(submitButton());

    await waitFor(() => {
      expect(submitButton()).toHaveTextContent('Placing your order...');
    });
    expect(submitButton()).toBeDisabled();
    for (const get of Object.values(field)) expect(get()).toBeDisabled();
    const form = screen.getByRole('form', { name: 'Delivery details' });
    fireEvent.submit(form);
    fireEvent.submit(form);
    expect(orders).toHaveLength(1);

    answer(json({ success: true, message: 'Order placed successfully.', order: makeOrder(), confirmWithinHours: 24 }, 201));
    expect(await screen.findByTestId('location')).toHaveTextContent('/order-confirmation');
    expect(orders).toHaveLength(1);
  });

  it('on a 409 shows what changed, updates the cart and its summary, and places the order at the new total with one more tap', async () => {
    let price = 1000;
    const { user, orders, store } = setup({
      current: () => [charger(), earbuds()].map((p) => (p._id === '11' ? { ...p, price, finalPrice: price } : p)),
      order: (body, _request, attempt) => {
        if (attempt === 1) {
          price = 1100;
          return json(
            {
              message: 'Prices or delivery changed since your cart was built. Please check the new total.',
              quote: {
                cart: [
                  { productId: '11', name: 'Fast Charger', quantity: 1, price: 1100 },
                  { productId: '12', name: 'TWS Earbuds', quantity: 1, price: 1800 },
                ],
                subtotal: 2900,
                deliveryCharge: 250,
                coupon: 'FLAT200',
                couponDiscount: 200,
                total: 2950,
                changes: ['Price of Fast Charger changed from Rs 1,000 to Rs 1,100.'],
              },
            },
            409,
          );
        }
        return placed(body, _request, attempt);
      },
    });
    await ready();
    await fillIn(user);

    await user.click(submitButton());

    await waitFor(() => {
      expect(alertText()).toContain('Prices or delivery changed since your cart was built. Please check the new total.');
    });
    const alert = within(screen.getByRole('alert'));
    expect(alert.getByRole('listitem')).toHaveTextContent('Price of Fast Charger changed from Rs 1,000 to Rs 1,100.');
    expect(alert.getByText('Rs 2,950')).toBeInTheDocument();
    expect(row('Subtotal')).toHaveTextContent('Rs 2,900');
    expect(row('Total')).toHaveTextContent('Rs 2,950');
    expect(store.getState().items[0]?.price).toBe(1100);
    expect(submitButton()).toBeEnabled();
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();

    await user.click(submitButton());

    expect(await screen.findByTestId('location')).toHaveTextContent('/order-confirmation');
    expect(orders).toHaveLength(2);
    expect(orders[1]?.body).toMatchObject({ subtotal: 2900, total: 2950, cart: [{ productId: '11', price: 1100 }, { price: 1800 }] });
    expect(orders[1]?.key).not.toBe(orders[0]?.key);
  });

  it('drops a coupon the quote dropped and lowers a quantity to the stock left', async () => {
    const few = () => ({ ...charger(), stock: 1, quantity: 1 });
    const { user, store } = setup({
      current: () => [few(), earbuds()],
      order: () =>
        json(
          {
            message: 'Only 1 left of Fast Charger.',
            quote: {
              cart: [
                { productId: '11', name: 'Fast Charger', quantity: 1, price: 1000 },
                { productId: '12', name: 'TWS Earbuds', quantity: 1, price: 1800 },
              ],
              subtotal: 2800,
              deliveryCharge: 250,
              coupon: null,
              couponDiscount: 0,
              total: 3050,
              changes: ['Coupon FLAT200 has reached its usage limit.'],
            },
          },
          409,
        ),
    });
    store.increment('11');
    await ready();
    await fillIn(user);

    await user.click(submitButton());

    await waitFor(() => {
      expect(alertText()).toContain('Only 1 left of Fast Charger.');
    });
    expect(store.getState().items[0]?.quantity).toBe(1);
    expect(store.getState().coupon).toBeNull();
    expect(summary().queryByText('Coupon (FLAT200)')).not.toBeInTheDocument();
    expect(row('Total')).toHaveTextContent('Rs 3,050');
  });

  it('reuses the Idempotency-Key when the same order is sent again after a lost answer', async () => {
    const { user, orders } = setup({ order: (body, request, attempt) => (attempt === 1 ? Promise.reject(new TypeError('offline')) : placed(body, request, attempt)) });
    await ready();
    await fillIn(user);

    await user.click(submitButton());
    await waitFor(() => {
      expect(alertText()).toBe('Something went wrong!');
    });
    expect(submitButton()).toBeEnabled();
    await user.click(submitButton());

    expect(await screen.findByTestId('location')).toHaveTextContent('/order-confirmation');
    expect(orders).toHaveLength(2);
    expect(orders[1]?.key).toBe(orders[0]?.key);
  });

  it("shows the server's message, and its field errors beside their fields", async () => {
    const { user } = setup({
      order: () =>
        json({ message: 'Please check your details.', errors: { 'userDetails.phone1': ['This is not a Pakistani mobile number.'] } }, 400),
    });
    await ready();
    await fillIn(user);

    await user.click(submitButton());

    await waitFor(() => {
      expect(alertText()).toBe('Please check your details.');
    });
    expect(field.phone1()).toHaveAccessibleDescription('This is not a Pakistani mobile number. A mobile number, e.g. 0300 1234567.');
  });

  it("says 'Failed to place order' when the server gives no message", async () => {
    const { user } = setup({ order: () => new Response('oops', { status: 500 }) });
    await ready();
    await fillIn(user);

    await user.click(submitButton());

    await waitFor(() => {
      expect(alertText()).toBe('Failed to place order');
    });
  });

  it('shows a blocked shopper the polite refusal in the error area, stays on the page and keeps the cart (docs/cod.md)', async () => {
    const refusal = "Sorry, we can't take this order for cash on delivery. Please contact us if you need help.";
    const { user, store, orders } = setup({ order: () => json({ message: refusal }, 403) });
    await ready();
    await fillIn(user);
    const before = store.getState();

    await user.click(submitButton());

    await waitFor(() => {
      expect(alertText()).toBe(refusal);
    });
    expect(orders).toHaveLength(1);
    expect(store.getState()).toEqual(before);
    expect(store.getState().items.map((item) => item.productId)).toEqual(['11', '12']);
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
    expect(submitButton()).toBeEnabled();
  });

  it("says 'You must be logged in to place an order.' when the session has ended", async () => {
    const { user } = setup({ order: () => json({ message: 'Not signed in.' }, 401) });
    await ready();
    await fillIn(user);

    await user.click(submitButton());

    await waitFor(() => {
      expect(alertText()).toBe('You must be logged in to place an order.');
    });
  });

  it('leaves a product no longer sold out of the summary and the order, and says so', async () => {
    const { user, orders } = setup({ current: () => [earbuds()], coupon: false });
    await screen.findByRole('heading', { level: 1, name: 'Checkout' });
    await waitFor(() => {
      expect(row('Total')).toHaveTextContent('Rs 1,800');
    });
    expect(summary().getByText('Items that are no longer available are left out of this order.')).toBeInTheDocument();
    expect(summary().queryByText('Fast Charger × 1')).not.toBeInTheDocument();
    await fillIn(user);

    await user.click(submitButton());

    await screen.findByTestId('location');
    expect(orders[0]?.body).toMatchObject({ cart: [{ productId: '12' }], subtotal: 1800, deliveryCharge: 0, total: 1800 });
  });

  it("brings a line above the owner's unit limit down to it before anything is sent, and orders that many", async () => {
    const plenty = makeProduct({ _id: '12', name: 'TWS Earbuds', price: 1800, finalPrice: 1800, stock: 20, freeDelivery: true });
    const { store, user, orders } = setup({ products: [plenty], coupon: false, unitLimit: 5 });
    for (let i = 0; i < 7; i++) store.increment('12');

    await screen.findByRole('heading', { level: 1, name: 'Checkout' });
    await waitFor(() => {
      expect(summary().getByText('TWS Earbuds × 5')).toBeInTheDocument();
    });
    await fillIn(user);
    await user.click(submitButton());

    await screen.findByTestId('location');
    expect(orders[0]?.body).toMatchObject({ cart: [{ productId: '12', quantity: 5 }], subtotal: 9000, total: 9000 });
  });

  it("says 'Your cart is empty.' and sends nothing when the cart is empty", async () => {
    const { user, orders } = setup({ products: [] });
    await screen.findByRole('heading', { level: 1, name: 'Checkout' });
    await user.type(field.phone1(), '0300 1234567');
    await user.type(field.address(), 'House 1');

    await user.click(submitButton());

    expect(alertText()).toBe('Your cart is empty.');
    expect(orders).toEqual([]);
  });
});
