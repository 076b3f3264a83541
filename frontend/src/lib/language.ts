/** The shopper's languages: English, the default, and Urdu (`lib/i18n.ts`, docs/decisions/0048-urdu.md). */
export type Language = 'en' | 'ur';

/**
 * The language of the page load: set once before the app's first render (`main.tsx`), so it needs no React
 * context (the home page's JavaScript stays within its budget); the build's shell and tests set it too.
 */
let current: Language = 'en';

/** Sets the language the app draws in. */
export function setLanguage(language: Language): void {
  current = language;
}

/** The language of the page being drawn (not a hook: it never changes while the page lives). */
export function currentLanguage(): Language {
  return current;
}

/** `currentLanguage` for components. */
export const useLanguage = currentLanguage;

/**
 * The owner's Urdu version of a product's or category's name or description on an Urdu page, when there is
 * one; else the English text (issue 30): `localText(product.name, product.nameUr)`.
 */
export function localText(english: string, urdu?: string | null): string {
  return current === 'ur' && urdu ? urdu : english;
}
