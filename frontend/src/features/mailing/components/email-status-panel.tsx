import { LoadingBar } from '@/components/ui/loading-bar';

import { useEmailStatus } from '../api/bulk-email';
import { bulkEmailMessages } from '../lib/bulk-email';

import '../send-email.css';

/**
 * The outbox's counts: e-mails waiting, sent and given up (docs/contract.md §7), asked for again every few seconds
 * while the page is open and at once after a send. The last counts stay while a refresh fails.
 */
export function EmailStatusPanel() {
  const status = useEmailStatus();
  const counts: [string, number | undefined][] = [
    ['Queued', status.data?.queued],
    ['Sent', status.data?.sent],
    ['Failed', status.data?.failed],
  ];

  return (
    <section className="admin-section" aria-labelledby="email-status-title">
      <h2 id="email-status-title">Email status</h2>
      {status.isError && (
        <p className="admin-message admin-message--error" role="alert">
          {bulkEmailMessages.statusLoadFailed}
        </p>
      )}
      {status.isPending ? (
        <LoadingBar label="Loading email status" />
      ) : status.data === undefined ? null : (
        <dl className="admin-email-status">
          {counts.map(([label, count]) => (
            <div key={label} className="admin-email-status__item">
              <dt>{label}</dt>
              <dd>{String(count)}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
