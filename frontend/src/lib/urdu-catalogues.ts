import type { Message } from './i18n';

/** Every Urdu catalogue (`src/i18n/ur/<screen>.json`, compiled by build/messages.ts), by screen. */
export const catalogues: Record<string, Record<string, Message>> = Object.fromEntries(
  Object.entries(import.meta.glob<Record<string, Message>>('../i18n/ur/*.json', { import: 'default', eager: true })).map(
    ([file, messages]) => [file.replace(/^.*\/([\w-]+)\.json$/, '$1'), messages],
  ),
);
