import { useRef, useState, type KeyboardEvent, type TouchEvent } from 'react';

import { useLanguage } from '@/lib/i18n';
import { swipeDirection } from '@/lib/swipe';

/**
 * The shown item of a gallery of `count`, wrapping around at both ends, with its arrow-key and swipe handlers
 * (a sideways swipe of more than 50 px). Right to left (Urdu) the next item lies to the left: the left arrow key
 * and a rightward swipe show it.
 */
export function useGallery(count: number) {
  const [selected, setSelected] = useState(0);
  const touchStart = useRef<{ x: number; y: number } | null>(null);
  const rtl = useLanguage() === 'ur';
  const index = count === 0 ? 0 : Math.min(selected, count - 1);

  const next = () => {
    if (count > 0) setSelected((index + 1) % count);
  };
  const previous = () => {
    if (count > 0) setSelected((index - 1 + count) % count);
  };
  const show = (target: number) => {
    if (target >= 0 && target < count) setSelected(target);
  };

  return {
    index,
    next,
    previous,
    show,
    onKeyDown: (event: KeyboardEvent) => {
      // A focused video's own controls use the arrows to seek.
      if (event.target instanceof HTMLVideoElement) return;
      if (event.key === (rtl ? 'ArrowLeft' : 'ArrowRight')) next();
      else if (event.key === (rtl ? 'ArrowRight' : 'ArrowLeft')) previous();
      else return;
      event.preventDefault();
    },
    onTouchStart: (event: TouchEvent) => {
      const touch = event.touches[0];
      touchStart.current = touch ? { x: touch.clientX, y: touch.clientY } : null;
    },
    onTouchEnd: (event: TouchEvent) => {
      const start = touchStart.current;
      const touch = event.changedTouches[0];
      touchStart.current = null;
      if (!start || !touch) return;
      const direction = swipeDirection(touch.clientX - start.x, touch.clientY - start.y, rtl);
      if (direction === 'next') next();
      else if (direction === 'previous') previous();
    },
  };
}
