import type { ListProductsResponse } from '@/api/generated';

/** A product as the API returns it (generated from the OpenAPI document). */
export type Product = ListProductsResponse[number];
