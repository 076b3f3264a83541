import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';

import { customerOrdersApi, type OrderResponse, type OrdersResponse } from '@/api/generated';
import { customerOrdersApiInfiniteQueryKey } from '@/api/generated/@tanstack/react-query.gen';

/** How many orders a page of My Orders holds. */
export const MY_ORDERS_PAGE_SIZE = 10;

/** The API says nobody (or somebody else) is signed in: 401 or 403. */
export class OrdersSignedOutError extends Error {
  constructor() {
    super('You must be logged in to view your orders.');
    this.name = 'OrdersSignedOutError';
  }
}

/**
 * GET /api/orders/user/{uid} page by page (newest first) under the generated infinite key; a further page is
 * asked for only while fewer orders are loaded than the answer's `total`. A 401 or 403 throws
 * OrdersSignedOutError; any other failure a plain Error.
 */
export function getMyOrdersQueryOptions(uid: string, pageSize = MY_ORDERS_PAGE_SIZE) {
  const options = { path: { uid }, query: { limit: pageSize } };
  return infiniteQueryOptions({
    queryKey: customerOrdersApiInfiniteQueryKey(options),
    queryFn: async ({ pageParam, signal }): Promise<OrdersResponse> => {
      const { data, response } = await customerOrdersApi({ ...options, query: { limit: pageSize, offset: pageParam }, signal });
      if (data) return data;
      const status = (response as Response | undefined)?.status;
      if (status === 401 || status === 403) throw new OrdersSignedOutError();
      throw new Error('Your orders could not be loaded.');
    },
    initialPageParam: 0,
    getNextPageParam: (lastPage, pages) => {
      const loaded = pages.reduce((count, page) => count + page.orders.length, 0);
      return loaded < lastPage.total && lastPage.orders.length > 0 ? loaded : undefined;
    },
    retry: (failureCount, error) => !(error instanceof OrdersSignedOutError) && failureCount < 1,
  });
}

export function useMyOrders(uid: string) {
  return useInfiniteQuery({ ...getMyOrdersQueryOptions(uid), enabled: uid !== '', staleTime: 0 });
}

/** The pages as one list, each order once (an order placed meanwhile pushes the next page back by one). */
export function ordersOfPages(data: InfiniteData<OrdersResponse> | undefined): OrderResponse[] {
  return [...new Map(data?.pages.flatMap((page) => page.orders).map((order) => [order._id, order])).values()];
}
