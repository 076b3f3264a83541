import { ComingSoon } from '@/components/ui/coming-soon';

export default function AddReviewRoute() {
  return <ComingSoon title="Write a Review" description="Review a delivered product with the link from your e-mail." />;
}
