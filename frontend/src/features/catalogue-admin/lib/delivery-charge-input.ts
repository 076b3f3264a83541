import * as z from 'zod/mini';

/** The delivery charge field: a number of rupees, 0 or more (docs/spec.md §5 'Delivery charge'). */
const deliveryChargeInput = z.pipe(
  z.string().check(z.trim(), z.minLength(1)),
  z.pipe(z.transform(Number), z.number().check(z.minimum(0))),
);

/** The charge typed into the field, or null when it is not a number or is negative. */
export function parseDeliveryCharge(value: string): number | null {
  const parsed = deliveryChargeInput.safeParse(value);
  return parsed.success ? parsed.data : null;
}
