import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { sendCategoryView } from '@/features/categories/api/count-category-view';
import { resetCountedViews } from '@/features/categories/lib/view-count';
import { jsonResponse, mockFetch } from '@/testing/fetch-mock';
import { makeProduct } from '@/testing/fixtures';
import { MemoryStorage } from '@/testing/memory-storage';
import { renderWithProviders } from '@/testing/render';

import CategoryRoute from './category';

const category = { _id: '1', name: 'Phone Cases', parent: null, fullPath: 'Phone Cases', views: 4 };

const priced = (name: string, finalPrice: number) => makeProduct({ name, price: finalPrice, finalPrice });

const fullPage = {
  category,
  parentProducts: [priced('Universal Pouch', 900), priced('Magnetic Ring', 400), priced('Lanyard', 650)],
  children: [
    { _id: '3', name: 'Samsung Cases', products: [priced('A54 Clear', 809), priced('S24 Armor', 2999), priced('S23 Silicone', 1599)] },
    { _id: '2', name: 'iPhone Cases', products: [] },
  ],
};

let storage: MemoryStorage;

beforeEach(() => {
  storage = new MemoryStorage();
  vi.stubGlobal('localStorage', storage);
});

afterEach(() => {
  resetCountedViews();
});

function setup(page: (() => Response | Promise<Response>) | object, views: () => Response | Promise<Response> = () => jsonResponse({ views: 5 })) {
  const requests: string[] = [];
  mockFetch((url, request) => {
    requests.push(`${request.method} ${url.pathname}`);
    if (url.pathname === '/api/categories/with-products/1') return typeof page === 'function' ? (page as () => Response)() : jsonResponse(page);
    if (url.pathname === '/api/categories/increment-view/1') return views();
    return jsonResponse({ message: 'No such resource.' }, 404);
  });
  renderWithProviders(<CategoryRoute />, { route: '/category/1', path: '/category/:id' });
  return { requests, user: userEvent.setup() };
}

function namesIn(sectionName: string) {
  const section = screen.getByRole('region', { name: sectionName });
  return within(section)
    .getAllByRole('article')
    .map((card) => within(card).getByRole('heading').textContent);
}

