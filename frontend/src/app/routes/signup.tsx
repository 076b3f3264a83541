import { ComingSoon } from '@/components/ui/coming-soon';

export default function SignupRoute() {
  return <ComingSoon title="Create Account" description="Sign up with your e-mail and a password or with Google." />;
}
