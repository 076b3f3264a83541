import { env } from '@/config/env';

/** Resolves a media url from the API (`/media/ab12.png`) against the API origin. */
export function mediaUrl(url: string): string {
  return new URL(url, env.apiBaseUrl).href;
}