describe('Category page', () => {
  it("shows 'Loading category...' while loading", () => {
    setup(() => new Promise<Response>(() => undefined));
    expect(screen.getByText('Loading category...')).toBeInTheDocument();
  });

  it("titles the page with the category, shows 'Products in {name}' and a section per child, low to high", async () => {
    setup(fullPage);
    expect(await screen.findByRole('heading', { level: 1, name: 'Phone Cases' })).toBeInTheDocument();
    // The sections under the first grid come in a second render.
    await screen.findByRole('region', { name: 'iPhone Cases' });
    expect(namesIn('Products in Phone Cases')).toEqual(['Magnetic Ring', 'Lanyard', 'Universal Pouch']);
    expect(namesIn('Samsung Cases')).toEqual(['A54 Clear', 'S23 Silicone', 'S24 Armor']);
    expect(within(screen.getByRole('region', { name: 'iPhone Cases' })).getByText('No products found.')).toBeInTheDocument();
    expect(screen.queryByText('No products found in this category.')).not.toBeInTheDocument();
  });

  it('sorts every grid on its own from the dropdown, with a tick on the chosen order', async () => {
    const { user } = setup(fullPage);
    const sort = await screen.findByRole('button', { name: 'Sort by: Price: Low to High' });
    await user.click(sort);
    const menu = within(screen.getByRole('menu', { name: 'Sort by price' }));
    const lowToHigh = menu.getByRole('menuitemradio', { name: 'Price: Low to High' });
    expect(lowToHigh).toHaveAttribute('aria-checked', 'true');
    expect(lowToHigh).toHaveTextContent('✓');

    await user.click(menu.getByRole('menuitemradio', { name: 'Price: High to Low' }));

    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sort by: Price: High to Low' })).toHaveFocus();
    expect(namesIn('Products in Phone Cases')).toEqual(['Universal Pouch', 'Lanyard', 'Magnetic Ring']);
    expect(namesIn('Samsung Cases')).toEqual(['S24 Armor', 'S23 Silicone', 'A54 Clear']);
    await user.click(screen.getByRole('button', { name: 'Sort by: Price: High to Low' }));
    const highToLow = screen.getByRole('menuitemradio', { name: 'Price: High to Low' });
    expect(highToLow).toHaveAttribute('aria-checked', 'true');
    expect(highToLow).toHaveFocus();
    expect(screen.getByRole('menuitemradio', { name: 'Price: Low to High' })).toHaveAttribute('aria-checked', 'false');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  describe('a big category', () => {
    // 30 products of the category itself (Rs 101 to 130) and 13 in a child (Rs 201 to 213), shuffled.
    const own = Array.from({ length: 30 }, (_, i) => priced(`Own ${101 + i}`, 101 + i)).reverse();
    const child = Array.from({ length: 13 }, (_, i) => priced(`Child ${201 + i}`, 201 + i)).reverse();
    const big = { category, parentProducts: own, children: [{ _id: '3', name: 'Samsung Cases', products: child }] };
    const names = (from: number, to: number, prefix: string) => Array.from({ length: to - from + 1 }, (_, i) => `${prefix} ${from + i}`);

    it("draws 12 cards per section and 'Show more products' adds 12 at a time, then goes", async () => {
      const { user } = setup(big);
      await screen.findByRole('region', { name: 'Samsung Cases' });
      const own = screen.getByRole('region', { name: 'Products in Phone Cases' });
      expect(namesIn('Products in Phone Cases')).toEqual(names(101, 112, 'Own'));
      expect(namesIn('Samsung Cases')).toEqual(names(201, 212, 'Child'));

      const more = within(own).getByRole('button', { name: 'Show more products' });
      await user.click(more);
      expect(namesIn('Products in Phone Cases')).toEqual(names(101, 124, 'Own'));
      expect(within(own).getByText('Showing 24 products')).toBeInTheDocument();
      expect(more).toHaveFocus();
      expect(namesIn('Samsung Cases')).toHaveLength(12);

      await user.click(more);
      expect(namesIn('Products in Phone Cases')).toEqual(names(101, 130, 'Own'));
      expect(within(own).queryByRole('button', { name: 'Show more products' })).not.toBeInTheDocument();
      // The button went away: the focus is on the first card it revealed.
      expect(within(own).getAllByRole('link', { name: 'Own 125' })[0]).toHaveFocus();
    });

    it('sorts all of a section and shows the first 12 of that order', async () => {
      const { user } = setup(big);
      await user.click(await screen.findByRole('button', { name: 'Sort by: Price: Low to High' }));
      await user.click(screen.getByRole('menuitemradio', { name: 'Price: High to Low' }));
      expect(namesIn('Products in Phone Cases')).toEqual(names(119, 130, 'Own').reverse());
      expect(namesIn('Samsung Cases')).toEqual(names(202, 213, 'Child').reverse());
    });

    it('loads the first row of the first grid at once with high priority, every other picture lazily', async () => {
      setup(big);
      await screen.findByRole('region', { name: 'Samsung Cases' });
      const loading = (section: string) =>
        within(screen.getByRole('region', { name: section }))
          .getAllByRole('img')
          .map((image) => `${image.getAttribute('loading')} ${image.getAttribute('fetchpriority')}`);
      expect(loading('Products in Phone Cases')).toEqual(['eager high', 'eager high', ...Array<string>(10).fill('lazy auto')]);
      expect(loading('Samsung Cases')).toEqual(Array<string>(12).fill('lazy auto'));
    });

    it('loads the first child grid eagerly when the category has no products of its own', async () => {
      setup({ ...big, parentProducts: [], children: [{ _id: '2', name: 'iPhone Cases', products: [] }, ...big.children] });
      await screen.findByRole('heading', { level: 1, name: 'Phone Cases' });
      const images = within(screen.getByRole('region', { name: 'Samsung Cases' })).getAllByRole('img');
      expect(images.slice(0, 3).map((image) => image.getAttribute('fetchpriority'))).toEqual(['high', 'high', 'auto']);
    });
  });

  it("says 'No products found in this category.' when the category and its children are empty", async () => {
    setup({ category, parentProducts: [], children: [{ _id: '3', name: 'Samsung Cases', products: [] }] });
    expect(await screen.findByText('No products found in this category.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Samsung Cases' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Sort by/ })).not.toBeInTheDocument();
  });

  it("leaves out 'Products in {name}' when the category holds no products of its own", async () => {
    setup({ ...fullPage, parentProducts: [] });
    await screen.findByRole('region', { name: 'Samsung Cases' });
    expect(screen.queryByRole('region', { name: 'Products in Phone Cases' })).not.toBeInTheDocument();
  });

  it("shows 'Failed to load category' and a retry when the call fails", async () => {
    const { requests } = setup(() => jsonResponse({ message: 'boom' }, 500));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load category');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(requests).not.toContain('PUT /api/categories/increment-view/1');
  });

  it('shows a not-found page with one message for an unknown category', async () => {
    setup(() => jsonResponse({ message: 'Category not found.' }, 404));
    expect(await screen.findByRole('heading', { level: 1, name: 'Category not found' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('This category does not exist or has been removed.');
    expect(screen.queryByText('Failed to load category')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  describe('view counting', () => {
    it('counts the view after the page loads and sets category_viewed_{id} once the call succeeds', async () => {
      let answer!: (response: Response) => void;
      const { requests } = setup(fullPage, () => new Promise<Response>((resolve) => (answer = resolve)));
      await screen.findByRole('heading', { level: 1, name: 'Phone Cases' });
      await waitFor(() => {
        expect(requests).toContain('PUT /api/categories/increment-view/1');
      });
      expect(storage.getItem('category_viewed_1')).toBeNull();

      answer(jsonResponse({ views: 5 }));

      await waitFor(() => {
        expect(storage.getItem('category_viewed_1')).not.toBeNull();
      });
      expect(requests.filter((line) => line.startsWith('PUT'))).toHaveLength(1);
    });

    it('sets no flag when the call fails', async () => {
      const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      const { requests } = setup(fullPage, () => jsonResponse({ message: 'boom' }, 500));
      await screen.findByRole('heading', { level: 1, name: 'Phone Cases' });
      await waitFor(() => {
        expect(logged).toHaveBeenCalled();
      });
      expect(requests).toContain('PUT /api/categories/increment-view/1');
      expect(storage.getItem('category_viewed_1')).toBeNull();
    });

    it('sends nothing when this browser has counted the category before', async () => {
      storage.setItem('category_viewed_1', 'true');
      const readFlag = vi.spyOn(storage, 'getItem');
      const { requests } = setup(fullPage);
      await screen.findByRole('heading', { level: 1, name: 'Phone Cases' });
      // The page has read the flag, so it has decided. A view it had sent would go through the same client
      // before a view sent now, so once this one is out, the page's would be too.
      await waitFor(() => {
        expect(readFlag).toHaveBeenCalledWith('category_viewed_1');
      });
      void sendCategoryView('2').catch(() => undefined);
      await waitFor(() => {
        expect(requests).toContain('PUT /api/categories/increment-view/2');
      });
      expect(requests.filter((line) => line.startsWith('PUT'))).toEqual(['PUT /api/categories/increment-view/2']);
    });
  });
});
