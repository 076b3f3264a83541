import { useEffect, useRef, useState, type TouchEvent } from 'react';
import { createPortal } from 'react-dom';

import type { MediaVariantResponse } from '@/api/generated';
import reviewTexts from '@/i18n/en/reviews.json';
import { useLanguage, useMessages } from '@/lib/i18n';
import { swipeDirection } from '@/lib/swipe';

import { ReviewMedia } from './review-media';

interface ReviewLightboxProps {
  images: readonly string[];
  /** Each image's narrower WebP copies, in the same order. */
  variants?: readonly (readonly MediaVariantResponse[])[];
  startIndex: number;
  /** Whose review the images belong to, for the dialog's name. */
  reviewer: string;
  onClose: () => void;
}

/**
 * A full-screen view of one review's images: previous/next (buttons, arrow keys, a sideways swipe, wrapping
 * around), a pull down or Escape or the Close button to close. Focus stays inside while open and goes back
 * to the image that opened it. Right to left (Urdu) the next image lies to the left: the left arrow key and a
 * rightward swipe show it.
 */
export function ReviewLightbox({ images, variants = [], startIndex, reviewer, onClose }: ReviewLightboxProps) {
  const [index, setIndex] = useState(startIndex);
  const closeRef = useRef<HTMLButtonElement>(null);
  const dialogRef = useRef<HTMLDivElement>(null);
  const touchStart = useRef<{ x: number; y: number } | null>(null);
  const count = images.length;
  const current = images[index];
  const t = useMessages(reviewTexts, 'reviews');
  const rtl = useLanguage() === 'ur';

  const next = () => {
    setIndex((at) => (at + 1) % count);
  };
  const previous = () => {
    setIndex((at) => (at - 1 + count) % count);
  };

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    closeRef.current?.focus();
    return () => {
      document.body.style.overflow = overflow;
      opener?.focus();
    };
  }, []);

  const handleTouchEnd = (event: TouchEvent) => {
    const start = touchStart.current;
    const touch = event.changedTouches[0];
    touchStart.current = null;
    if (!start || !touch) return;
    const direction = swipeDirection(touch.clientX - start.x, touch.clientY - start.y, rtl);
    if (direction === 'down') onClose();
    else if (direction === 'next' && count > 1) next();
    else if (direction === 'previous' && count > 1) previous();
  };

  return createPortal(
    <div
      ref={dialogRef}
      className="lightbox"
      role="dialog"
      aria-modal="true"
      aria-label={t.imagesFrom({ name: reviewer })}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose();
        else if (event.key === (rtl ? 'ArrowLeft' : 'ArrowRight') && count > 1) next();
        else if (event.key === (rtl ? 'ArrowRight' : 'ArrowLeft') && count > 1) previous();
        else if (event.key === 'Tab') {
          // Keep focus inside the dialog.
          const focusable = [...(dialogRef.current?.querySelectorAll<HTMLElement>('button, video') ?? [])];
          const first = focusable[0];
          const last = focusable.at(-1);
          if (event.shiftKey && document.activeElement === first) last?.focus();
          else if (!event.shiftKey && document.activeElement === last) first?.focus();
          else return;
        } else return;
        event.preventDefault();
        event.stopPropagation();
      }}
      onTouchStart={(event) => {
        const touch = event.touches[0];
        touchStart.current = touch ? { x: touch.clientX, y: touch.clientY } : null;
      }}
      onTouchEnd={handleTouchEnd}
    >
      <button ref={closeRef} type="button" className="lightbox__close" aria-label={t.close()} onClick={onClose}>
        <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
          <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
        </svg>
      </button>
      {current !== undefined && (
        <ReviewMedia key={index} url={current} variants={variants[index]} alt={t.reviewImage({ index: index + 1, count })} className="lightbox__media" variant="full" />
      )}
      {count > 1 && (
        <>
          <button type="button" className="lightbox__nav lightbox__nav--previous" aria-label={t.previousImage()} onClick={previous}>
            <span aria-hidden="true">‹</span>
          </button>
          <button type="button" className="lightbox__nav lightbox__nav--next" aria-label={t.nextImage()} onClick={next}>
            <span aria-hidden="true">›</span>
          </button>
          <p className="lightbox__counter" aria-live="polite">
            {index + 1} / {count}
          </p>
        </>
      )}
    </div>,
    document.body,
  );
}
