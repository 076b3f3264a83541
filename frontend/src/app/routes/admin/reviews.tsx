import { ComingSoon } from '@/components/ui/coming-soon';

export default function AdminReviewsRoute() {
  return <ComingSoon title="Review Requests" description="Approve or reject reviews and reply to them." />;
}
