import { describe, expect, it } from 'vitest';

import { jsonResponse, mockFetch } from '@/testing/fetch-mock';
import { makeProduct } from '@/testing/fixtures';
import { createTestQueryClient } from '@/testing/render';

import { getProductQueryOptions, ProductNotFoundError } from './product-query';

function fetchProduct(answer: () => Response, id = '41') {
  mockFetch(answer);
  return createTestQueryClient().query(getProductQueryOptions(id));
}

describe('the product query', () => {
  it('answers the product', async () => {
    const product = makeProduct({ _id: '41', name: 'Charger' });
    await expect(fetchProduct(() => jsonResponse(product))).resolves.toMatchObject({ _id: '41', name: 'Charger' });
  });

  it.each([
    ['an unknown id', () => jsonResponse({ message: 'Product not found.' }, 404)],
    ['an id the server refuses', () => jsonResponse({ message: "'41' is not a valid id." }, 400)],
  ])('throws ProductNotFoundError for %s', async (_, answer) => {
    const failure = fetchProduct(answer);
    await expect(failure).rejects.toBeInstanceOf(ProductNotFoundError);
    await expect(failure).rejects.toThrow('No product has the id 41.');
  });

  it('throws ProductNotFoundError for a malformed id without asking the server', async () => {
    let asked = false;
    const failure = fetchProduct(() => {
      asked = true;
      return jsonResponse({ message: 'Product not found.' }, 404);
    }, 'p1');
    await expect(failure).rejects.toBeInstanceOf(ProductNotFoundError);
    await expect(failure).rejects.toThrow('No product has the id p1.');
    expect(asked).toBe(false);
  });

  it('throws a plain error when the server fails', async () => {
    const failure = fetchProduct(() => jsonResponse({ message: 'boom' }, 500));
    await expect(failure).rejects.toThrow('Product 41 could not be loaded.');
    await expect(failure).rejects.not.toBeInstanceOf(ProductNotFoundError);
  });
});
