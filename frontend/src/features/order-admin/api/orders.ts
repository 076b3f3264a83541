import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery, useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';

import { adminOrders, changeOrderStatus, type AdminOrderResponse, type AdminOrdersResponse } from '@/api/generated';
import { adminOrdersInfiniteQueryKey } from '@/api/generated/@tanstack/react-query.gen';

import { invalidateAfter } from '@/lib/invalidation';
import { toServerReply } from '@/lib/server-reply';

import { orderChecksQuery, type OrderChecksFilter } from '../lib/order-checks';

/** How many orders the admin's list shows at a time. */
export const ADMIN_ORDERS_PAGE_SIZE = 20;

/** The list's search (`q`, server-side) and status filter; empty means none; and its order checks' sort and filters. */
export interface OrderFilter extends Partial<OrderChecksFilter> {
  q: string;
  status: string;
}

function queryOf({ q, status, ...checks }: OrderFilter, limit: number) {
  return {
    limit,
    ...(q.trim() !== '' && { q: q.trim() }),
    ...(status !== '' && { status }),
    ...orderChecksQuery({
      sort: checks.sort ?? 'newest',
      minRisk: checks.minRisk ?? '',
      confirmed: checks.confirmed ?? '',
      whatsapp: checks.whatsapp ?? '',
    }),
  };
}

/**
 * GET /api/orders (admin) page by page, newest first, searched and filtered by the server, under the
 * generated infinite key; a further page while fewer are loaded than `total`.
 */
export function getAdminOrdersQueryOptions(filter: OrderFilter, pageSize = ADMIN_ORDERS_PAGE_SIZE) {
  const query = queryOf(filter, pageSize);
  return infiniteQueryOptions({
    queryKey: adminOrdersInfiniteQueryKey({ query }),
    queryFn: async ({ pageParam, signal }): Promise<AdminOrdersResponse> => {
      const { data } = await adminOrders({ query: { ...query, offset: pageParam }, signal, throwOnError: true });
      return data;
    },
    initialPageParam: 0,
    getNextPageParam: (lastPage, pages) => {
      const loaded = pages.reduce((count, page) => count + page.orders.length, 0);
      return loaded < lastPage.total && lastPage.orders.length > 0 ? loaded : undefined;
    },
  });
}

/** The list for `filter`; while a new search or filter loads, the previous results stay on screen. */
export function useAdminOrders(filter: OrderFilter) {
  return useInfiniteQuery({ ...getAdminOrdersQueryOptions(filter), staleTime: 0, placeholderData: keepPreviousData });
}

/** The pages as one list, each order once. */
export function ordersOfPages(data: InfiniteData<AdminOrdersResponse> | undefined): AdminOrderResponse[] {
  return [...new Map(data?.pages.flatMap((page) => page.orders).map((order) => [order._id, order])).values()];
}

/** PUT /api/orders/{id}/status; on success every loaded list of orders is asked again. */
export function useChangeOrderStatusMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status, comment }: { id: string; status: string; comment?: string }) =>
      toServerReply(() => changeOrderStatus({ path: { id }, body: { status, ...(comment !== undefined && { comment }) } })),
    onSuccess: (reply) => {
      if (reply.kind === 'done') invalidateAfter(queryClient, 'order');
    },
  });
}
