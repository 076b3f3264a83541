import { describe, expect, it } from 'vitest';

import { makeProduct } from '@/testing/fixtures';

import { sortByPrice } from './sort-products';

const products = [
  makeProduct({ name: 'Mid', price: 1500, finalPrice: 1500 }),
  makeProduct({ name: 'Cheap on sale', price: 3000, salePrice: 500, finalPrice: 500 }),
  makeProduct({ name: 'Dear', price: 2999, finalPrice: 2999 }),
  makeProduct({ name: 'Mid too', price: 1500, finalPrice: 1500 }),
];

const names = (list: readonly { name: string }[]) => list.map((product) => product.name);

describe('sortByPrice', () => {
  it('sorts low to high by the shown price, not the list price', () => {
    expect(names(sortByPrice(products, 'low-to-high'))).toEqual(['Cheap on sale', 'Mid', 'Mid too', 'Dear']);
  });

  it('sorts high to low, keeping equal prices in their order', () => {
    expect(names(sortByPrice(products, 'high-to-low'))).toEqual(['Dear', 'Mid', 'Mid too', 'Cheap on sale']);
  });

  it('leaves the original list alone', () => {
    sortByPrice(products, 'high-to-low');
    expect(names(products)).toEqual(['Mid', 'Cheap on sale', 'Dear', 'Mid too']);
  });
});
