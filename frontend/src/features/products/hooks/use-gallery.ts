import { useRef, useState, type KeyboardEvent, type TouchEvent } from 'react';

import { swipeDirection } from '@/lib/swipe';

/**
 * The shown item of a gallery of `count`, wrapping around at both ends, with its arrow-key and swipe handlers
 * (a sideways swipe of more than 50 px).
 */
export function useGallery(count: number) {
  const [selected, setSelected] = useState(0);
  const touchStart = useRef<{ x: number; y: number } | null>(null);
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
      if (event.key === 'ArrowRight') next();
      else if (event.key === 'ArrowLeft') previous();
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
      const direction = swipeDirection(touch.clientX - start.x, touch.clientY - start.y);
      if (direction === 'next') next();
      else if (direction === 'previous') previous();
    },
  };
}
