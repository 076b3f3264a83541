import { useState } from 'react';

import type { MediaVariantResponse } from '@/api/generated';
import reviewTexts from '@/i18n/en/reviews.json';
import { useMessages } from '@/lib/i18n';
import { mediaUrl } from '@/lib/media-url';
import { imageSources } from '@/lib/responsive-image';

import { isVideoUrl } from '../lib/review-stats';

interface ReviewMediaProps {
  url: string;
  alt: string;
  className?: string;
  /** Thumbnails load lazily and show a play mark for videos; the lightbox plays them. */
  variant: 'thumbnail' | 'full';
  /** The picture's narrower WebP copies, narrowest first, for `srcset`. */
  variants?: readonly MediaVariantResponse[];
}

/** How wide a picture shows: a 72 px thumbnail, or the whole screen in the lightbox. */
const SIZES = { thumbnail: '72px', full: '100vw' } as const;

/** A review picture or video; a picture that fails to load shows an error icon instead. */
export function ReviewMedia({ url, alt, className, variant, variants = [] }: ReviewMediaProps) {
  const [failed, setFailed] = useState(false);
  const t = useMessages(reviewTexts, 'reviews');
  const src = mediaUrl(url);

  if (failed) {
    return (
      <span className={`review-media-error ${className ?? ''}`} role="img" aria-label={alt ? t.failedToLoad({ alt }) : t.imageFailed()}>
        <svg viewBox="0 0 24 24" width="32" height="32" aria-hidden="true" focusable="false">
          <path d="M4 5h16v14H4z" fill="none" stroke="currentColor" strokeWidth="1.5" />
          <path d="m4 19 16-14" stroke="currentColor" strokeWidth="1.5" />
          <circle cx="9" cy="10" r="1.5" fill="currentColor" />
        </svg>
      </span>
    );
  }

  if (isVideoUrl(url)) {
    return variant === 'full' ? (
      <video className={className} src={src} controls playsInline preload="metadata" aria-label={alt} />
    ) : (
      <span className={`review-media-video ${className ?? ''}`} role="img" aria-label={alt}>
        <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
          <path d="M8 5v14l11-7z" fill="currentColor" />
        </svg>
      </span>
    );
  }

  return (
    <img
      className={className}
      {...imageSources({ url, variants })}
      sizes={variants.length > 0 ? SIZES[variant] : undefined}
      alt={alt}
      loading={variant === 'thumbnail' ? 'lazy' : 'eager'}
      decoding="async"
      onError={() => {
        setFailed(true);
      }}
      {...(variant === 'thumbnail' ? { width: 72, height: 72 } : {})}
    />
  );
}
