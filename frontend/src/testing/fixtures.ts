import type { Product } from '@/features/products/types';

let nextId = 1;

/** A product as the API sends it; override what a test cares about. */
export function makeProduct(overrides: Partial<Product> = {}): Product {
  const id = String(nextId++);
  return {
    _id: id,
    name: `Test Case ${id}`,
    category: { _id: '3', name: 'Samsung' },
    price: 3500,
    salePrice: null,
    discountPercent: 0,
    finalPrice: 3500,
    discount: 0,
    description: 'A sturdy case.',
    color: 'Black',
    quantity: 12,
    stock: 12,
    featured: false,
    freeDelivery: false,
    media: [{ url: `/media/${id}.png`, kind: 'image', width: 800, variants: [] }],
    rating: null,
    reviewCount: 0,
    ratingSpread: { '5': 0, '4': 0, '3': 0, '2': 0, '1': 0 },
    ...overrides,
  };
}
