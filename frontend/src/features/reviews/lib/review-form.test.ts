import { describe, expect, it } from 'vitest';

import { acceptImages, isReviewImage, ratingOf, reviewProblem } from './review-form';

const picture = (name = 'a.jpg', type = 'image/jpeg', size = 10) => new File([new Uint8Array(size)], name, { type });

describe('review form rules', () => {
  it.each([
    ['5', 5],
    ['1', 1],
    ['0', null],
    ['6', null],
    ['4.5', null],
    ['', null],
  ])('rating %j reads %j', (text, rating) => {
    expect(ratingOf(text)).toBe(rating);
  });

  it('needs a name and a rating on the token form, and a comment too on the internal form', () => {
    expect(reviewProblem({ reviewerName: ' ', comment: '', rating: '5' }, 'token')).toBe('Please enter your name.');
    expect(reviewProblem({ reviewerName: 'Ali', comment: '', rating: '' }, 'token')).toBe('Please provide a valid rating.');
    expect(reviewProblem({ reviewerName: 'Ali', comment: '', rating: '5' }, 'token')).toBeNull();
    expect(reviewProblem({ reviewerName: 'Ali', comment: ' ', rating: '5' }, 'internal')).toBe('Please fill out all fields.');
    expect(reviewProblem({ reviewerName: '', comment: 'ok', rating: '5' }, 'internal')).toBe('Please fill out all fields.');
    expect(reviewProblem({ reviewerName: 'Ali', comment: 'ok', rating: '5' }, 'internal')).toBeNull();
  });

  it('takes JPEG, PNG, WebP and GIF pictures only (by type, or by name when there is no type)', () => {
    expect(['image/jpeg', 'image/png', 'image/webp', 'image/gif'].map((type) => isReviewImage(picture('x', type)))).toEqual([true, true, true, true]);
    expect(isReviewImage(picture('x.svg', 'image/svg+xml'))).toBe(false);
    expect(isReviewImage(picture('photo.JPG', ''))).toBe(true);
    expect(isReviewImage(picture('notes.txt', ''))).toBe(false);
  });

  it('keeps the first pictures that fit under 5 in all and says why the rest were left out', () => {
    const six = Array.from({ length: 6 }, (_, n) => picture(`${n}.jpg`));
    expect(acceptImages(0, six, 'token')).toEqual({ accepted: six.slice(0, 5), message: 'You can only upload up to 5 images.' });
    expect(acceptImages(4, six, 'internal')).toEqual({ accepted: six.slice(0, 1), message: 'You can upload up to 5 images.' });
    expect(acceptImages(0, [picture('big.jpg', 'image/jpeg', 5 * 1024 * 1024 + 1)], 'token')).toEqual({ accepted: [], message: 'Each image may be at most 5 MB.' });
  });
});
