import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import type { CategoryResponse, ProductResponse } from '@/api/generated';
import { jsonResponse as json, mockFetch } from '@/testing/fetch-mock';
import { renderWithProviders } from '@/testing/render';

import { useUploadProductMutation } from '../api/products';
import { catalogueMessages } from '../lib/messages';

import { CategoryForm } from './category-form';
import { CouponForm } from './coupon-form';
import { ProductForm } from './product-form';

const categories: CategoryResponse[] = [
  { _id: 'c1', name: 'Phone Cases', parent: null, fullPath: 'Phone Cases', views: 0 },
  { _id: 'c2', name: 'Samsung', parent: 'c1', fullPath: 'Phone Cases > Samsung', views: 0 },
];

const product: ProductResponse = {
  _id: 'p1',
  name: 'Clear Case',
  category: { _id: 'c2', name: 'Samsung' },
  price: 1000,
  salePrice: 800,
  discountPercent: 20,
  finalPrice: 800,
  discount: 20,
  description: 'A clear case.',
  color: 'Clear',
  quantity: 5,
  stock: 5,
  featured: false,
  freeDelivery: false,
  media: [],
  rating: null,
  reviewCount: 0,
  ratingSpread: { '5': 0, '4': 0, '3': 0, '2': 0, '1': 0 },
};

type Answer = (request: Request) => Response | Promise<Response>;

/** Answers POST `path` with `answer`, recording each request. */
function serve(method: string, path: string, answer: Answer) {
  const requests: Request[] = [];
  mockFetch((url, request) => {
    if (request.method === method && url.pathname === path) {
      requests.push(request.clone());
      return answer(request);
    }
    return json({ message: 'Not found' }, 404);
  });
  return requests;
}

describe('CategoryForm', () => {
  async function addCategory(user: ReturnType<typeof userEvent.setup>, name: string, parent?: string) {
    if (name !== '') await user.type(screen.getByLabelText('Category name'), name);
    if (parent) await user.selectOptions(screen.getByLabelText('Parent category (optional)'), screen.getByRole('option', { name: parent }));
    await user.click(screen.getByRole('button', { name: 'Add Category' }));
  }

  it("adds a category under a parent chosen by its full path and says '✅ Category added'", async () => {
    const requests = serve('POST', '/api/categories', () =>
      json({ category: { _id: 'c3', name: 'Galaxy', parent: 'c2', fullPath: 'Phone Cases > Samsung > Galaxy', views: 0 } }, 201),
    );
    renderWithProviders(<CategoryForm categories={categories} />);
    const user = userEvent.setup();

    await addCategory(user, ' Galaxy ', 'Phone Cases > Samsung');

    expect(await screen.findByText('✅ Category added')).toHaveClass('admin-message--success');
    expect(await requests[0]?.json()).toEqual({ name: 'Galaxy', parent: 'c2' });
    expect(requests[0]?.credentials).toBe('include');
    expect(screen.getByLabelText('Category name')).toHaveValue('');
  });

  it('sends a root category with no parent', async () => {
    const requests = serve('POST', '/api/categories', () =>
      json({ category: { _id: 'c3', name: 'Chargers', parent: null, fullPath: 'Chargers', views: 0 } }, 201),
    );
    renderWithProviders(<CategoryForm categories={categories} />);

    await addCategory(userEvent.setup(), 'Chargers');

    expect(await screen.findByText('✅ Category added')).toBeInTheDocument();
    expect(await requests[0]?.json()).toEqual({ name: 'Chargers', parent: null });
  });

  it('sends the Urdu name when one is typed, in a right-to-left Urdu field', async () => {
    const requests = serve('POST', '/api/categories', () =>
      json({ category: { _id: 'c3', name: 'Chargers', nameUr: 'چارجر', parent: null, fullPath: 'Chargers', views: 0 } }, 201),
    );
    renderWithProviders(<CategoryForm categories={categories} />);
    const user = userEvent.setup();
    const urdu = screen.getByLabelText('Urdu name (optional)');
    expect(urdu).toHaveAttribute('dir', 'rtl');
    expect(urdu).toHaveAttribute('lang', 'ur');

    await user.type(urdu, ' چارجر ');
    await addCategory(user, 'Chargers');

    expect(await screen.findByText('✅ Category added')).toBeInTheDocument();
    expect(await requests[0]?.json()).toEqual({ name: 'Chargers', nameUr: 'چارجر', parent: null });
  });

  it("shows '❌ {message}' when the server refuses", async () => {
    serve('POST', '/api/categories', () => json({ message: 'Parent category not found.' }, 400));
    renderWithProviders(<CategoryForm categories={categories} />);

    await addCategory(userEvent.setup(), 'Galaxy', 'Phone Cases');

    expect(await screen.findByText('❌ Parent category not found.')).toHaveClass('admin-message--error');
  });

  it("shows '❌ Something went wrong' when the refusal has no message", async () => {
    serve('POST', '/api/categories', () => new Response('Bad Gateway', { status: 502 }));
    renderWithProviders(<CategoryForm categories={categories} />);

    await addCategory(userEvent.setup(), 'Galaxy');

    expect(await screen.findByText('❌ Something went wrong')).toBeInTheDocument();
  });

  it('refuses an empty name without asking the server', async () => {
    const requests = serve('POST', '/api/categories', () => json({}, 500));
    renderWithProviders(<CategoryForm categories={categories} />);

    await addCategory(userEvent.setup(), '');

    expect(await screen.findByText('❌ Category name is required.')).toBeInTheDocument();
    expect(requests).toEqual([]);
  });
});

