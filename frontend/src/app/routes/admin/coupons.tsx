import { LoadingBar } from '@/components/ui/loading-bar';
import { useCoupons } from '@/features/admin/api/coupons';
import { CouponForm } from '@/features/admin/components/coupon-form';
import { CouponList } from '@/features/admin/components/coupon-list';
import { adminMessages } from '@/features/admin/lib/messages';

/** /admin/coupons: the add form, then every coupon with activate/pause and delete. */
export default function CouponsRoute() {
  const coupons = useCoupons();

  return (
    <section className="page admin-page" aria-labelledby="page-title">
      <title>Manage Coupons</title>
      <h1 id="page-title">Manage Coupons</h1>
      <CouponForm />
      <section className="admin-section" aria-labelledby="coupon-list-title">
        <h2 id="coupon-list-title">Coupons</h2>
        {coupons.isPending ? (
          <LoadingBar label="Loading coupons" />
        ) : coupons.isError ? (
          <p className="admin-message admin-message--error" role="alert">
            {adminMessages.couponsLoadFailed}
          </p>
        ) : (
          <CouponList coupons={coupons.data} />
        )}
      </section>
    </section>
  );
}
