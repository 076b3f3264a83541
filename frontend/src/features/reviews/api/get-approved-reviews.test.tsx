import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';

import { jsonResponse, mockFetch } from '@/testing/fetch-mock';
import { makeReview } from '@/testing/fixtures';
import { createTestQueryClient } from '@/testing/render';

import { useApprovedReviews } from './get-approved-reviews';

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={createTestQueryClient()}>{children}</QueryClientProvider>;
}

const approved = makeReview({ _id: 'r1', reviewerName: 'Bilal', rating: 4 });

describe('useApprovedReviews', () => {
  it('asks GET /api/reviews/approved/{productId} through the generated client and keeps only approved reviews', async () => {
    const requested = mockFetch(() => jsonResponse([approved, { ...approved, _id: 'r2', status: 'pending' }]));
    const { result } = renderHook(() => useApprovedReviews('6'), { wrapper });
    await waitFor(() => {
      expect(result.current.isPending).toBe(false);
    });
    expect(requested).toEqual(['/api/reviews/approved/6']);
    expect(result.current.reviews.map((review) => review._id)).toEqual(['r1']);
  });

  it.each([
    ['a 404', () => jsonResponse({ message: 'No such resource.' }, 404)],
    ['a network failure', () => Promise.reject(new TypeError('offline'))],
    ['a list of the wrong shape', () => jsonResponse([{ ...approved, rating: 'nine' }])],
  ])('logs "Error fetching product reviews" and answers no reviews on %s', async (_case, answer) => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockFetch(answer);
    const { result } = renderHook(() => useApprovedReviews('6'), { wrapper });
    await waitFor(() => {
      expect(logged).toHaveBeenCalledWith('Error fetching product reviews', expect.anything());
    });
    expect(result.current.reviews).toEqual([]);
    expect(result.current.isPending).toBe(false);
  });
});
