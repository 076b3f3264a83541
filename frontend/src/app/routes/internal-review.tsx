import { ComingSoon } from '@/components/ui/coming-soon';

export default function InternalReviewRoute() {
  return <ComingSoon title="Write a Review" description="Rate a product you received and add a comment and photos." />;
}
