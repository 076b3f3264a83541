interface QuantityStepperProps {
  quantity: number;
  /** The most the cart may hold (the stock); plus is disabled once reached. */
  max: number;
  onDecrement: () => void;
  onIncrement: () => void;
  /** The minus button's accessible name: 'Remove' on cards (docs/spec.md §2). */
  decrementLabel: string;
  incrementLabel?: string;
  /** The group's accessible name. */
  groupLabel?: string;
  /** Names the product the buttons act on. */
  describedBy?: string;
}

/** Minus, count, plus. */
export function QuantityStepper({
  quantity,
  max,
  onDecrement,
  onIncrement,
  decrementLabel,
  incrementLabel = 'Add one more',
  groupLabel = 'Quantity',
  describedBy,
}: QuantityStepperProps) {
  return (
    <div className="stepper" role="group" aria-label={groupLabel} aria-describedby={describedBy}>
      <button type="button" className="stepper__button" aria-label={decrementLabel} aria-describedby={describedBy} onClick={onDecrement}>
        <span aria-hidden="true">−</span>
      </button>
      <output className="stepper__count" aria-live="polite">
        {quantity}
      </output>
      <button
        type="button"
        className="stepper__button"
        aria-label={incrementLabel}
        aria-describedby={describedBy}
        disabled={quantity >= max}
        onClick={onIncrement}
      >
        <span aria-hidden="true">+</span>
      </button>
    </div>
  );
}
