import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { makeReview } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render';

import type { Review } from '../api/get-approved-reviews';

import { ReviewList } from './review-list';

const now = new Date('2025-06-15T12:00:00Z');

function review(overrides: Partial<Review> = {}): Review {
  return makeReview({ _id: 'r1', ...overrides });
}

function renderList(reviews: Review[]) {
  renderWithProviders(<ReviewList reviews={reviews} now={now} />);
  return within(screen.getByRole('region', { name: 'Customer Reviews' }));
}

describe('ReviewList', () => {
  it("says 'No reviews yet for this product.' when there are none", () => {
    const section = renderList([]);
    expect(section.getByText('No reviews yet for this product.')).toBeInTheDocument();
    expect(section.queryByRole('listitem')).not.toBeInTheDocument();
  });

  it('shows the name, the stars, the comment and how long ago', () => {
    const section = renderList([review({ rating: 4 })]);
    const item = within(section.getByRole('listitem', { name: 'Ayesha' }));
    expect(item.getByRole('img', { name: 'Rated 4.0 out of 5' })).toBeInTheDocument();
    expect(item.getByText('Fits perfectly.')).toBeInTheDocument();
    expect(item.getByText('3 days ago')).toHaveAttribute('datetime', '2025-06-12T12:00:00.000Z');
  });

  it("falls back to 'Anonymous' without a reviewer name", () => {
    const section = renderList([review({ _id: 'a', reviewerName: '' }), review({ _id: 'b', reviewerName: '   ' })]);
    expect(section.getAllByRole('heading', { name: 'Anonymous' })).toHaveLength(2);
  });

  it("prefixes the admin's reply with the shop's name", () => {
    const section = renderList([review({ adminReply: 'Thank you for shopping with us!' })]);
    const reply = section.getByText('Thank you for shopping with us!', { exact: false });
    expect(reply).toHaveTextContent('Mobile Accessories: Thank you for shopping with us!');
  });

  it('opens a review image in a full-screen lightbox, steps through and closes with Escape', async () => {
    const user = userEvent.setup();
    const section = renderList([review({ images: ['/media/r1.jpg', '/media/r2.jpg'] })]);
    const opener = section.getByRole('button', { name: "Open image 2 of 2 from Ayesha's review" });

    await user.click(opener);

    const dialog = screen.getByRole('dialog', { name: "Images from Ayesha's review" });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(within(dialog).getByRole('img', { name: 'Review image 2 of 2' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Next image' }));
    expect(within(dialog).getByRole('img', { name: 'Review image 1 of 2' })).toBeInTheDocument();

    await user.keyboard('{Escape}');

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('offers the WebP copies of a review picture through srcset', () => {
    const section = renderList([
      review({ images: ['/media/r1.webp'], imageVariants: [[{ url: '/media/r1-320.webp', width: 320 }, { url: '/media/r1-640.webp', width: 640 }]] }),
    ]);
    const thumbnail = section.getByRole('button', { name: "Open image 1 of 1 from Ayesha's review" }).querySelector('img');
    expect(thumbnail?.getAttribute('srcset')).toMatch(/\/media\/r1-320\.webp 320w, .*\/media\/r1-640\.webp 640w$/);
    expect(thumbnail).toHaveAttribute('sizes', '72px');
  });

  it('shows an error icon for an image that fails to load', async () => {
    const user = userEvent.setup();
    const section = renderList([review({ images: ['/media/missing.jpg'] })]);
    await user.click(section.getByRole('button', { name: "Open image 1 of 1 from Ayesha's review" }));
    const dialog = within(screen.getByRole('dialog'));

    fireEvent.error(dialog.getByRole('img', { name: 'Review image 1 of 1' }));

    expect(dialog.getByRole('img', { name: 'Review image 1 of 1 (failed to load)' })).toBeInTheDocument();
    expect(dialog.queryByRole('img', { name: 'Review image 1 of 1' })).not.toBeInTheDocument();
  });
});
