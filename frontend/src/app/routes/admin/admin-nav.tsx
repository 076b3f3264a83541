import { useEffect, useId, useRef, useState } from 'react';
import { NavLink, useLocation } from 'react-router';

import { adminAreaPaths } from '@/config/admin-area-paths';

import { adminMenu } from './admin-paths';

/**
 * The top bar's way to every admin page: 'Dashboard' and 'Orders' in the bar from 640 px (on a phone the menu
 * starts with 'Dashboard', so the bar keeps one row), and a 'Menu' button that
 * opens every page grouped (at 360 px a full-width panel under the bar; on a desktop a panel at the right). It
 * closes on a choice, on Escape (focus back on the button) and on a tap outside.
 */
export function AdminNav() {
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  const id = useId();
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);

  const close = () => {
    setOpen(false);
  };

  // A page chosen (or any other navigation) closes the menu: adjusted while rendering the new address.
  const [shownAt, setShownAt] = useState(pathname);
  if (shownAt !== pathname) {
    setShownAt(pathname);
    setOpen(false);
  }

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        button.current?.focus();
      }
    };
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!panel.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  return (
    <>
      <NavLink to={adminAreaPaths.dashboard.getHref()} className="admin-bar__link admin-bar__link--wide">
        Dashboard
      </NavLink>
      <NavLink to={adminAreaPaths.orders.getHref()} className="admin-bar__link admin-bar__link--wide">
        Orders
      </NavLink>
      <button
        ref={button}
        type="button"
        className="admin-bar__link admin-bar__menu-button"
        aria-expanded={open}
        aria-controls={`${id}-menu`}
        onClick={() => {
          setOpen((current) => !current);
        }}
      >
        Menu
      </button>
      <div ref={panel} id={`${id}-menu`} className="admin-menu" hidden={!open}>
        <NavLink to={adminAreaPaths.dashboard.getHref()} end className="admin-menu__link admin-menu__home" onClick={close}>
          Dashboard
        </NavLink>
        {adminMenu.map((section) => (
          <section key={section.group} className="admin-menu__group" aria-labelledby={`${id}-${section.group}`}>
            <h2 id={`${id}-${section.group}`} className="admin-menu__title">
              {section.group}
            </h2>
            <ul className="admin-menu__list">
              {section.items.map((item) => (
                <li key={item.href}>
                  <NavLink to={item.href} className="admin-menu__link" onClick={close}>
                    {item.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </>
  );
}