function UploadForm() {
  const upload = useUploadProductMutation();
  return (
    <ProductForm
      categories={categories}
      submitLabel="Add Product"
      successMessage={catalogueMessages.productCreated}
      onSave={(body) => upload.mutateAsync({ body })}
    />
  );
}

describe('ProductForm', () => {
  async function fillRequired(user: ReturnType<typeof userEvent.setup>) {
    await user.type(screen.getByLabelText('Name'), 'Clear Case');
    await user.selectOptions(screen.getByLabelText('Category'), screen.getByRole('option', { name: 'Phone Cases > Samsung' }));
    await user.type(screen.getByLabelText('Price (Rs)'), '1000');
    await user.type(screen.getByLabelText('Quantity in stock'), '5');
    await user.type(screen.getByLabelText('Description'), 'A clear case.');
  }

  it('recomputes the discount from the sale price and the sale price from the discount as they are typed', async () => {
    renderWithProviders(<UploadForm />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Price (Rs)'), '999');

    await user.type(screen.getByLabelText('Sale price (Rs)'), '666');
    expect(screen.getByLabelText('Discount (%)')).toHaveValue(33);

    await user.clear(screen.getByLabelText('Discount (%)'));
    expect(screen.getByLabelText('Sale price (Rs)')).toHaveValue(null);
    await user.type(screen.getByLabelText('Discount (%)'), '15');
    expect(screen.getByLabelText('Sale price (Rs)')).toHaveValue(849);
  });

  it("uploads the form as multipart with the admin cookie and says '✅ Product created'", async () => {
    const requests = serve('POST', '/api/products/upload', () => json({ product }, 201));
    renderWithProviders(<UploadForm />);
    const user = userEvent.setup();
    await fillRequired(user);
    await user.type(screen.getByLabelText('Discount (%)'), '20');
    await user.click(screen.getByLabelText('Free delivery'));

    await user.click(screen.getByRole('button', { name: 'Add Product' }));

    expect(await screen.findByText('✅ Product created')).toHaveClass('admin-message--success');
    expect(requests[0]?.credentials).toBe('include');
    const sent = await requests[0]?.formData();
    expect(Object.fromEntries(sent ?? [])).toMatchObject({
      name: 'Clear Case',
      category: 'c2',
      price: '1000',
      salePrice: '800',
      discountPercent: '20',
      quantity: '5',
      description: 'A clear case.',
      featured: 'false',
      freeDelivery: 'true',
    });
    expect(screen.getByLabelText('Name')).toHaveValue('');
  });

  it('sends the Urdu name and description, empty when left out, from right-to-left Urdu fields', async () => {
    const requests = serve('POST', '/api/products/upload', () => json({ product }, 201));
    renderWithProviders(<UploadForm />);
    const user = userEvent.setup();
    await fillRequired(user);
    for (const label of ['Urdu name (optional)', 'Urdu description (optional)']) {
      expect(screen.getByLabelText(label)).toHaveAttribute('dir', 'rtl');
      expect(screen.getByLabelText(label)).toHaveAttribute('lang', 'ur');
    }
    await user.type(screen.getByLabelText('Urdu name (optional)'), 'صاف کیس ');

    await user.click(screen.getByRole('button', { name: 'Add Product' }));

    expect(await screen.findByText('✅ Product created')).toBeInTheDocument();
    const sent = Object.fromEntries((await requests[0]?.formData()) ?? []);
    expect(sent).toMatchObject({ name: 'Clear Case', nameUr: 'صاف کیس', descriptionUr: '' });
  });

  it('fills in the Urdu texts of the product being edited', () => {
    renderWithProviders(
      <ProductForm
        categories={categories}
        product={{ ...product, nameUr: 'صاف کیس', descriptionUr: 'شفاف کیس۔' }}
        submitLabel="Update Product"
        successMessage={catalogueMessages.productUpdated}
        onSave={() => Promise.resolve({ kind: 'done', data: { product } })}
      />,
    );

    expect(screen.getByLabelText('Urdu name (optional)')).toHaveValue('صاف کیس');
    expect(screen.getByLabelText('Urdu description (optional)')).toHaveValue('شفاف کیس۔');
  });

  it('refuses a form without the required fields, naming them', async () => {
    const requests = serve('POST', '/api/products/upload', () => json({ product }, 201));
    renderWithProviders(<UploadForm />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Name'), 'Clear Case');

    await user.click(screen.getByRole('button', { name: 'Add Product' }));

    expect(
      await screen.findByText('❌ Name, category, price, quantity and description are required.'),
    ).toBeInTheDocument();
    expect(requests).toEqual([]);
  });

  it('marks each required field left empty, says why beside it and moves the focus to the first', async () => {
    const requests = serve('POST', '/api/products/upload', () => json({ product }, 201));
    renderWithProviders(<UploadForm />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Name'), 'Clear Case');

    await user.click(screen.getByRole('button', { name: 'Add Product' }));

    expect(screen.getByLabelText('Category')).toHaveFocus();
    expect(screen.getByLabelText('Name')).not.toHaveAttribute('aria-invalid');
    for (const [label, said] of [
      ['Category', 'Category is required.'],
      ['Price (Rs)', 'Price is required.'],
      ['Quantity in stock', 'Quantity in stock is required.'],
      ['Description', 'Description is required.'],
    ] as const) {
      expect(screen.getByLabelText(label)).toHaveAttribute('aria-invalid', 'true');
      expect(screen.getByLabelText(label)).toHaveAccessibleDescription(said);
    }
    expect(requests).toEqual([]);
  });

  it('links to the new product in the shop and to its edit page once it is saved', async () => {
    serve('POST', '/api/products/upload', () => json({ product }, 201));
    renderWithProviders(<UploadForm />);
    const user = userEvent.setup();
    await fillRequired(user);

    await user.click(screen.getByRole('button', { name: 'Add Product' }));

    expect(await screen.findByRole('link', { name: `View ${product.name} in the shop` })).toHaveAttribute('href', `/product/${product._id}`);
    expect(screen.getByRole('link', { name: `Edit ${product.name}` })).toHaveAttribute('href', `/admin/edit-product/${product._id}`);
  });

  it("shows '❌ {message}' when the server refuses the product", async () => {
    serve('POST', '/api/products/upload', () =>
      json({ message: 'Sale price must be below the price.', errors: { salePrice: ['too high'] } }, 400),
    );
    renderWithProviders(<UploadForm />);
    const user = userEvent.setup();
    await fillRequired(user);
    await user.type(screen.getByLabelText('Sale price (Rs)'), '1200');

    await user.click(screen.getByRole('button', { name: 'Add Product' }));

    expect(await screen.findByText('❌ Sale price must be below the price.')).toHaveClass('admin-message--error');
    expect(screen.getByLabelText('Name')).toHaveValue('Clear Case');
  });

  it('fills in the product being edited', () => {
    renderWithProviders(
      <ProductForm
        categories={categories}
        product={product}
        submitLabel="Update Product"
        successMessage={catalogueMessages.productUpdated}
        onSave={() => Promise.resolve({ kind: 'done', data: { product } })}
      />,
    );

    expect(screen.getByLabelText('Name')).toHaveValue('Clear Case');
    expect(screen.getByLabelText('Category')).toHaveValue('c2');
    expect(screen.getByLabelText('Price (Rs)')).toHaveValue(1000);
    expect(screen.getByLabelText('Sale price (Rs)')).toHaveValue(800);
    expect(screen.getByLabelText('Discount (%)')).toHaveValue(20);
    expect(screen.getByLabelText('Colour (optional)')).toHaveValue('Clear');
  });
});

describe('CouponForm', () => {
  it('clears the amount when a percent is entered, and the other way round', async () => {
    serve('POST', '/api/coupons', () => json({}, 500));
    renderWithProviders(<CouponForm />);
    const user = userEvent.setup();
    const percent = screen.getByLabelText('Discount (%)');
    const amount = screen.getByLabelText('Or amount off (Rs)');

    await user.type(amount, '200');
    await user.type(percent, '10');
    expect(amount).toHaveValue(null);
    expect(percent).toHaveValue(10);

    await user.type(amount, '150');
    expect(percent).toHaveValue(null);
    expect(amount).toHaveValue(150);
    expect(screen.getByLabelText('Minimum order (Rs)')).toHaveValue(0);
  });

  it("adds a coupon and says '✅ Coupon added successfully'", async () => {
    const requests = serve('POST', '/api/coupons', () =>
      json(
        {
          coupon: {
            _id: 'k1',
            code: 'EID10',
            discountPercent: 10,
            amount: null,
            startDate: '2025-06-01',
            endDate: '2025-06-30',
            minPrice: 0,
            isActive: true,
            uses: 0,
            maxUses: 100,
            maxUsesPerCustomer: 1,
          },
        },
        201,
      ),
    );
    renderWithProviders(<CouponForm />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Code'), 'EID10');
    await user.type(screen.getByLabelText('Discount (%)'), '10');
    await user.type(screen.getByLabelText('Most uses in all'), '100');
    await user.type(screen.getByLabelText('Most uses per customer'), '1');

    await user.click(screen.getByRole('button', { name: 'Add Coupon' }));

    expect(await screen.findByText('✅ Coupon added successfully')).toHaveClass('admin-message--success');
    expect(await requests[0]?.json()).toMatchObject({
      code: 'EID10',
      discountPercent: 10,
      amount: null,
      minPrice: 0,
      maxUses: 100,
      maxUsesPerCustomer: 1,
      isActive: true,
    });
    expect(screen.getByLabelText('Most uses in all')).toHaveValue(null);
    expect(screen.getByLabelText('Code')).toHaveValue('');
  });

  it("refuses a coupon with no discount: '⚠️ Please enter a code and a valid discount.'", async () => {
    const requests = serve('POST', '/api/coupons', () => json({}, 500));
    renderWithProviders(<CouponForm />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Code'), 'EID10');

    await user.click(screen.getByRole('button', { name: 'Add Coupon' }));

    expect(await screen.findByText('⚠️ Please enter a code and a valid discount.')).toBeInTheDocument();
    expect(requests).toEqual([]);
  });

  it("shows the server's message, e.g. for a code already in use", async () => {
    serve('POST', '/api/coupons', () => json({ message: 'A coupon with this code already exists.' }, 409));
    renderWithProviders(<CouponForm />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Code'), 'EID10');
    await user.type(screen.getByLabelText('Or amount off (Rs)'), '200');

    await user.click(screen.getByRole('button', { name: 'Add Coupon' }));

    expect(await screen.findByText('❌ A coupon with this code already exists.')).toHaveClass('admin-message--error');
  });
});
