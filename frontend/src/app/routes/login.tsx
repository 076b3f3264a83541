import { ComingSoon } from '@/components/ui/coming-soon';

export default function LoginRoute() {
  return <ComingSoon title="Welcome Back" description="Log in with your e-mail and password or with Google." />;
}
