import { ComingSoon } from '@/components/ui/coming-soon';

export default function AdminLoginRoute() {
  return <ComingSoon title="Admin Login" description="The shop administrator signs in here." />;
}
