import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { changeProduct, deleteProduct, toggleFeatured, uploadProduct, type ProductFormBody } from '@/api/generated';
import {
  adminProductsOptions,
  adminProductsQueryKey,
  getProductOptions,
  productsByCategoryOptions,
} from '@/api/generated/@tanstack/react-query.gen';
import { MAX_PAGE_SIZE } from '@/api/rules/admin.gen';

import { invalidateAfter } from '@/lib/invalidation';
import { toServerReply } from '@/lib/server-reply';

/** Where the upload's progress (0 to 1) goes. */
type OnProgress = (fraction: number) => void;

const noProgress: OnProgress = () => undefined;

/** The progress-reporting fetch, loaded when first needed (in no page's preloaded files). */
async function uploadFetch(onProgress: OnProgress): Promise<typeof fetch> {
  const { progressFetch } = await import('@/lib/upload-progress');
  return progressFetch(onProgress);
}

/** How many products the manage page shows at a time (the server's largest page). */
export const ADMIN_PAGE_SIZE = MAX_PAGE_SIZE;

/** What the owner searches the products by; empty text means any. */
export interface ProductSearch {
  q: string;
  category: string;
  stock: 'all' | 'out' | 'low';
}

export const anyProduct: ProductSearch = { q: '', category: '', stock: 'all' };

/** GET /api/admin/products: one page of the products the search finds (searched by the server), and their count. */
export function useAdminProducts(search: ProductSearch, offset: number) {
  const q = search.q.trim();
  return useQuery({
    ...adminProductsOptions({
      query: {
        limit: ADMIN_PAGE_SIZE,
        offset,
        ...(q === '' ? {} : { q }),
        ...(search.category === '' ? {} : { category: search.category }),
        stock: search.stock,
      },
    }),
    staleTime: 0,
    placeholderData: (previous) => previous,
  });
}

/** GET /api/products/{id}, fresh, for the edit form. */
export function useAdminProduct(id: string) {
  return useQuery({ ...getProductOptions({ path: { id } }), staleTime: 0 });
}

/** GET /api/products/by-category/{id}; waits until a category is picked. */
export function useProductsByCategory(categoryId: string) {
  return useQuery({
    ...productsByCategoryOptions({ path: { id: categoryId } }),
    enabled: categoryId !== '',
    staleTime: 0,
  });
}

function useProductMutation<A, T>(call: (args: A) => Promise<{ data?: T; error?: unknown; response?: Response }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (args: A) => toServerReply(() => call(args)),
    onSuccess: (reply) => {
      if (reply.kind === 'done') {
        invalidateAfter(queryClient, 'product');
        // The owner's searched list lives in this lazy chunk only, so it is named here, not in the shared list.
        void queryClient.invalidateQueries({ queryKey: adminProductsQueryKey() });
      }
    },
  });
}

/** POST /api/products/upload (multipart, pictures under `media`), reporting the upload's progress. */
export function useUploadProductMutation() {
  return useProductMutation(({ body, onProgress = noProgress }: { body: ProductFormBody; onProgress?: OnProgress }) =>
    uploadFetch(onProgress).then((fetch) => uploadProduct({ body, fetch })),
  );
}

/** PUT /api/products/{id} (multipart: the media to keep under `existingMedia`, new files under `media`). */
export function useChangeProductMutation() {
  return useProductMutation(({ id, body, onProgress = noProgress }: { id: string; body: ProductFormBody; onProgress?: OnProgress }) =>
    uploadFetch(onProgress).then((fetch) => changeProduct({ path: { id }, body, fetch })),
  );
}

/** DELETE /api/products/{id}. */
export function useDeleteProductMutation() {
  return useProductMutation((id: string) => deleteProduct({ path: { id } }));
}

/** PATCH /api/products/toggle-featured/{id}, answering whether it is featured now. */
export function useToggleFeaturedMutation() {
  return useProductMutation((id: string) => toggleFeatured({ path: { id } }));
}
