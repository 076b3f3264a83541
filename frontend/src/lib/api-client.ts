import { client } from '@/api/generated/client.gen';
import { env } from '@/config/env';
import type { Language } from '@/lib/language';

/**
 * Points the generated client at the API (the page's own origin unless VITE_API_BASE_URL says otherwise), and
 * sends every call with its cookies: the customer's and the admin's sessions ride on httpOnly cookies, also
 * when the API is on another origin. Every call names the page's `language` as its `Accept-Language`, so the
 * server's refusals come in the shopper's language and an order placed from an Urdu page is answered in Urdu
 * (its e-mails and WhatsApp messages too), whatever language the phone itself prefers.
 */
export function configureApiClient(language: Language = 'en'): void {
  client.setConfig({ baseUrl: env.apiBaseUrl, credentials: 'include', headers: { 'Accept-Language': language } });
  // Every call validates through the zod schemas, imported on demand to keep them off the first load: their
  // download starts now, beside the page's first fetches. A failed download fails the validation that awaits it.
  import('@/api/generated/zod.gen').catch(() => undefined);
}
