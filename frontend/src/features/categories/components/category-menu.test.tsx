import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { jsonResponse, mockFetch } from '@/testing/fetch-mock';
import { renderWithProviders } from '@/testing/render';

import { CategoryMenu } from './category-menu';
import { loadCategoryList } from './lazy-category-list';

// The open menu's list is a lazy module: load it now, so no wait below depends on how long it takes to compile.
await loadCategoryList();

const categories = [
  { _id: '1', name: 'Phone Cases', parent: null, fullPath: 'Phone Cases', views: 0 },
  { _id: '3', name: 'Samsung Cases', parent: '1', fullPath: 'Phone Cases > Samsung Cases', views: 0 },
  { _id: '2', name: 'iPhone Cases', parent: '1', fullPath: 'Phone Cases > iPhone Cases', views: 0 },
  { _id: '18', name: 'Power Banks', parent: null, fullPath: 'Power Banks', views: 0 },
];

function setup() {
  mockFetch((url) => (url.pathname === '/api/categories' ? jsonResponse(categories) : jsonResponse({ message: 'Not found' }, 404)));
  renderWithProviders(
    <>
      <CategoryMenu />
      <p>Elsewhere</p>
    </>,
  );
  return { user: userEvent.setup(), button: screen.getByRole('button', { name: 'Categories' }) };
}

describe('CategoryMenu', () => {
  it('expands and collapses entries with sub-categories instead of navigating', async () => {
    const { user, button } = setup();
    await user.click(button);
    const cases = await screen.findByRole('button', { name: /^Phone Cases/ });
    expect(cases).toHaveAttribute('aria-expanded', 'false');

    await user.click(cases);
    expect(cases).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'Samsung Cases' })).toHaveAttribute('href', '/category/3');
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();

    await user.click(cases);
    expect(screen.queryByRole('link', { name: 'Samsung Cases' })).not.toBeInTheDocument();
  });

  it('navigates to /category/{id} from an entry without sub-categories, closing the menu', async () => {
    const { user, button } = setup();
    await user.click(button);
    await user.click(await screen.findByRole('button', { name: /^Phone Cases/ }));

    await user.click(screen.getByRole('link', { name: 'Samsung Cases' }));

    expect(screen.getByTestId('location')).toHaveTextContent('/category/3');
  });

  it("opens a top category's own page of all its products from its unfolded entry, closing the menu", async () => {
    const { user, button } = setup();
    await user.click(button);
    await user.click(await screen.findByRole('button', { name: /^Phone Cases/ }));
    const all = screen.getByRole('link', { name: 'All Phone Cases' });
    expect(all).toHaveAttribute('href', '/category/1');

    await user.click(all);

    expect(screen.getByTestId('location')).toHaveTextContent('/category/1');
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('toggles on click', async () => {
    const { user, button } = setup();
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Enter}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('stays open while the pointer moves from the button into the panel, and closes 150 ms after it leaves', async () => {
    const { user, button } = setup();
    await user.hover(button);
    await user.hover(await screen.findByRole('link', { name: 'Power Banks' }));
    expect(button).toHaveAttribute('aria-expanded', 'true');

    const left = Date.now();
    await user.hover(screen.getByText('Elsewhere'));
    expect(button).toHaveAttribute('aria-expanded', 'true');
    await waitFor(() => {
      expect(button).toHaveAttribute('aria-expanded', 'false');
    });
    expect(Date.now() - left).toBeGreaterThanOrEqual(140);
  });

  it('lists every category when the shop has more than one page of them', async () => {
    const many = Array.from({ length: 150 }, (_, index) => ({
      _id: String(index + 1),
      name: `Category ${String(index + 1).padStart(3, '0')}`,
      parent: null,
      fullPath: `Category ${String(index + 1).padStart(3, '0')}`,
      views: 0,
    }));
    mockFetch((url) => {
      const offset = Number(url.searchParams.get('offset'));
      return jsonResponse(many.slice(offset, offset + Number(url.searchParams.get('limit'))));
    });
    renderWithProviders(<CategoryMenu />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Categories' }));

    expect(await screen.findByRole('link', { name: 'Category 150' })).toHaveAttribute('href', '/category/150');
    expect(screen.getAllByRole('link', { name: /^Category \d{3}$/ })).toHaveLength(150);
  });

  it('closes on a tap elsewhere, and on Escape with focus back on the button', async () => {
    const { user, button } = setup();
    await user.click(button);
    await user.pointer({ keys: '[TouchA]', target: screen.getByText('Elsewhere') });
    expect(button).toHaveAttribute('aria-expanded', 'false');

    await user.click(button);
    await user.tab();
    await user.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
  });
});
