import { useQuery } from '@tanstack/react-query';

import { reviewedItemsOptions } from '@/api/generated/@tanstack/react-query.gen';

/** The key of a reviewed item: its product and order. */
export function reviewedKey(productId: string, orderId: string): string {
  return `${productId}:${orderId}`;
}

/** GET /api/review-tokens/status?userId= on the generated options: the signed-in customer's reviewed items. */
export function getReviewedItemsQueryOptions(uid: string) {
  return reviewedItemsOptions({ query: { userId: uid } });
}

/** The (product, order) pairs the customer has reviewed, as a set of `reviewedKey`s; empty until known. */
export function useReviewedItems(uid: string) {
  const query = useQuery({
    ...getReviewedItemsQueryOptions(uid),
    enabled: uid !== '',
    staleTime: 0,
    select: (answer) => new Set(answer.reviewed.map((item) => reviewedKey(item.productId, item.orderId))),
  });
  return { reviewed: query.data ?? new Set<string>(), isPending: query.isPending && uid !== '' };
}
