import { describe, expect, it } from 'vitest';

import table from '../../../../../domain/tests/fixtures/product-form-cases.json';

import {
  discountForSalePrice,
  moveItem,
  productFields,
  salePriceForDiscount,
  toProductFormBody,
  updatePriceFields,
} from './product-form';

describe('the shared product form case table', () => {
  it.each(table.discountFromSale.map((c) => [c.price, c.salePrice, c.discountPercent] as const))(
    'price %s, sale %s → %i per cent',
    (price, sale, discount) => {
      expect(discountForSalePrice(price, sale)).toBe(String(discount));
    },
  );

  it.each(table.saleFromDiscount.map((c) => [c.price, c.discountPercent, c.salePrice] as const))(
    'price %s, discount %i per cent → Rs %i',
    (price, discount, sale) => {
      expect(salePriceForDiscount(price, String(discount))).toBe(String(sale));
    },
  );
});

describe('discountForSalePrice', () => {
  it.each([
    ['1000', '800', '20'],
    ['999', '666', '33'],
    ['1500', '1499', '0'],
    ['3', '2', '33'],
    ['1000', '1000', '0'],
  ])('price %s, sale %s → %s%%', (price, sale, discount) => {
    expect(discountForSalePrice(price, sale)).toBe(discount);
  });

  it.each([
    ['', '800'],
    ['0', '800'],
    ['abc', '800'],
    ['1000', ''],
    ['1000', '  '],
  ])('is empty for price %j and sale %j', (price, sale) => {
    expect(discountForSalePrice(price, sale)).toBe('');
  });
});

describe('salePriceForDiscount', () => {
  it.each([
    ['1000', '20', '800'],
    ['999', '33', '669'],
    ['1299', '15', '1104'],
    ['1000', '0', '1000'],
  ])('price %s, discount %s%% → %s', (price, discount, sale) => {
    expect(salePriceForDiscount(price, discount)).toBe(sale);
  });

  it('is empty when the discount is cleared or there is no price', () => {
    expect(salePriceForDiscount('1000', '')).toBe('');
    expect(salePriceForDiscount('', '20')).toBe('');
  });

  it('is empty for a discount that is not a whole number, or a price that is not an amount', () => {
    expect(salePriceForDiscount('1000', '12.5')).toBe('');
    expect(salePriceForDiscount('1000', '-5')).toBe('');
    expect(salePriceForDiscount('1e3', '10')).toBe('');
    expect(salePriceForDiscount('10.505', '10')).toBe('');
  });
});

describe('updatePriceFields', () => {
  const start = { price: '2000', salePrice: '', discountPercent: '' };

  it('recomputes the discount when the sale price changes', () => {
    expect(updatePriceFields(start, 'salePrice', '1500')).toEqual({ price: '2000', salePrice: '1500', discountPercent: '25' });
  });

  it('recomputes the sale price when the discount changes', () => {
    expect(updatePriceFields(start, 'discountPercent', '10')).toEqual({ price: '2000', salePrice: '1800', discountPercent: '10' });
  });

  it('clears the discount with the sale price, and the sale price with the discount', () => {
    const onSale = { price: '2000', salePrice: '1500', discountPercent: '25' };
    expect(updatePriceFields(onSale, 'salePrice', '')).toEqual({ price: '2000', salePrice: '', discountPercent: '' });
    expect(updatePriceFields(onSale, 'discountPercent', '')).toEqual({ price: '2000', salePrice: '', discountPercent: '' });
  });

  it('keeps the sale price and recomputes the discount when the price changes', () => {
    const onSale = { price: '2000', salePrice: '1500', discountPercent: '25' };
    expect(updatePriceFields(onSale, 'price', '3000')).toEqual({ price: '3000', salePrice: '1500', discountPercent: '50' });
  });

  it('keeps a discount without a sale price and recomputes the sale price when the price changes', () => {
    const discounted = { price: '2000', salePrice: '', discountPercent: '10' };
    expect(updatePriceFields(discounted, 'price', '3000')).toEqual({ price: '3000', salePrice: '2700', discountPercent: '10' });
  });

  it('changes only the price when there is no discount', () => {
    expect(updatePriceFields(start, 'price', '2500')).toEqual({ ...start, price: '2500' });
  });
});

describe('moveItem', () => {
  it('moves up and down, and not past either end', () => {
    expect(moveItem(['a', 'b', 'c'], 1, -1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveItem(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });
});

describe('toProductFormBody', () => {
  const fields = productFields.parse({
    name: 'Stand',
    category: '3',
    price: '1500',
    description: 'A stand.',
    quantity: '8',
  });
  const existingMediaOf = (existingMedia?: string[]) => toProductFormBody(fields, [], existingMedia).existingMedia;

  it('sends the kept media in their order', () => {
    expect(existingMediaOf(['/media/b.png', '/media/a.png'])).toEqual(['/media/b.png', '/media/a.png']);
  });

  it('sends one empty existingMedia field when every picture was removed, so the server keeps none', () => {
    expect(existingMediaOf([])).toEqual(['']);
  });

  it('sends no existingMedia field when adding a product', () => {
    expect(existingMediaOf(undefined)).toBeUndefined();
  });
});
