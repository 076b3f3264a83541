import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { jsonResponse as json, mockFetch } from '@/testing/fetch-mock';
import { makeReview } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render';

import { ItemReview } from './item-review';

beforeEach(() => {
  let previews = 0;
  URL.createObjectURL = vi.fn(() => `blob:preview-${++previews}`);
  URL.revokeObjectURL = vi.fn();
});

function setup({ reviewed = false, submit = () => json({ success: true, message: 'Thank you for your review!', review: makeReview() }, 201) } = {}) {
  const sent: Request[] = [];
  mockFetch((url, request) => {
    sent.push(request.clone());
    return url.pathname === '/api/reviews/internal-submit' ? submit() : json({ message: 'No such resource.' }, 404);
  });
  renderWithProviders(<ItemReview productId="12" orderId="40" productName="Phone Case" reviewed={reviewed} defaultName="Ayesha Khan" />);
  return { sent, user: userEvent.setup({ applyAccept: false }) };
}

describe('ItemReview (My Orders)', () => {
  it("shows 'Reviewed' for an item reviewed already, and no button", () => {
    setup({ reviewed: true });
    expect(screen.getByText('Reviewed')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it("toggles the internal form with 'Write Review' and 'Cancel'; the rating starts at 5", async () => {
    const { user } = setup();
    const toggle = screen.getByRole('button', { name: 'Write Review of Phone Case' });
    expect(toggle).toHaveTextContent('Write Review');
    await user.click(toggle);
    expect(toggle).toHaveTextContent('Cancel');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const form = within(screen.getByRole('form', { name: 'Review of Phone Case' }));
    expect(form.getByRole('radio', { name: '5 stars' })).toBeChecked();
    expect(form.getByLabelText('Your name')).toHaveValue('Ayesha Khan');
    await user.click(toggle);
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(toggle).toHaveTextContent('Write Review');
  });

  it("asks for every field ('Please fill out all fields.') and checks the pictures with the internal form's texts", async () => {
    const { user, sent } = setup();
    await user.click(screen.getByRole('button', { name: 'Write Review of Phone Case' }));
    const form = within(screen.getByRole('form', { name: 'Review of Phone Case' }));

    await user.click(form.getByRole('button', { name: 'Submit Review' }));
    expect(form.getByRole('alert')).toHaveTextContent('Please fill out all fields.');
    await user.clear(form.getByLabelText('Your name'));
    await user.type(form.getByLabelText('Comment'), 'Nice.');
    await user.click(form.getByRole('button', { name: 'Submit Review' }));
    expect(form.getByRole('alert')).toHaveTextContent('Please fill out all fields.');

    await user.upload(form.getByLabelText('Photos (optional)'), new File(['hi'], 'notes.txt', { type: 'text/plain' }));
    // Pictures are shrunk first (a chunk loaded on the first pick): the outcome follows.
    await waitFor(() => {
      expect(form.getByRole('alert')).toHaveTextContent('Only image files are allowed.');
    });
    const pngs = ['a', 'b', 'c', 'd', 'e', 'f'].map((n) => new File([new Uint8Array(4)], `${n}.png`, { type: 'image/png' }));
    await user.upload(form.getByLabelText('Photos (optional)'), pngs);
    await waitFor(() => {
      expect(form.getByRole('alert')).toHaveTextContent('You can upload up to 5 images.');
    });
    expect(form.getAllByRole('img', { name: /^Photo \d/ })).toHaveLength(5);
    expect(sent).toHaveLength(0);
  });

  it("sends the review for the (product, order) pair and then says 'Reviewed' and thank you", async () => {
    const { user, sent } = setup();
    await user.click(screen.getByRole('button', { name: 'Write Review of Phone Case' }));
    const form = within(screen.getByRole('form', { name: 'Review of Phone Case' }));
    await user.type(form.getByLabelText('Comment'), 'Snug fit.');
    await user.click(form.getByRole('radio', { name: '3 stars' }));
    await user.click(form.getByRole('button', { name: 'Submit Review' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Thank you for your review!');
    expect(screen.getByText('Reviewed')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Write Review|Cancel/ })).not.toBeInTheDocument();
    const request = sent.find((one) => new URL(one.url).pathname === '/api/reviews/internal-submit');
    const body = await request?.formData();
    expect([body?.get('productId'), body?.get('orderId'), body?.get('reviewerName'), body?.get('rating'), body?.get('comment')]).toEqual([
      '12',
      '40',
      'Ayesha Khan',
      '3',
      'Snug fit.',
    ]);
    expect([...(body?.keys() ?? [])].slice(0, 2)).toEqual(['productId', 'orderId']);
  });

  it('shows the server message when the review is refused', async () => {
    const { user } = setup({ submit: () => json({ message: 'You have already reviewed this product for this order.' }, 409) });
    await user.click(screen.getByRole('button', { name: 'Write Review of Phone Case' }));
    const form = within(screen.getByRole('form', { name: 'Review of Phone Case' }));
    await user.type(form.getByLabelText('Comment'), 'Again.');
    await user.click(form.getByRole('button', { name: 'Submit Review' }));
    expect(await form.findByText('You have already reviewed this product for this order.')).toBeInTheDocument();
  });
});
