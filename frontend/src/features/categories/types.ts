import type { ListCategoriesResponse } from '@/api/generated';

/** A category as the API returns it (generated from the OpenAPI document). */
export type Category = ListCategoriesResponse[number];

export interface CategoryNode {
  category: Category;
  children: CategoryNode[];
}
