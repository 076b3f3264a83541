import { currentLanguage, useLanguage, type Language } from './language';

/**
 * The shopper's languages: English, the default, at unprefixed paths, and Urdu under `/ur/`
 * (docs/decisions/0048-urdu.md). The language is fixed for a page load: the switch in the header loads the
 * other language's page, so the router's `basename` keeps every link and navigation in the language.
 */
export type { Language } from './language';
export { localText, setLanguage, useLanguage } from './language';

/** The path prefix of the Urdu pages. */
export const URDU_PREFIX = '/ur';

/** The `lang` cookie that remembers the choice for a year, so `/` sends an Urdu shopper on to `/ur/`. */
export const LANGUAGE_COOKIE = 'lang';

/** The language of a page at `pathname` (`/ur` and `/ur/...` are Urdu). */
export function languageOf(pathname: string): Language {
  return pathname === URDU_PREFIX || pathname.startsWith(`${URDU_PREFIX}/`) ? 'ur' : 'en';
}

/** `pathname` without its language prefix: the app's own route (`/ur/cart` → `/cart`, `/ur` → `/`). */
export function routeOf(pathname: string): string {
  return languageOf(pathname) === 'ur' ? pathname.slice(URDU_PREFIX.length) || '/' : pathname;
}

/** The address of the app's `route` (with its query and hash) in `language`. */
export function hrefIn(language: Language, route: string): string {
  if (language === 'en') return route;
  return route === '/' ? `${URDU_PREFIX}/` : `${URDU_PREFIX}${route}`;
}

/** The router's basename in `language`. */
export function basenameOf(language: Language): string | undefined {
  return language === 'ur' ? URDU_PREFIX : undefined;
}

/** Writes the `lang` cookie: `en` or `ur`, the whole site, one year. */
export function rememberLanguage(language: Language): void {
  document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=31536000; samesite=lax`;
}

/** A compiled message: its ICU arguments in, the text out. */
export type Message = (args?: Record<string, string | number>) => string;

/**
 * A catalogue as the build compiles it (`build/messages.ts`): TypeScript reads the JSON file as texts, the
 * build turns each into a function.
 */
export type Messages<Texts> = { readonly [Key in keyof Texts]: Message };

/** The Urdu catalogues by screen, once loaded. */
const urdu = new Map<string, Record<string, Message>>();

/**
 * Loads the Urdu catalogues, every screen's in one lazily loaded chunk (`urdu-catalogues.ts`), before an Urdu
 * page first draws; an English page never calls it, and loads none.
 */
export async function loadUrdu(): Promise<void> {
  const { catalogues } = await import('./urdu-catalogues');
  for (const [screen, messages] of Object.entries(catalogues)) urdu.set(screen, messages);
}

/**
 * The messages of screen `screen` in the page's language: `english` (the catalogue `@/i18n/en/<screen>.json`,
 * imported by the screen itself so it travels in the screen's chunk) or its Urdu catalogue, once loaded.
 */
export function useMessages<Texts>(english: Texts, screen: string): Messages<Texts> {
  const urduTexts = useLanguage() === 'ur' ? urdu.get(screen) : undefined;
  return (urduTexts ?? english) as unknown as Messages<Texts>;
}

/**
 * The server's texts of `src/api/rules/<module>.gen.ts` (`english`, imported by the feature itself) in the
 * page's language: on an Urdu page its texts from `src/api/rules/ur/<module>.gen.ts` (loaded with the Urdu
 * catalogues, as `rules/<module>`), its limits as they are. Not a hook: the language is fixed for the page.
 */
export function rulesIn<Rules extends object>(english: Rules, module: string): Rules {
  const urduTexts = currentLanguage() === 'ur' ? urdu.get(`rules/${module}`) : undefined;
  return urduTexts ? { ...english, ...urduTexts } : english;
}
