import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { jsonResponse as json, mockFetch } from '@/testing/fetch-mock';
import { makeReview } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render';

import { TokenReview } from './token-review';

const link = { productName: 'Spigen Tough Armor', productId: '12', userId: '7' };

function png(name: string, bytes = 4): File {
  return new File([new Uint8Array(bytes)], name, { type: 'image/png' });
}

let previews = 0;
const revoked = vi.fn();
beforeEach(() => {
  URL.createObjectURL = vi.fn(() => `blob:preview-${++previews}`);
  URL.revokeObjectURL = revoked;
});
afterEach(() => {
  vi.unstubAllGlobals();
});

interface Answers {
  verify?: () => Response | Promise<Response>;
  submit?: () => Response;
}

function setup(token: string, { verify = () => json(link), submit = () => json({ success: true, message: 'Thank you for your review!', review: makeReview({ status: 'pending' }) }, 201) }: Answers = {}) {
  const sent: Request[] = [];
  const requested = mockFetch((url, request) => {
    if (url.pathname === '/api/review-tokens/verify') return verify();
    if (url.pathname === '/api/review-tokens/submit') {
      sent.push(request.clone());
      return submit();
    }
    return json({ message: 'No such resource.' }, 404);
  });
  renderWithProviders(<TokenReview token={token} />, { route: `/review?token=${token}`, path: '/review' });
  return { sent, requested, user: userEvent.setup({ applyAccept: false }) };
}

async function form() {
  return within(await screen.findByRole('form', { name: 'Review of Spigen Tough Armor' }));
}

describe('TokenReview', () => {
  it("says 'Missing review token.' without a token, and asks nothing", () => {
    const { requested } = setup('');
    expect(screen.getByRole('alert')).toHaveTextContent('Missing review token.');
    expect(requested).toEqual([]);
  });

  it.each([
    ['an unknown token', () => json({ message: 'Invalid or expired token.' }, 404), 'Invalid or expired token.'],
    ['a used token', () => json({ message: 'This review link has already been used.' }, 410), 'This review link has already been used.'],
    ['an answer without a message', () => new Response('oops', { status: 500 }), 'Invalid or expired token.'],
    ['no answer at all', () => Promise.reject(new TypeError('offline')), 'Invalid or expired token.'],
  ])('shows the server message, else the fallback, for %s', async (_case, verify, message) => {
    setup('abc', { verify });
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });

  it('verifies the token, shows the product name and needs a name, then a rating, before sending', async () => {
    const { user, sent, requested } = setup('abc');
    const review = await form();
    expect(requested).toEqual(['/api/review-tokens/verify']);
    expect(screen.getByText('Spigen Tough Armor')).toBeInTheDocument();
    expect(review.getByRole('group', { name: 'Rating' })).toBeInTheDocument();
    expect(review.getAllByRole('radio').map((radio) => (radio as HTMLInputElement).checked)).toEqual([false, false, false, false, false]);
    expect(review.getByLabelText('Comment (optional)')).not.toBeRequired();

    await user.click(review.getByRole('button', { name: 'Submit Review' }));
    expect(review.getByRole('alert')).toHaveTextContent('Please enter your name.');
    expect(review.getByLabelText('Your name')).toHaveAttribute('aria-invalid', 'true');
    expect(review.getByLabelText('Your name')).toHaveAccessibleDescription('Please enter your name.');

    await user.type(review.getByLabelText('Your name'), 'Ayesha');
    await user.click(review.getByRole('button', { name: 'Submit Review' }));
    expect(review.getByRole('alert')).toHaveTextContent('Please provide a valid rating.');
    expect(review.getByRole('group', { name: 'Rating' })).toHaveAccessibleDescription('Please provide a valid rating.');
    expect(sent).toHaveLength(0);
  });

  it('brings the page back to its top, where the thank-you shows, once the review is sent', async () => {
    const scrolled = vi.spyOn(window, 'scrollTo');
    const { user } = setup('abc');
    const review = await form();
    await user.type(review.getByLabelText('Your name'), 'Ayesha');
    await user.click(review.getByRole('radio', { name: '5 stars' }));
    expect(scrolled).not.toHaveBeenCalled();

    await user.click(review.getByRole('button', { name: 'Submit Review' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Thank you for your review!');
    expect(scrolled).toHaveBeenCalledWith(0, 0);
    scrolled.mockRestore();
  });

  it('refuses files that are not pictures, keeps 5 pictures at most, and sends what is left after a removal', async () => {
    const { user, sent } = setup('abc');
    const review = await form();
    const input = review.getByLabelText('Photos (optional)');

    await user.upload(input, new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' }));
    // Pictures are shrunk first (a chunk loaded on the first pick): the outcome follows.
    await waitFor(() => {
      expect(review.getByRole('alert')).toHaveTextContent('Only image files (jpg, png, etc.) are allowed.');
    });
    expect(review.queryByRole('list', { name: 'Chosen photos' })).not.toBeInTheDocument();

    await user.upload(input, ['1', '2', '3', '4', '5', '6'].map((n) => png(`p${n}.png`)));
    await waitFor(() => {
      expect(review.getByRole('alert')).toHaveTextContent('You can only upload up to 5 images.');
    });
    const chosen = within(review.getByRole('list', { name: 'Chosen photos' }));
    expect(chosen.getAllByRole('img').map((img) => img.getAttribute('alt'))).toEqual([
      'Photo 1: p1.png',
      'Photo 2: p2.png',
      'Photo 3: p3.png',
      'Photo 4: p4.png',
      'Photo 5: p5.png',
    ]);
    expect(input).toBeDisabled();

    await user.click(chosen.getByRole('button', { name: 'Remove photo 2 (p2.png)' }));
    expect(chosen.getAllByRole('img')).toHaveLength(4);
    expect(revoked).toHaveBeenCalledWith('blob:preview-2');

    await user.type(review.getByLabelText('Your name'), '  Ayesha ');
    await user.click(review.getByRole('radio', { name: '4 stars' }));
    await user.type(review.getByLabelText('Comment (optional)'), 'Fits well.');
    await user.click(review.getByRole('button', { name: 'Submit Review' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Thank you for your review!');
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    const body = await sent[0]?.formData();
    expect(body?.get('token')).toBe('abc');
    expect(body?.get('reviewerName')).toBe('Ayesha');
    expect(body?.get('rating')).toBe('4');
    expect(body?.get('comment')).toBe('Fits well.');
    expect(body?.getAll('images')).toHaveLength(4);
    // The server decides the link at the first picture, before reading it: the token comes first, the
    // pictures last.
    const keys = [...(body?.keys() ?? [])];
    expect(keys[0]).toBe('token');
    expect(keys.slice(keys.indexOf('images'))).toEqual(['images', 'images', 'images', 'images']);
  });

  it.each([
    ['the server message', () => json({ message: 'This review link has already been used.' }, 410), 'This review link has already been used.'],
    ["'Failed to submit review.' without one", () => new Response('', { status: 502 }), 'Failed to submit review.'],
  ])('shows %s when the review is refused', async (_case, submit, message) => {
    const { user } = setup('abc', { submit });
    const review = await form();
    await user.type(review.getByLabelText('Your name'), 'Ayesha');
    await user.click(review.getByRole('radio', { name: '5 stars' }));
    await user.click(review.getByRole('button', { name: 'Submit Review' }));
    await waitFor(() => {
      expect(review.getByRole('alert')).toHaveTextContent(message);
    });
    expect(screen.queryByText('Thank you for your review!')).not.toBeInTheDocument();
  });
});
