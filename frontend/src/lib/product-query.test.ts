import { describe, expect, it } from 'vitest';

import { jsonResponse, mockFetch } from '@/testing/fetch-mock';
import { makeProduct } from '@/testing/fixtures';
import { createTestQueryClient } from '@/testing/render';

import { getProductQueryOptions, ProductNotFoundError } from './product-query';

function fetchProduct(answer: () => Response) {
  mockFetch(answer);
  return createTestQueryClient().query(getProductQueryOptions('p1'));
}

describe('the product query', () => {
  it('answers the product', async () => {
    const product = makeProduct({ _id: 'p1', name: 'Charger' });
    await expect(fetchProduct(() => jsonResponse(product))).resolves.toMatchObject({ _id: 'p1', name: 'Charger' });
  });

  it.each([
    ['an unknown id', () => jsonResponse({ message: 'Product not found.' }, 404)],
    ['a malformed id', () => jsonResponse({ message: "'p1' is not a valid id." }, 400)],
  ])('throws ProductNotFoundError for %s', async (_, answer) => {
    const failure = fetchProduct(answer);
    await expect(failure).rejects.toBeInstanceOf(ProductNotFoundError);
    await expect(failure).rejects.toThrow('No product has the id p1.');
  });

  it('throws a plain error when the server fails', async () => {
    const failure = fetchProduct(() => jsonResponse({ message: 'boom' }, 500));
    await expect(failure).rejects.toThrow('Product p1 could not be loaded.');
    await expect(failure).rejects.not.toBeInstanceOf(ProductNotFoundError);
  });
});
