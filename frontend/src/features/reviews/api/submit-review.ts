import { useMutation, useQueryClient } from '@tanstack/react-query';

import {
  submitReviewByToken,
  submitReviewInternal,
  type InternalReviewFormBody,
  type TokenReviewFormBody,
} from '@/api/generated';
import { reviewedItemsQueryKey } from '@/api/generated/@tanstack/react-query.gen';
import { toServerReply } from '@/lib/server-reply';

/** The progress-reporting fetch, loaded when first needed (in no page's preloaded files). */
async function uploadFetch(onProgress: (fraction: number) => void): Promise<typeof fetch> {
  const { progressFetch } = await import('@/lib/upload-progress');
  return progressFetch(onProgress);
}

/** What a review submission sends, and where its upload progress (0 to 1) goes. */
interface Sending<B> {
  body: B;
  onProgress: (fraction: number) => void;
}

/** POST /api/review-tokens/submit (multipart, pictures repeated under `images`); it uses the link up. */
export function useSubmitTokenReviewMutation() {
  return useMutation({
    mutationFn: ({ body, onProgress }: Sending<TokenReviewFormBody>) =>
      toServerReply(async () => submitReviewByToken({ body, fetch: await uploadFetch(onProgress) })),
  });
}

/** POST /api/reviews/internal-submit (multipart, the session's customer); My Orders' 'Reviewed' follows. */
export function useSubmitInternalReviewMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, onProgress }: Sending<InternalReviewFormBody>) =>
      toServerReply(async () => submitReviewInternal({ body, fetch: await uploadFetch(onProgress) })),
    onSuccess: (reply) => {
      if (reply.kind === 'done') void queryClient.invalidateQueries({ queryKey: reviewedItemsQueryKey() });
    },
  });
}
