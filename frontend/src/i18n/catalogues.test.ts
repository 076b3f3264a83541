import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { parse, type Token } from '@messageformat/parser';
import { describe, expect, it } from 'vitest';

import { compileCatalogue } from '../../build/messages';

const here = import.meta.dirname;

function catalogues(language: string): Map<string, Record<string, string>> {
  const dir = join(here, language);
  return new Map(
    readdirSync(dir)
      .filter((file) => file.endsWith('.json'))
      .map((file) => [file, JSON.parse(readFileSync(join(dir, file), 'utf8')) as Record<string, string>]),
  );
}

/** The arguments a message takes (`{shop}`, `{count, plural, ...}`), sorted. */
function argumentsOf(text: string): string[] {
  const names = new Set<string>();
  const walk = (tokens: Token[]) => {
    for (const token of tokens) {
      if (token.type === 'argument' || token.type === 'function') names.add(token.arg);
      if (token.type === 'plural' || token.type === 'select' || token.type === 'selectordinal') {
        names.add(token.arg);
        for (const choice of token.cases) walk(choice.tokens);
      }
    }
  };
  walk(parse(text, { strict: true }));
  return [...names].sort();
}

const english = catalogues('en');
const urdu = catalogues('ur');

describe('the message catalogues', () => {
  it('have the same screens in English and Urdu', () => {
    expect([...urdu.keys()].sort()).toEqual([...english.keys()].sort());
  });

  for (const [file, texts] of english) {
    describe(file, () => {
      const urduTexts = urdu.get(file) ?? {};

      it('has an Urdu text for every key and no Urdu text without a key', () => {
        const missing = Object.keys(texts).filter((key) => !urduTexts[key]?.trim());
        const extra = Object.keys(urduTexts).filter((key) => !(key in texts));
        expect({ missing, extra }).toEqual({ missing: [], extra: [] });
      });

      it('takes the same arguments in both languages, and every text compiles', () => {
        for (const [key, text] of Object.entries(texts)) {
          expect({ key, args: argumentsOf(urduTexts[key] ?? '') }).toEqual({ key, args: argumentsOf(text) });
        }
        expect(() => compileCatalogue(JSON.stringify(texts), 'en')).not.toThrow();
        expect(() => compileCatalogue(JSON.stringify(urduTexts), 'ur')).not.toThrow();
      });

      it('writes Urdu in Urdu script', () => {
        // Every Urdu text but the switch to English has Arabic-script letters.
        const latin = Object.entries(urduTexts).filter(([key, text]) => key !== 'switchLanguage' && !/[\u0600-\u06ff]/.test(text));
        expect(latin).toEqual([]);
      });
    });
  }
});
