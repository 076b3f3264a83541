import * as z from 'zod/mini';

import type { AppliedCoupon } from './cart-rules';

/**
 * How the cart is kept in localStorage: one key for good, holding `{version, items, coupon}`. A build that
 * changes the shape bumps CART_VERSION and adds a step to `migrations`, so a shopper's cart carries over;
 * a version this build does not know (a newer build in another tab) or a damaged value reads as an empty
 * cart and is left in place until the shopper changes the cart.
 */
export const CART_STORAGE_KEY = 'cart';
export const CART_VERSION = 1;

/** A product as the cart saw it when it was added (or last refreshed), and how many. */
export interface CartItem {
  productId: string;
  name: string;
  /** Whole rupees, as the API sends them. */
  price: number;
  salePrice: number | null;
  discountPercent: number;
  stock: number;
  freeDelivery: boolean;
  /** The first image's url as the API sends it (`/media/...`), or null. */
  image: string | null;
  quantity: number;
}

export interface StoredCart {
  items: CartItem[];
  coupon: AppliedCoupon | null;
}

const money = z.number().check(z.minimum(0));

const itemSchema = z.object({
  productId: z.string().check(z.minLength(1)),
  name: z.string(),
  price: money,
  salePrice: z.nullable(money),
  discountPercent: z.number(),
  stock: z.int(),
  freeDelivery: z.boolean(),
  image: z.nullable(z.string()),
  quantity: z.int().check(z.minimum(1)),
});

const couponSchema = z.object({
  code: z.string().check(z.minLength(1)),
  minPrice: money,
  discount: money,
  cartTotal: money,
});

const versionSchema = z.object({ version: z.int() });

const currentSchema = z.object({
  version: z.literal(CART_VERSION),
  items: z.array(z.unknown()),
  coupon: z.nullable(z.unknown()),
});

/** Steps from one version to the next: `migrations[n]` turns a version-n document into version n + 1. */
const migrations: Partial<Record<number, (document: unknown) => unknown>> = {};

export const emptyCart: StoredCart = { items: [], coupon: null };

function migrate(document: unknown): unknown {
  let current = document;
  for (;;) {
    const parsed = versionSchema.safeParse(current);
    if (!parsed.success || parsed.data.version >= CART_VERSION) return current;
    const step = migrations[parsed.data.version];
    if (!step) return current;
    current = step(current);
  }
}

/** Reads a stored cart; never throws. Damaged items are dropped one by one, so one bad line keeps the rest. */
export function parseStoredCart(raw: string | null): StoredCart {
  if (raw === null) return emptyCart;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return emptyCart;
  }
  const document = currentSchema.safeParse(migrate(json));
  if (!document.success) return emptyCart;

  const seen = new Set<string>();
  const items: CartItem[] = [];
  for (const candidate of document.data.items) {
    const item = itemSchema.safeParse(candidate);
    if (item.success && !seen.has(item.data.productId)) {
      seen.add(item.data.productId);
      items.push(item.data);
    }
  }
  const coupon = couponSchema.safeParse(document.data.coupon);
  return { items, coupon: coupon.success && items.length > 0 ? coupon.data : null };
}

export function serializeCart(cart: StoredCart): string {
  return JSON.stringify({ version: CART_VERSION, items: cart.items, coupon: cart.coupon });
}
