import { LoadingBar } from '@/components/ui/loading-bar';
import { useCoupons } from '@/features/catalogue-admin/api/coupons';
import { CouponForm } from '@/features/catalogue-admin/components/coupon-form';
import { CouponList } from '@/features/catalogue-admin/components/coupon-list';
import { catalogueMessages } from '@/features/catalogue-admin/lib/messages';

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
            {catalogueMessages.couponsLoadFailed}
          </p>
        ) : (
          <CouponList coupons={coupons.data} />
        )}
      </section>
    </section>
  );
}
