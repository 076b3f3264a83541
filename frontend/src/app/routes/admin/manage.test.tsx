import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import type { CategoryResponse } from '@/api/generated';
import { jsonResponse as json, mockFetch } from '@/testing/fetch-mock';
import { makeProduct } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render';

import ManageProductsRoute from './manage';

// Issue 28, Manage Products with 10,000 products: the server searches and pages (100 at a time, its largest
// page); the page says which of them it shows and steps through them with Previous and Next.

const categories: CategoryResponse[] = [{ _id: 'c1', name: 'Phone Cases', parent: null, fullPath: 'Phone Cases', views: 0 }];

/** A shop of `total` products named 'Case 1' to 'Case {total}'; returns each products query the page asked. */
function serveProducts(total: number) {
  const asked: Record<string, string>[] = [];
  mockFetch((url) => {
    if (url.pathname === '/api/categories') return json(categories);
    if (url.pathname !== '/api/admin/products') return json({ message: 'Not found' }, 404);
    const query = Object.fromEntries(url.searchParams);
    asked.push(query);
    const offset = Number(query.offset);
    const count = Math.max(0, Math.min(Number(query.limit), total - offset));
    const products = Array.from({ length: count }, (_, at) => makeProduct({ name: `Case ${offset + at + 1}` }));
    return json({ products, total });
  });
  return asked;
}

const count = () => screen.getByText(/^(Products [0-9,]+ to [0-9,]+ of [0-9,]+|[0-9,]+ products?|No products found)$/);
function pager(): HTMLElement {
  const nav = document.querySelector<HTMLElement>('nav[aria-label="Pages"]');
  if (!nav) throw new Error('the pager is shown');
  return nav;
}
// Role queries over 100 products are slow in jsdom: the products' names are read from their headings directly.
const names = () => Array.from(document.querySelectorAll('article h3'), (heading) => heading.textContent);

/** Waits for the page whose first product is `first`, and checks it shows `shown` products. */
async function showsPage(first: string, shown: number) {
  await screen.findByText(first, { selector: 'article h3' });
  expect(names()).toHaveLength(shown);
  expect(names()[0]).toBe(first);
}

describe('Manage Products: a page of 100 of many, with Previous and Next', () => {
  it("says 'Products 1 to 100 of 10,000', asks the server for the next 100 on Next and back on Previous", async () => {
    const asked = serveProducts(10_000);
    renderWithProviders(<ManageProductsRoute />, { route: '/admin/manage' });
    const user = userEvent.setup();

    await showsPage('Case 1', 100);
    expect(count()).toHaveTextContent(/^Products 1 to 100 of 10,000$/);
    expect(count()).toHaveAttribute('aria-live', 'polite');
    expect(screen.getByRole('navigation', { name: 'Pages' })).toBe(pager());
    expect(asked).toEqual([{ limit: '100', offset: '0', stock: 'all' }]);
    expect(within(pager()).getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(within(pager()).getByRole('button', { name: 'Next' })).toBeEnabled();

    await user.click(within(pager()).getByRole('button', { name: 'Next' }));

    await showsPage('Case 101', 100);
    expect(count()).toHaveTextContent(/^Products 101 to 200 of 10,000$/);
    expect(asked.at(-1)).toEqual({ limit: '100', offset: '100', stock: 'all' });
    expect(within(pager()).getByRole('button', { name: 'Previous' })).toBeEnabled();

    await user.click(within(pager()).getByRole('button', { name: 'Next' }));

    await showsPage('Case 201', 100);
    expect(count()).toHaveTextContent(/^Products 201 to 300 of 10,000$/);
    expect(asked.at(-1)).toEqual({ limit: '100', offset: '200', stock: 'all' });

    await user.click(within(pager()).getByRole('button', { name: 'Previous' }));

    await showsPage('Case 101', 100);
    expect(count()).toHaveTextContent(/^Products 101 to 200 of 10,000$/);
    expect(asked.at(-1)).toEqual({ limit: '100', offset: '100', stock: 'all' });
    expect(asked.map((query) => query.offset)).toEqual(['0', '100', '200', '100']);
  });

  it('goes back to the first page when the search changes', async () => {
    const asked = serveProducts(10_000);
    renderWithProviders(<ManageProductsRoute />, { route: '/admin/manage' });
    const user = userEvent.setup();
    await showsPage('Case 1', 100);
    await user.click(within(pager()).getByRole('button', { name: 'Next' }));
    await showsPage('Case 101', 100);

    await user.selectOptions(screen.getByLabelText('Stock'), 'Low stock (1 to 3 left)');

    await showsPage('Case 1', 100);
    expect(asked.at(-1)).toEqual({ limit: '100', offset: '0', stock: 'low' });
    expect(count()).toHaveTextContent(/^Products 1 to 100 of 10,000$/);
    expect(within(pager()).getByRole('button', { name: 'Previous' })).toBeDisabled();
  });

  it("shows the last, shorter page as 'Products 201 to 250 of 250' with Next disabled", async () => {
    const asked = serveProducts(250);
    renderWithProviders(<ManageProductsRoute />, { route: '/admin/manage' });
    const user = userEvent.setup();
    await showsPage('Case 1', 100);
    expect(count()).toHaveTextContent(/^Products 1 to 100 of 250$/);

    await user.click(within(pager()).getByRole('button', { name: 'Next' }));
    await showsPage('Case 101', 100);
    await user.click(within(pager()).getByRole('button', { name: 'Next' }));

    await showsPage('Case 201', 50);
    expect(count()).toHaveTextContent(/^Products 201 to 250 of 250$/);
    expect(within(pager()).getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(within(pager()).getByRole('button', { name: 'Previous' })).toBeEnabled();
    expect(asked.map((query) => query.offset)).toEqual(['0', '100', '200']);
  });

  it("has no pager when every product fits one page, and says '100 products'", async () => {
    serveProducts(100);
    renderWithProviders(<ManageProductsRoute />, { route: '/admin/manage' });

    await showsPage('Case 1', 100);
    expect(count()).toHaveTextContent(/^100 products$/);
    expect(screen.queryByRole('navigation', { name: 'Pages' })).not.toBeInTheDocument();
  });
});
