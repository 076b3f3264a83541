import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { addCoupon, deleteCoupon, setCouponDates, setCouponLimits, toggleCoupon, type CouponBody, type CouponDatesBody, type CouponLimitsBody } from '@/api/generated';
import { listCouponsOptions, listCouponsQueryKey } from '@/api/generated/@tanstack/react-query.gen';

import { toServerReply } from '@/lib/server-reply';

/** GET /api/coupons: every coupon, as it is now. */
export function useCoupons() {
  return useQuery({ ...listCouponsOptions({ query: { limit: 100 } }), staleTime: 0 });
}

function useCouponMutation<A, T>(call: (args: A) => Promise<{ data?: T; error?: unknown; response?: Response }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (args: A) => toServerReply(() => call(args)),
    onSuccess: (reply) => {
      if (reply.kind === 'done') void queryClient.invalidateQueries({ queryKey: listCouponsQueryKey() });
    },
  });
}

/** POST /api/coupons. */
export function useAddCouponMutation() {
  return useCouponMutation((body: CouponBody) => addCoupon({ body }));
}

/** PATCH /api/coupons/toggle/{id}: activates a paused coupon or pauses an active one. */
export function useToggleCouponMutation() {
  return useCouponMutation((id: string) => toggleCoupon({ path: { id } }));
}

/** PATCH /api/coupons/limits/{id}: the coupon's usage limits (empty: none). */
export function useSetCouponLimitsMutation() {
  return useCouponMutation(({ id, body }: { id: string; body: CouponLimitsBody }) => setCouponLimits({ path: { id }, body }));
}

/** PATCH /api/coupons/dates/{id}: the coupon's first and last day. */
export function useSetCouponDatesMutation() {
  return useCouponMutation(({ id, body }: { id: string; body: CouponDatesBody }) => setCouponDates({ path: { id }, body }));
}

/** DELETE /api/coupons/{id}. */
export function useDeleteCouponMutation() {
  return useCouponMutation((id: string) => deleteCoupon({ path: { id } }));
}
