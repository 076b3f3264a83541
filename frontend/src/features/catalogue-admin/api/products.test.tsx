import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';

import type { ProductFormBody, ProductResponse } from '@/api/generated';
import { jsonResponse, mockFetch } from '@/testing/fetch-mock';
import { createTestQueryClient } from '@/testing/render';

import { useChangeProductMutation, useUploadProductMutation } from './products';

const product: ProductResponse = {
  _id: '21',
  name: 'Clear Case',
  category: { _id: 'c2', name: 'Samsung' },
  price: 1000,
  salePrice: null,
  discountPercent: 0,
  finalPrice: 1000,
  discount: 0,
  description: 'A clear case.',
  color: null,
  quantity: 5,
  stock: 5,
  featured: false,
  freeDelivery: false,
  media: [],
  rating: null,
  reviewCount: 0,
  ratingSpread: { '5': 0, '4': 0, '3': 0, '2': 0, '1': 0 },
};

const body: ProductFormBody = {
  name: 'Clear Case',
  category: 'c2',
  price: '1000',
  description: 'A clear case.',
  quantity: '5',
  featured: 'false',
  freeDelivery: 'false',
  media: [
    new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'front.png', { type: 'image/png' }),
    new File([new Uint8Array([0xff, 0xd8, 0xff])], 'back.jpg', { type: 'image/jpeg' }),
  ],
};

/** Answers every call with the product, recording each request. */
function serve() {
  const requests: Request[] = [];
  mockFetch((_url, request) => {
    requests.push(request.clone());
    return jsonResponse({ product }, request.method === 'POST' ? 201 : 200);
  });
  return requests;
}

function renderWithClient<T>(hook: () => T) {
  const queryClient = createTestQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  return renderHook(hook, { wrapper });
}

describe('product uploads through the generated client and its request validator', () => {
  it('uploads the files as repeated `media` parts', async () => {
    const requests = serve();
    const { result } = renderWithClient(() => useUploadProductMutation());

    const reply = await result.current.mutateAsync({ body });

    expect(reply).toEqual({ kind: 'done', data: { product } });
    expect(requests.map((request) => `${request.method} ${new URL(request.url).pathname}`)).toEqual([
      'POST /api/products/upload',
    ]);
    const sent = await requests[0]?.formData();
    // jsdom's File does not survive into the test's Request whole; the two parts are still sent as files.
    expect(sent?.getAll('media').map((file) => typeof file)).toEqual(['object', 'object']);
    expect(sent?.get('name')).toBe('Clear Case');
  });

  it('sends the media to keep, and one empty `existingMedia` to keep none', async () => {
    const requests = serve();
    const { result } = renderWithClient(() => useChangeProductMutation());

    const kept = await result.current.mutateAsync({
      id: '21',
      body: { ...body, media: [], existingMedia: ['/media/b.webp', '/media/a.webp'] },
    });
    const none = await result.current.mutateAsync({ id: '21', body: { ...body, media: [], existingMedia: [''] } });

    expect([kept.kind, none.kind]).toEqual(['done', 'done']);
    const [first, second] = await Promise.all(requests.map((request) => request.formData()));
    expect(first?.getAll('existingMedia')).toEqual(['/media/b.webp', '/media/a.webp']);
    expect(second?.getAll('existingMedia')).toEqual(['']);
    expect(first?.getAll('media')).toEqual([]);
  });
});
