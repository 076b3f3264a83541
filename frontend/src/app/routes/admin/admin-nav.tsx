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
  // The address the menu was opened at (null: closed). A navigation to a page not loaded yet changes the
  // address at once but the router's location only when the page arrives; a menu opened meanwhile belongs to
  // the new address, so the page's arrival leaves it open.
  const [openedFor, setOpenedFor] = useState<string | null>(null);
  const open = openedFor !== null;
  const { pathname } = useLocation();
  const id = useId();
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);

  const close = () => {
    setOpenedFor(null);
  };

  // A page chosen (or any other navigation: back, forward) closes the menu, unless it was opened for the
  // address now shown: adjusted while rendering the new address.
  const [shownAt, setShownAt] = useState(pathname);
  if (shownAt !== pathname) {
    setShownAt(pathname);
    if (openedFor !== pathname) setOpenedFor(null);
  }

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpenedFor(null);
        button.current?.focus();
      }
    };
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!panel.current?.contains(target) && !button.current?.contains(target)) setOpenedFor(null);
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
          setOpenedFor(open ? null : globalThis.location.pathname);
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
