import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { makeProduct } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render';

import { ProductCard } from './product-card';

function renderCard(overrides: Parameters<typeof makeProduct>[0] = {}) {
  const product = makeProduct({ _id: '12', name: 'Spigen Tough Armor — Galaxy S24', ...overrides });
  renderWithProviders(<ProductCard product={product} />);
  return screen.getByRole('article', { name: 'Spigen Tough Armor — Galaxy S24' });
}

describe('ProductCard', () => {
  it('shows the name, the first image linking to the product and the shown price', () => {
    const card = renderCard({ media: [{ url: '/media/ab12.png', kind: 'image', width: 800, variants: [] }] });
    const image = within(card).getByRole('img', { name: 'Spigen Tough Armor — Galaxy S24' });
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(image).toHaveAttribute('width', '300');
    expect(image).toHaveAttribute('height', '300');
    expect(image.getAttribute('src')).toMatch(/\/media\/ab12\.png$/);
    expect(image.closest('a')).toHaveAttribute('href', '/product/12');
    expect(within(card).getByRole('heading', { name: 'Spigen Tough Armor — Galaxy S24' })).toBeInTheDocument();
    expect(within(card).getByText('Rs 3,500')).toBeInTheDocument();
  });

  it('draws the price line as the product page does: the price, then the list price struck through', () => {
    const card = renderCard({ price: 2000, salePrice: 1500, finalPrice: 1500, discount: 25 });

    expect(card.querySelector('.product-card__price')?.outerHTML).toBe(
      '<p class="product-card__price"><span class="visually-hidden">Price: </span><strong>Rs 1,500</strong> <span class="visually-hidden">Original price: </span><s>Rs 2,000</s></p>',
    );
  });

  it('loads the picture at once, first, for a card at the top of the page', () => {
    const product = makeProduct({ _id: '3', name: 'Top Card', media: [{ url: '/media/t.png', kind: 'image', width: 800, variants: [] }] });
    renderWithProviders(<ProductCard product={product} eager />);

    const image = screen.getByRole('img', { name: 'Top Card' });
    expect(image).toHaveAttribute('loading', 'eager');
    expect(image).toHaveAttribute('fetchpriority', 'high');
  });

  it('offers the narrower WebP copies through srcset, sized for the grid', () => {
    const card = renderCard({
      media: [{ url: '/media/ab12.jpg', kind: 'image', width: 480, variants: [{ url: '/media/ab12-320.webp', width: 320 }] }],
    });
    const image = within(card).getByRole('img', { name: 'Spigen Tough Armor — Galaxy S24' });
    expect(image.getAttribute('srcset')).toMatch(/\/media\/ab12-320\.webp 320w, .*\/media\/ab12\.jpg 480w$/);
    expect(image).toHaveAttribute('sizes', expect.stringContaining('48vw'));
  });

  it('shows no image rather than a video in the picture slot', () => {
    const card = renderCard({ media: [{ url: '/media/clip.mp4', kind: 'video', width: null, variants: [] }] });
    expect(within(card).queryByRole('img')).not.toBeInTheDocument();
    expect(within(card).getByText('No image')).toBeInTheDocument();
  });

  it('shows no struck price and no badges when not discounted and delivery is charged', () => {
    const card = renderCard();
    expect(card.querySelector('s')).toBeNull();
    expect(within(card).queryByText(/% OFF$/)).not.toBeInTheDocument();
    expect(within(card).queryByText('Free Delivery')).not.toBeInTheDocument();
  });

  it('shows the final price, the struck list price and the percent badge when discounted', () => {
    const card = renderCard({ price: 3500, salePrice: 2999, finalPrice: 2999, discount: 14 });
    expect(within(card).getByText('Rs 2,999')).toBeInTheDocument();
    const struck = within(card).getByText('Rs 3,500');
    expect(struck.tagName).toBe('S');
    expect(within(card).getByText('14% OFF')).toBeInTheDocument();
  });

  it('shows the Free Delivery badge when delivery is free', () => {
    const card = renderCard({ freeDelivery: true });
    expect(within(card).getByText('Free Delivery')).toBeInTheDocument();
  });

  it("shows 'Only 2 left' when stock is 2", () => {
    const card = renderCard({ stock: 2, quantity: 2 });
    expect(within(card).getByText('Only 2 left')).toBeInTheDocument();
  });

  it("shows the product's average with one decimal and 5 stars under the name (a badge from tablets up, by CSS)", () => {
    const card = renderCard({ rating: 4.3, reviewCount: 3 });
    const rating = within(card).getByRole('img', { name: 'Rated 4.3 out of 5' });
    expect(rating.closest('.product-card__rating')).not.toBeNull();
    expect(rating.style.getPropertyValue('--stars')).toBe('4.5');
    expect(rating).toHaveTextContent('4.3');
  });

  it('shows no rating for a product without approved reviews', () => {
    const card = renderCard({ rating: null, reviewCount: 0 });
    expect(within(card).queryByRole('img', { name: /^Rated/ })).not.toBeInTheDocument();
  });

  it('shows no low-stock text at 3', () => {
    const card = renderCard({ stock: 3, quantity: 3 });
    expect(within(card).queryByText(/^Only \d+ left$/)).not.toBeInTheDocument();
  });

  it('shows the buttons the page composes in, described by the product name', () => {
    const product = makeProduct({ name: 'Baseus Cable' });
    renderWithProviders(
      <ProductCard
        product={product}
        renderActions={(describedBy) => (
          <button type="button" aria-describedby={describedBy}>
            Add
          </button>
        )}
      />,
    );
    const card = screen.getByRole('article', { name: 'Baseus Cable' });
    expect(within(card).getByRole('button', { name: 'Add' })).toHaveAccessibleDescription('Baseus Cable');
  });

  it('shows no buttons when the page composes none, and says when it is out of stock', () => {
    const card = renderCard({ stock: 0, quantity: 0 });
    expect(within(card).queryByRole('button')).not.toBeInTheDocument();
    expect(within(card).getByText('Out of Stock')).toBeInTheDocument();
    expect(within(card).queryByText(/^Only \d+ left$/)).not.toBeInTheDocument();
  });

  describe('with an Urdu name', () => {
    it('shows the Urdu name on an Urdu page', () => {
      const product = makeProduct({ _id: '7', name: 'Fast Charger', nameUr: 'تیز چارجر' });
      renderWithProviders(<ProductCard product={product} />, { language: 'ur' });

      const card = screen.getByRole('article', { name: 'تیز چارجر' });
      expect(within(card).getByRole('heading', { name: 'تیز چارجر' })).toBeInTheDocument();
      expect(within(card).getByRole('img', { name: 'تیز چارجر' })).toBeInTheDocument();
    });

    it('shows the English name on an English page, and on an Urdu page when there is no Urdu name', () => {
      renderWithProviders(<ProductCard product={makeProduct({ _id: '8', name: 'Fast Charger', nameUr: 'تیز چارجر' })} />);
      expect(screen.getByRole('heading', { name: 'Fast Charger' })).toBeInTheDocument();

      renderWithProviders(<ProductCard product={makeProduct({ _id: '9', name: 'USB Cable', nameUr: null })} />, { language: 'ur' });
      expect(screen.getByRole('heading', { name: 'USB Cable' })).toBeInTheDocument();
    });
  });
});
