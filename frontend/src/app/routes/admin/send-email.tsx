import { EmailStatusPanel } from '@/features/mailing/components/email-status-panel';
import { SendEmailForm } from '@/features/mailing/components/send-email-form';

/** /admin/send-email: an e-mail to every customer or to chosen ones, and the outbox's counts below. */
export default function SendEmailRoute() {
  return (
    <section className="page admin-page" aria-labelledby="page-title">
      <title>Send Email to Customer</title>
      <h1 id="page-title">Send Email to Customer</h1>
      <SendEmailForm />
      <EmailStatusPanel />
    </section>
  );
}
