import { useState } from 'react';
import { Link } from 'react-router';

import type { Outcome } from '@/components/admin/outcome';
import { OutcomeMessage } from '@/components/admin/outcome-message';
import { useReplyOutcome } from '@/components/admin/use-reply-outcome';
import { adminAreaPaths } from '@/config/admin-area-paths';

import { useCodSettings, useRejectUnconfirmedMutation } from '../api/order-checks';
import { codMessages } from '../lib/order-checks';

import '../order-checks.css';

/**
 * The orders page's order-check tools: links to the rules and the blocklist, and 'Reject unconfirmed
 * orders', which asks first (naming the setting's hours) and then shows the server's message.
 */
export function OrderChecksBar() {
  const settings = useCodSettings();
  const reject = useRejectUnconfirmedMutation();
  const toOutcome = useReplyOutcome();
  const [asking, setAsking] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const hours = settings.data?.rejectUnconfirmedAfterHours;

  async function rejectNow() {
    if (reject.isPending) return;
    const reply = await reject.mutateAsync();
    setAsking(false);
    setOutcome(reply.kind === 'done' ? { tone: 'success', message: reply.data.message } : toOutcome(reply, ''));
  }

  return (
    <div className="order-checks-bar">
      <nav aria-label="Order checks">
        <ul className="order-checks-bar__links">
          <li>
            <Link to={adminAreaPaths.orderChecks.getHref()}>Order checks</Link>
          </li>
          <li>
            <Link to={adminAreaPaths.blocklist.getHref()}>Blocklist</Link>
          </li>
        </ul>
      </nav>
      {asking ? (
        <div className="order-checks-bar__ask" role="group" aria-label={codMessages.rejectUnconfirmed}>
          <p>
            Reject every pending order not confirmed within {hours === undefined ? 'the set time' : hours === 1 ? '1 hour' : `${hours} hours`}? Each
            is restocked and its shopper e-mailed.
          </p>
          <div className="admin-row__actions">
            <button
              type="button"
              className="button admin-button--danger-solid"
              disabled={reject.isPending}
              aria-busy={reject.isPending}
              onClick={() => void rejectNow()}
            >
              {codMessages.rejectUnconfirmedConfirm}
            </button>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => {
                setAsking(false);
              }}
            >
              Cancel
            </button>
          </div>
        </div>
      ) : (
        <button
          type="button"
          className="button button--secondary admin-button--danger"
          onClick={() => {
            setAsking(true);
            setOutcome(null);
          }}
        >
          {codMessages.rejectUnconfirmed}
        </button>
      )}
      <OutcomeMessage outcome={outcome} />
    </div>
  );
}
