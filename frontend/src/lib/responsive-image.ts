import { mediaUrl } from './media-url';

/** A picture as the API describes it: the upload and its narrower WebP copies. */
export interface ResponsiveSource {
  url: string;
  /** The upload's width in pixels, when known. */
  width?: number | null;
  variants: readonly { url: string; width: number }[];
}

/** `sizes` for a grid card: half the viewport on phones, a third on tablets, a quarter (at most 320 px) on desktops. */
export const CARD_IMAGE_SIZES = '(min-width: 1280px) 300px, (min-width: 1024px) 24vw, (min-width: 768px) 32vw, 48vw';

/** The widest picture a `src` fallback may be: anything wider is camera-sized. */
const MAX_FALLBACK_WIDTH = 1280;

/**
 * `src` and `srcSet` for an `<img>`: every variant plus the upload (when its width is known), so the browser
 * picks the narrowest copy that fills the slot. The fallback `src` is the upload unless it is camera-sized
 * and a variant exists.
 */
export function imageSources(source: ResponsiveSource): { src: string; srcSet?: string } {
  const candidates = source.variants.map((variant) => ({ url: variant.url, width: variant.width }));
  const width = source.width ?? null;
  if (width !== null && !candidates.some((candidate) => candidate.width >= width)) {
    candidates.push({ url: source.url, width });
  }
  candidates.sort((a, b) => a.width - b.width);

  const widest = candidates.at(-1);
  const fallback =
    widest && (width === null || width > MAX_FALLBACK_WIDTH)
      ? (candidates.filter((candidate) => candidate.width <= MAX_FALLBACK_WIDTH).at(-1) ?? widest)
      : undefined;
  const src = mediaUrl(fallback?.url ?? source.url);
  if (candidates.length === 0) return { src };
  return { src, srcSet: candidates.map((candidate) => `${mediaUrl(candidate.url)} ${candidate.width}w`).join(', ') };
}
