import type { AdminOrderResponse, OrderResponse, ReviewResponse } from '@/api/generated';
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

let nextOrderId = 40;

/**
 * An order as the API sends it: pending, two items (Rs 1,700 + Rs 999), Rs 250 delivery, FLAT200 taking
 * Rs 200, total Rs 2,749, delivered to Lahore; override what a test cares about.
 */
export function makeOrder(overrides: Partial<OrderResponse> = {}): OrderResponse {
  const id = String(nextOrderId++);
  return {
    _id: id,
    userId: '7',
    status: 'pending',
    cart: [
      { productId: '12', name: 'Phone Case', quantity: 2, price: 850, lineTotal: 1700 },
      { productId: '13', name: 'USB-C Cable', quantity: 1, price: 999, lineTotal: 999 },
    ],
    subtotal: 2699,
    deliveryCharge: 250,
    coupon: 'FLAT200',
    couponDiscount: 200,
    total: 2749,
    userDetails: {
      country: 'Pakistan',
      province: 'Punjab',
      city: 'Lahore',
      name: 'Ayesha Khan',
      phone1: '+923001234567',
      phone2: null,
      phone1Typed: '0300-1234567',
      phone2Typed: null,
      email: 'ayesha@example.pk',
      address: 'House 12, Street 4, Gulberg III',
      paymentMethod: 'COD',
    },
    adminComment: null,
    reviewTokens: [],
    history: [{ status: 'pending', at: '2026-11-24T06:00:00Z', comment: null }],
    confirmedAt: null,
    createdAt: '2026-11-24T06:00:00Z',
    updatedAt: '2026-11-24T06:00:00Z',
    ...overrides,
  };
}

/**
 * An order as the admin's calls send it: `makeOrder` with its account's e-mail (the one typed in it) and a risk
 * (low, no reasons unless given).
 */
export function makeAdminOrder(overrides: Partial<AdminOrderResponse> = {}): AdminOrderResponse {
  return { ...makeOrder(), accountEmail: 'ayesha@example.pk', risk: { score: 0, level: 'low', reasons: [] }, ...overrides };
}

let nextReviewId = 70;

/** A review as the API sends it: approved, 5 stars, by Ayesha, no pictures and no reply; override the rest. */
export function makeReview(overrides: Partial<ReviewResponse> = {}): ReviewResponse {
  return {
    _id: String(nextReviewId++),
    status: 'approved',
    rating: 5,
    comment: 'Fits perfectly.',
    reviewerName: 'Ayesha',
    images: [],
    imageVariants: [],
    createdAt: '2025-06-12T12:00:00Z',
    adminReply: null,
    productId: { _id: '12', name: 'Phone Case' },
    orderId: null,
    userId: null,
    ...overrides,
  };
}
