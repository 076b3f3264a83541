import { DeliveryChargeSettings } from '@/features/catalogue-admin/components/delivery-charge-settings';
import { ShopInfoSettings } from '@/features/catalogue-admin/components/shop-info-settings';

export default function DeliveryChargeRoute() {
  return (
    <section className="page admin-page" aria-labelledby="page-title">
      <title>Delivery Charges</title>
      <h1 id="page-title">Delivery Charges</h1>
      <DeliveryChargeSettings />
      <ShopInfoSettings />
    </section>
  );
}
