/**
 * Compiles the message catalogues (`src/i18n/<language>/<screen>.json`, ICU MessageFormat texts) into
 * JavaScript functions while the app is built, served or tested, with `@messageformat/core`: the browser
 * gets `() => "Login"` and, for plurals and numbers, the few helpers of `@messageformat/runtime` they use, and
 * never the parser (docs/decisions/0048-urdu.md). A catalogue imported as `@/i18n/en/shell.json` is typed by
 * TypeScript as its JSON (key to text) and arrives compiled (key to function); `lib/i18n.ts` gives it the
 * functions' type.
 */
import { readFile } from 'node:fs/promises';

import MessageFormat from '@messageformat/core';
import compileModule from '@messageformat/core/lib/compile-module.js';
import type { Plugin } from 'vite';

/** `…/src/i18n/<language>/<screen>.json`, any query aside. */
const CATALOGUE = /[\\/]src[\\/]i18n[\\/](en|ur)[\\/][\w-]+\.json$/;

/** The id a catalogue is compiled under: not `.json`, so Vite's JSON plugin leaves it alone. */
const PREFIX = '\0i18n-catalogue:';

/** The language of a catalogue's folder as MessageFormat's locale (plural rules). */
const LOCALES: Record<string, string> = { en: 'en', ur: 'ur' };

/** The catalogue `json` (its text) of `language` as an ES module of functions. */
export function compileCatalogue(json: string, language: string): string {
  const texts = JSON.parse(json) as Record<string, string>;
  const formatter = new MessageFormat(LOCALES[language] ?? language, { strict: true });
  return compileModule(formatter, texts);
}

export function messageCatalogues(): Plugin {
  return {
    name: 'message-catalogues',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (source.startsWith(PREFIX)) return source;
      if (!source.endsWith('.json')) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved || !CATALOGUE.test(resolved.id)) return null;
      return `${PREFIX}${resolved.id}.js`;
    },
    async load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const file = id.slice(PREFIX.length, -'.js'.length);
      const language = CATALOGUE.exec(file)?.[1] ?? 'en';
      this.addWatchFile(file);
      return compileCatalogue(await readFile(file, 'utf8'), language);
    },
  };
}
