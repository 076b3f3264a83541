import productTexts from '@/i18n/en/product.json';
import { useMessages } from '@/lib/i18n';
import { mediaUrl } from '@/lib/media-url';
import { imageSources } from '@/lib/responsive-image';

import { useGallery } from '../hooks/use-gallery';
import type { Product } from '../types';

/** Full width on phones; half the page (at most ~620 px) beside the details on wider screens. */
const GALLERY_SIZES = '(min-width: 1280px) 620px, (min-width: 768px) 50vw, 100vw';

type Media = Product['media'][number];

interface ProductGalleryProps {
  media: readonly Media[];
  productName: string;
}

/**
 * The product's pictures and videos: previous/next buttons, 60×60 thumbnails, the arrow keys and a swipe of
 * more than 50 px, all wrapping around. Only the shown item is in the page; the first picture loads eagerly
 * with high priority, as it is the page's largest paint.
 */
export function ProductGallery({ media, productName }: ProductGalleryProps) {
  const { index, next, previous, show, onKeyDown, onTouchStart, onTouchEnd } = useGallery(media.length);
  const current = media[index];
  const count = media.length;
  const t = useMessages(productTexts, 'product');
  const describe = (index: number) => (count > 1 ? t.slide({ name: productName, index: index + 1, count }) : productName);

  return (
    <section
      className="gallery"
      aria-roledescription="carousel"
      aria-label={t.picturesOf({ name: productName })}
      onKeyDown={onKeyDown}
    >
      <div className="gallery__stage" onTouchStart={onTouchStart} onTouchEnd={onTouchEnd}>
        {current ? (
          <GallerySlide key={index} media={current} label={describe(index)} first={index === 0} />
        ) : (
          <span className="gallery__empty">{t.noImage()}</span>
        )}
        {count > 1 && (
          <>
            <button type="button" className="gallery__nav gallery__nav--previous" aria-label={t.previousImage()} onClick={previous}>
              <Chevron direction="left" />
            </button>
            <button type="button" className="gallery__nav gallery__nav--next" aria-label={t.nextImage()} onClick={next}>
              <Chevron direction="right" />
            </button>
            <p className="gallery__counter" aria-live="polite">
              {index + 1} / {count}
            </p>
          </>
        )}
      </div>
      {count > 1 && (
        <ul className="gallery__thumbs">
          {media.map((item, position) => (
            <li key={`${item.url}-${position}`}>
              <button
                type="button"
                className="gallery__thumb"
                aria-label={(item.kind === 'video' ? t.showVideo : t.showImage)({ index: position + 1, count })}
                aria-current={position === index}
                onClick={() => {
                  show(position);
                }}
              >
                {item.kind === 'video' ? (
                  <span className="gallery__thumb-video" aria-hidden="true">
                    ▶
                  </span>
                ) : (
                  <img {...imageSources(item)} sizes="60px" alt="" width={60} height={60} loading="lazy" decoding="async" />
                )}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function GallerySlide({ media, label, first }: { media: Media; label: string; first: boolean }) {
  if (media.kind === 'video') {
    return (
      <video className="gallery__media" src={mediaUrl(media.url)} controls playsInline preload="metadata" aria-label={label} />
    );
  }
  const size = media.width ?? 640;
  return (
    <img
      className="gallery__media"
      {...imageSources(media)}
      sizes={GALLERY_SIZES}
      alt={label}
      width={size}
      height={size}
      loading={first ? 'eager' : 'lazy'}
      fetchPriority={first ? 'high' : 'auto'}
      decoding={first ? 'auto' : 'async'}
    />
  );
}

function Chevron({ direction }: { direction: 'left' | 'right' }) {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <path
        d={direction === 'left' ? 'M15 5l-7 7 7 7' : 'M9 5l7 7-7 7'}
        fill="none"
        stroke="currentColor"
        strokeWidth="2.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
