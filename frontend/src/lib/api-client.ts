import { client } from '@/api/generated/client.gen';
import { env } from '@/config/env';

/** Points the generated client at the page's own origin, so every call is a same-origin `/api/...` request. */
export function configureApiClient(): void {
  client.setConfig({ baseUrl: env.apiBaseUrl });
}
