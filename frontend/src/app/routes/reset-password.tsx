import { ComingSoon } from '@/components/ui/coming-soon';

export default function ResetPasswordRoute() {
  return <ComingSoon title="Choose a New Password" description="Set a new password with the link from your reset e-mail." />;
}
