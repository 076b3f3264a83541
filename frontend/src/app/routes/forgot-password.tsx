import { ComingSoon } from '@/components/ui/coming-soon';

export default function ForgotPasswordRoute() {
  return <ComingSoon title="Reset Password" description="Request an e-mail with a link to choose a new password." />;
}
