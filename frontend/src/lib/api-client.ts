import { client } from '@/api/generated/client.gen';
import { env } from '@/config/env';

/**
 * Points the generated client at the API (the page's own origin unless VITE_API_BASE_URL says otherwise), and
 * sends every call with its cookies: the customer's and the admin's sessions ride on httpOnly cookies, also
 * when the API is on another origin.
 */
export function configureApiClient(): void {
  client.setConfig({ baseUrl: env.apiBaseUrl, credentials: 'include' });
  // Every call validates through the zod schemas, imported on demand to keep them off the first load: their
  // download starts now, beside the page's first fetches. A failed download fails the validation that awaits it.
  import('@/api/generated/zod.gen').catch(() => undefined);
}
