import { BlocklistManager } from '@/features/order-admin/components/blocklist-manager';

/** /admin/blocklist: phones and e-mails refused cash on delivery, and the checkouts they refused. */
export default function BlocklistRoute() {
  return (
    <section className="page admin-page admin-page--checks" aria-labelledby="page-title">
      <title>Blocklist</title>
      <h1 id="page-title">Blocklist</h1>
      <BlocklistManager />
    </section>
  );
}
