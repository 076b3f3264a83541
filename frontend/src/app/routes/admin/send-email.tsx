import { ComingSoon } from '@/components/ui/coming-soon';

export default function SendEmailRoute() {
  return <ComingSoon title="Send Email to Customer" description="Send an e-mail to all customers or to chosen ones." />;
}
