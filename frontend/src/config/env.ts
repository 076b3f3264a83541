import type { ShopEnv } from './env-schema';

/** The build environment, checked by `parseEnv` when vite built this bundle (vite.config.ts `define`). */
declare const __SHOP_ENV__: ShopEnv;

// Read once: vite writes the whole value in at every mention.
const shopEnv = __SHOP_ENV__;

export const env = {
  ...shopEnv,
  apiBaseUrl: shopEnv.apiBaseUrl ?? globalThis.location.origin,
} as const;
