import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { addCategory, changeCategory, deleteCategory } from '@/api/generated';

import { getAllCategoriesQueryOptions } from '@/lib/categories-query';
import { invalidateAfter } from '@/lib/invalidation';
import { toServerReply } from '@/lib/server-reply';

/**
 * The storefront's query (every category, page after page, under the same key), but the admin pages always
 * ask again on arrival to show the categories as they are now (the storefront menu may cache them).
 */
export function getAdminCategoriesQueryOptions() {
  return { ...getAllCategoriesQueryOptions(), staleTime: 0 };
}

/** GET /api/categories: every category, parents first, each with its full path. */
export function useAdminCategories() {
  return useQuery(getAdminCategoriesQueryOptions());
}

function useCategoryMutation<A, T>(call: (args: A) => Promise<{ data?: T; error?: unknown; response?: Response }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (args: A) => toServerReply(() => call(args)),
    onSuccess: (reply) => {
      if (reply.kind === 'done') invalidateAfter(queryClient, 'category');
    },
  });
}

/** POST /api/categories: a root category when `parent` is empty; its Urdu name only when one is given. */
export function useAddCategoryMutation() {
  return useCategoryMutation(({ name, nameUr, parent }: { name: string; nameUr?: string; parent: string }) =>
    addCategory({ body: { name, ...(nameUr ? { nameUr } : {}), parent: parent === '' ? null : parent } }),
  );
}

/** PUT /api/categories/{id} with only the name: the parent stays where it is. */
export function useRenameCategoryMutation() {
  return useCategoryMutation(({ id, name }: { id: string; name: string }) =>
    changeCategory({ path: { id }, body: { name } }),
  );
}

/** DELETE /api/categories/{id}; refused (409) while it still has products or sub-categories. */
export function useDeleteCategoryMutation() {
  return useCategoryMutation((id: string) => deleteCategory({ path: { id } }));
}
