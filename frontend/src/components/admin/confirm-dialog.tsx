import { useEffect, useId, useRef, type KeyboardEvent } from 'react';

interface ConfirmDialogProps {
  /** The question, naming the order: 'Mark #12 returned?' */
  title: string;
  /** What happens: '2 items go back into stock and Sana is e-mailed. This cannot be undone.' */
  message: string;
  /** The confirming button's words ('Return & Restock'). */
  confirmLabel: string;
  /** Red for what takes away (reject, return), the primary colour otherwise. */
  danger?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * A modal question before a final or stock-moving action (docs/decisions/0040-the-owners-day.md): an
 * `alertdialog` over a dimmed page, its title and message read on opening, focus on 'Cancel' (the safe
 * answer), Tab kept inside, Escape or a tap outside cancelling; the opener gets focus back on closing.
 */
export function ConfirmDialog({ title, message, confirmLabel, danger = false, busy = false, onConfirm, onCancel }: ConfirmDialogProps) {
  const id = useId();
  const cancel = useRef<HTMLButtonElement>(null);
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    cancel.current?.focus();
    return () => {
      opener?.focus();
    };
  }, []);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onCancel();
      return;
    }
    if (event.key !== 'Tab') return;
    const buttons = Array.from(box.current?.querySelectorAll<HTMLButtonElement>('button:not([disabled])') ?? []);
    const first = buttons[0];
    const last = buttons.at(-1);
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first?.focus();
    }
  }

  return (
    <div
      className="confirm-dialog__backdrop"
      onPointerDown={(event) => {
        if (event.target === event.currentTarget) onCancel();
      }}
    >
      <div
        ref={box}
        className="confirm-dialog"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-message`}
        onKeyDown={onKeyDown}
      >
        <h2 id={`${id}-title`} className="confirm-dialog__title">
          {title}
        </h2>
        <p id={`${id}-message`} className="confirm-dialog__message">
          {message}
        </p>
        <div className="confirm-dialog__actions">
          <button ref={cancel} type="button" className="button button--secondary" onClick={onCancel}>
            Cancel
          </button>
          <button
            type="button"
            className={`button${danger ? ' admin-button--danger-solid' : ''}`}
            disabled={busy}
            aria-busy={busy}
            onClick={onConfirm}
          >
            {confirmLabel}
          </button>
        </div>
      </div>
    </div>
  );
}
