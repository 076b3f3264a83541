import type { ShopEnv } from './env-schema';

/** The build environment, checked by `parseEnv` when vite built this bundle (vite.config.ts `define`). */
declare const __SHOP_ENV__: ShopEnv;

export const env = {
  ...__SHOP_ENV__,
  apiBaseUrl: __SHOP_ENV__.apiBaseUrl ?? globalThis.location.origin,
} as const;
