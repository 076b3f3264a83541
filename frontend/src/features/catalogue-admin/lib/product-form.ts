import * as z from 'zod/mini';

import type { ProductFormBody } from '@/api/generated';
import { MAX_PRICE_RUPEES } from '@/api/rules/admin.gen';
import { PAISA_PER_RUPEE } from '@/api/rules/cart.gen';
import { divRoundHalfUp, toWholeRupees } from '@/lib/money';

/** Rupees typed into a field, as integer paisa: digits with up to two decimals, as the server reads them. */
function paisaIn(text: string): number | null {
  const match = /^(\d+)(?:\.(\d{0,2}))?$/.exec(text.trim());
  if (!match) return null;
  const paisa = Number(match[1]) * PAISA_PER_RUPEE + Number((match[2] ?? '').padEnd(2, '0'));
  return paisa <= MAX_PRICE_RUPEES * PAISA_PER_RUPEE ? paisa : null;
}

/** A whole percentage typed into a field; above 100 counts as 100, as the server reduces prices. */
function percentIn(text: string): number | null {
  const trimmed = text.trim();
  return /^\d+$/.test(trimmed) ? Math.min(Number(trimmed), 100) : null;
}

/**
 * docs/spec.md §5 'Add/edit product': a sale price sets the discount to (price − sale) / price × 100, rounded to a
 * whole number (halves up) and kept within 0 to 100, exactly as the server recomputes it. Empty when the sale
 * price is cleared or not an amount, or the price is not yet a positive amount.
 */
export function discountForSalePrice(price: string, salePrice: string): string {
  const list = paisaIn(price);
  const sale = paisaIn(salePrice);
  if (list === null || list <= 0 || sale === null) return '';
  return String(Math.min(100, Math.max(0, divRoundHalfUp((list - sale) * 100, list))));
}

/**
 * docs/spec.md §5: a discount sets the sale price to price × (100 − discount) / 100 to the paisa, then rounded to
 * whole rupees (halves up), exactly as the server recomputes it. Empty when the discount is not a whole number.
 */
export function salePriceForDiscount(price: string, discountPercent: string): string {
  const list = paisaIn(price);
  const discount = percentIn(discountPercent);
  if (list === null || list <= 0 || discount === null) return '';
  return String(toWholeRupees(divRoundHalfUp(list * (100 - discount), 100)));
}

/** The three linked price fields as the form holds them (text, as typed). */
export interface PriceFields {
  price: string;
  salePrice: string;
  discountPercent: string;
}

/**
 * The price fields after the owner changes one of them: the sale price and the discount recompute each other;
 * a new price keeps the sale price and recomputes the discount from it (or, with no sale price, keeps the
 * discount and recomputes the sale price).
 */
export function updatePriceFields(fields: PriceFields, changed: keyof PriceFields, value: string): PriceFields {
  switch (changed) {
    case 'salePrice':
      return { ...fields, salePrice: value, discountPercent: discountForSalePrice(fields.price, value) };
    case 'discountPercent':
      return { ...fields, discountPercent: value, salePrice: salePriceForDiscount(fields.price, value) };
    case 'price':
      if (fields.salePrice.trim() !== '') {
        return { ...fields, price: value, discountPercent: discountForSalePrice(value, fields.salePrice) };
      }
      if (fields.discountPercent.trim() !== '') {
        return { ...fields, price: value, salePrice: salePriceForDiscount(value, fields.discountPercent) };
      }
      return { ...fields, price: value };
  }
}

const trimmed = z._default(z.string().check(z.trim()), '');

/** The product form's text fields, read from its FormData (checkboxes are absent when unticked). */
export const productFields = z.object({
  name: trimmed,
  category: trimmed,
  price: trimmed,
  salePrice: trimmed,
  discountPercent: trimmed,
  description: trimmed,
  nameUr: trimmed,
  descriptionUr: trimmed,
  color: trimmed,
  quantity: trimmed,
  featured: z.optional(z.string()),
  freeDelivery: z.optional(z.string()),
});

export type ProductFields = z.infer<typeof productFields>;

/** The fields docs/spec.md §5 requires, in the form's order. */
export const requiredProductFields = ['name', 'category', 'price', 'quantity', 'description'] as const;

export type RequiredField = (typeof requiredProductFields)[number];

/** How each required field is named in its 'is required' message (its label's words). */
export const requiredFieldLabels: Record<RequiredField, string> = {
  name: 'Name',
  category: 'Category',
  price: 'Price',
  quantity: 'Quantity in stock',
  description: 'Description',
};

/** The required fields left empty, in the form's order: the first takes the focus. */
export function missingProductFields(fields: ProductFields): RequiredField[] {
  return requiredProductFields.filter((name) => fields[name] === '');
}

/** Whether the fields docs/spec.md §5 requires (name, category, price, quantity, description) are all filled in. */
export function hasRequiredProductFields(fields: ProductFields): boolean {
  return [fields.name, fields.category, fields.price, fields.quantity, fields.description].every((value) => value !== '');
}

/**
 * The multipart body of POST /api/products/upload and PUT /api/products/{id}. `existingMedia` (editing only)
 * lists the current media to keep; an empty list is sent as one empty `existingMedia` field, which the server
 * reads as "keep none" (multipart cannot carry an empty list, and a form without the field keeps them all).
 */
export function toProductFormBody(fields: ProductFields, media: File[], existingMedia?: string[]): ProductFormBody {
  return {
    name: fields.name,
    category: fields.category,
    price: fields.price,
    salePrice: fields.salePrice,
    discountPercent: fields.discountPercent,
    description: fields.description,
    nameUr: fields.nameUr,
    descriptionUr: fields.descriptionUr,
    color: fields.color,
    quantity: fields.quantity,
    featured: fields.featured === undefined ? 'false' : 'true',
    freeDelivery: fields.freeDelivery === undefined ? 'false' : 'true',
    media,
    ...(existingMedia === undefined ? {} : { existingMedia: existingMedia.length === 0 ? [''] : existingMedia }),
  };
}

/** Files the add form may send: pictures only. */
export function isImageFile(file: File): boolean {
  return file.type.startsWith('image/');
}

/** Files the edit form may send: pictures, MP4 and WebM videos. */
export function isImageOrVideoFile(file: File): boolean {
  return isImageFile(file) || file.type === 'video/mp4' || file.type === 'video/webm';
}

/** Moves the item at `index` one place up (−1) or down (+1); the list is unchanged at either end. */
export function moveItem<T>(items: readonly T[], index: number, step: -1 | 1): T[] {
  const target = index + step;
  const next = [...items];
  if (target < 0 || target >= next.length) return next;
  const [item] = next.splice(index, 1);
  if (item !== undefined) next.splice(target, 0, item);
  return next;
}
