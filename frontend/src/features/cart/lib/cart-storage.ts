import type { AppliedCoupon } from './coupon-rules';

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
  /** The owner's Urdu name, shown on Urdu pages; absent when there is none (or it was added before there were). */
  nameUr?: string;
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

// The stored cart is read on every first load, so it is checked by these few lines rather than by zod, which
// the home page would otherwise download before it can show the cart's badge. Same rules as a zod schema:
// finite numbers, safe integers, unknown keys dropped.
type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const isInt = (value: unknown): value is number => Number.isSafeInteger(value);
const isMoney = (value: unknown): value is number => isNumber(value) && value >= 0;
const isText = (value: unknown): value is string => typeof value === 'string';
const isCode = (value: unknown): value is string => isText(value) && value.length > 0;

function parseItem(value: unknown): CartItem | null {
  if (!isObject(value)) return null;
  const { productId, name, price, salePrice, discountPercent, stock, freeDelivery, image, quantity } = value;
  if (!isCode(productId) || !isText(name) || !isMoney(price) || !(salePrice === null || isMoney(salePrice))) return null;
  if (!isNumber(discountPercent) || !isInt(stock) || typeof freeDelivery !== 'boolean') return null;
  if (!(image === null || isText(image)) || !isInt(quantity) || quantity < 1) return null;
  const item: CartItem = { productId, name, price, salePrice, discountPercent, stock, freeDelivery, image, quantity };
  if (isCode(value.nameUr)) item.nameUr = value.nameUr;
  return item;
}

function parseCoupon(value: unknown): AppliedCoupon | null {
  if (!isObject(value)) return null;
  const { code, minPrice, discount, cartTotal } = value;
  if (!isCode(code) || !isMoney(minPrice) || !isMoney(discount) || !isMoney(cartTotal)) return null;
  return { code, minPrice, discount, cartTotal };
}

function versionOf(document: unknown): number | null {
  return isObject(document) && isInt(document.version) ? document.version : null;
}

/** Steps from one version to the next: `migrations[n]` turns a version-n document into version n + 1. */
const migrations: Partial<Record<number, (document: unknown) => unknown>> = {};

export const emptyCart: StoredCart = { items: [], coupon: null };

function migrate(document: unknown): unknown {
  let current = document;
  for (;;) {
    const version = versionOf(current);
    if (version === null || version >= CART_VERSION) return current;
    const step = migrations[version];
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
  const document = migrate(json);
  if (!isObject(document) || document.version !== CART_VERSION || !Array.isArray(document.items)) return emptyCart;
  if (!('coupon' in document)) return emptyCart;

  const seen = new Set<string>();
  const items: CartItem[] = [];
  for (const candidate of document.items as unknown[]) {
    const item = parseItem(candidate);
    if (item && !seen.has(item.productId)) {
      seen.add(item.productId);
      items.push(item);
    }
  }
  const coupon = parseCoupon(document.coupon);
  return { items, coupon: items.length > 0 ? coupon : null };
}

export function serializeCart(cart: StoredCart): string {
  return JSON.stringify({ version: CART_VERSION, items: cart.items, coupon: cart.coupon });
}
