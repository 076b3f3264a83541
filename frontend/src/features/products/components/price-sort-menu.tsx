import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';

import categoryTexts from '@/i18n/en/category.json';
import { useMessages } from '@/lib/i18n';

import { PRICE_ORDERS, type PriceOrder } from '../lib/sort-products';

interface PriceSortMenuProps {
  value: PriceOrder;
  onChange: (order: PriceOrder) => void;
}

/**
 * The sort dropdown: a button naming the chosen order and a menu of the two orders with a tick on the chosen
 * one. Arrow keys move between the options, Escape or a tap elsewhere closes it.
 */
export function PriceSortMenu({ value, onChange }: PriceSortMenuProps) {
  const [open, setOpen] = useState(false);
  const t = useMessages(categoryTexts, 'category');
  const label = (order: PriceOrder) => (order === 'low-to-high' ? t.lowToHigh() : t.highToLow());
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const current = PRICE_ORDERS.find((order) => order.value === value) ?? PRICE_ORDERS[0];

  useEffect(() => {
    if (!open) return;
    menuRef.current?.querySelector<HTMLElement>('[aria-checked="true"]')?.focus();
    const closeOnOutside = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOnOutside);
    return () => {
      document.removeEventListener('pointerdown', closeOnOutside);
    };
  }, [open]);

  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };

  const handleMenuKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const items = [...(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitemradio"]') ?? [])];
    const at = items.indexOf(document.activeElement as HTMLElement);
    let target: HTMLElement | undefined;
    if (event.key === 'ArrowDown') target = items[(at + 1) % items.length];
    else if (event.key === 'ArrowUp') target = items[(at - 1 + items.length) % items.length];
    else if (event.key === 'Home') target = items[0];
    else if (event.key === 'End') target = items.at(-1);
    else if (event.key === 'Escape' || event.key === 'Tab') {
      if (event.key === 'Escape') event.preventDefault();
      close();
      return;
    } else return;
    event.preventDefault();
    target?.focus();
  };

  return (
    <div className="sort-menu" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="sort-menu__button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => {
          setOpen((isOpen) => !isOpen);
        }}
      >
        <span className="sort-menu__caption">{t.sortBy()}</span> {current && label(current.value)}
        <svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true" focusable="false">
          <path d="M5 8l5 5 5-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
      {open && (
        <ul id={menuId} ref={menuRef} className="sort-menu__list" role="menu" aria-label={t.sortByPrice()} onKeyDown={handleMenuKeyDown}>
          {PRICE_ORDERS.map((order) => {
            const chosen = order.value === value;
            return (
              <li key={order.value} role="none">
                <button
                  type="button"
                  role="menuitemradio"
                  aria-checked={chosen}
                  tabIndex={-1}
                  className="sort-menu__option"
                  onClick={() => {
                    onChange(order.value);
                    close();
                  }}
                >
                  <span className="sort-menu__tick" aria-hidden="true">
                    {chosen ? '✓' : ''}
                  </span>
                  {label(order.value)}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
