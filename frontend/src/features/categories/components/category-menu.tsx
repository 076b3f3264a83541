import { Suspense, useEffect, useId, useRef, useState, type PointerEvent } from 'react';

import shellTexts from '@/i18n/en/shell.json';
import { useMessages } from '@/lib/i18n';

import { useCategories } from '../api/get-categories';

import { LazyCategoryList, loadCategoryList } from './lazy-category-list';

/** docs/spec.md §9: the menu closes 150 ms after the pointer leaves. */
const CLOSE_DELAY_MS = 150;

/** The 'Categories' dropdown: opens on hover, toggles on click, closes 150 ms after the pointer leaves. */
export function CategoryMenu() {
  // The list is fetched at once, so it is there when the menu opens.
  useCategories();
  const t = useMessages(shellTexts, 'shell');
  const [open, setOpen] = useState(false);
  const closeTimer = useRef<number | undefined>(undefined);
  // A mouse opens the menu by hovering, so the click that follows must not close it again at once.
  const openedByHover = useRef(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  const cancelClose = () => {
    window.clearTimeout(closeTimer.current);
  };
  useEffect(() => cancelClose, []);

  // A tap or click anywhere else closes an open menu (touch screens have no pointer to leave it).
  useEffect(() => {
    if (!open) return;
    const closeOnOutside = (event: globalThis.PointerEvent) => {
      if (rootRef.current?.contains(event.target as Node)) return;
      openedByHover.current = false;
      setOpen(false);
    };
    document.addEventListener('pointerdown', closeOnOutside);
    return () => {
      document.removeEventListener('pointerdown', closeOnOutside);
    };
  }, [open]);

  const handlePointerEnter = (event: PointerEvent) => {
    void loadCategoryList();
    if (event.pointerType !== 'mouse') return;
    cancelClose();
    if (!open) openedByHover.current = true;
    setOpen(true);
  };
  const handlePointerLeave = (event: PointerEvent) => {
    if (event.pointerType !== 'mouse') return;
    cancelClose();
    closeTimer.current = window.setTimeout(() => {
      openedByHover.current = false;
      setOpen(false);
    }, CLOSE_DELAY_MS);
  };

  return (
    <div
      ref={rootRef}
      className="category-menu"
      onPointerEnter={handlePointerEnter}
      onPointerLeave={handlePointerLeave}
      onFocus={() => void loadCategoryList()}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          openedByHover.current = false;
          setOpen(false);
          buttonRef.current?.focus();
        }
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className="nav-button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => {
          if (open && openedByHover.current) {
            openedByHover.current = false;
            return;
          }
          openedByHover.current = false;
          setOpen(!open);
        }}
      >
        {t.categories()}
      </button>
      <div id={panelId} className="category-menu__panel" hidden={!open}>
        {open && (
          <Suspense>
            <LazyCategoryList
              emptyClassName="category-menu__empty"
              onNavigate={() => {
                setOpen(false);
              }}
            />
          </Suspense>
        )}
      </div>
    </div>
  );
}
