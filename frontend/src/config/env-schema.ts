import * as z from 'zod/mini';

const emptyAsUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

/** The build-time `VITE_*` variables (README). */
const envSchema = z.object({
  /** Origin of the API; unset means the page's own origin (the server serves the app and the API). */
  VITE_API_BASE_URL: z.pipe(z.transform(emptyAsUndefined), z.optional(z.url())),
  VITE_SHOP_NAME: z._default(z.string().check(z.trim(), z.minLength(1)), 'Mobile Accessories'),
  VITE_CONTACT_EMAIL: z._default(z.email(), 'support@example.com'),
  VITE_FACEBOOK_URL: z._default(z.url(), 'https://www.facebook.com/'),
  VITE_INSTAGRAM_URL: z._default(z.url(), 'https://www.instagram.com/'),
  VITE_TIKTOK_URL: z._default(z.url(), 'https://www.tiktok.com/'),
});

/** The shop's settings from the build environment, as the app reads them (`@/config/env`). */
export interface ShopEnv {
  /** Absent: the page's own origin. */
  apiBaseUrl: string | undefined;
  shopName: string;
  contactEmail: string;
  social: { facebook: string; instagram: string; tiktok: string };
}

/**
 * Checks the `VITE_*` variables when the app is built, served or tested (vite.config.ts), so a bad value stops
 * the build with one line naming each bad variable instead of breaking the page in a shopper's browser.
 */
export function parseEnv(variables: Record<string, string | undefined>): ShopEnv {
  const parsed = envSchema.safeParse(variables);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new Error(`Invalid build environment: ${problems}`);
  }
  return {
    apiBaseUrl: parsed.data.VITE_API_BASE_URL,
    shopName: parsed.data.VITE_SHOP_NAME,
    contactEmail: parsed.data.VITE_CONTACT_EMAIL,
    social: {
      facebook: parsed.data.VITE_FACEBOOK_URL,
      instagram: parsed.data.VITE_INSTAGRAM_URL,
      tiktok: parsed.data.VITE_TIKTOK_URL,
    },
  };
}
