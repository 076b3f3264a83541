import type { QueryClient } from '@tanstack/react-query';
import { createElement, lazy, type ComponentType, type FunctionComponent } from 'react';
import type { Params } from 'react-router';

/**
 * What a page module may do before the app's first render when the visit starts on it: take the data the
 * server wrote into the page (docs/seo.md), so that render is the finished page.
 */
export type PagePrime = (context: { queryClient: QueryClient; params: Params }) => Promise<void>;

/** A module with a page as its default export. */
export type PageLoader = () => Promise<{ default: ComponentType }>;

/** A component for every loader of `loaders`, built by `page`. */
export function pagesOf<K extends string, P = ComponentType>(loaders: Record<K, PageLoader>, page: (load: PageLoader) => P): Record<K, P> {
  const pages = {} as Record<K, P>;
  for (const name of Object.keys(loaders) as K[]) pages[name] = page(loaders[name]);
  return pages;
}

/** A page whose module loads when it is first drawn, or before with `preload`. */
export type PreloadablePage = FunctionComponent & { preload: () => Promise<void> };

/**
 * Like `lazy(load)`, but once `preload()` has resolved the page draws its module's component at once: a lazy
 * component suspends on its first render even when its module is already loaded, which would draw the
 * Suspense fallback over a page the server already painted.
 */
export function preloadable(load: PageLoader): PreloadablePage {
  let loaded: ComponentType | undefined;
  const preload = async () => {
    loaded = (await load()).default;
  };
  const Lazy = lazy(load);
  const Page = () => createElement(loaded ?? Lazy);
  return Object.assign(Page, { preload });
}
