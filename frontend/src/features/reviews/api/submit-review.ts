import { useMutation, useQueryClient } from '@tanstack/react-query';

import {
  submitReviewByToken,
  submitReviewInternal,
  type InternalReviewFormBody,
  type TokenReviewFormBody,
} from '@/api/generated';
import { reviewedItemsQueryKey } from '@/api/generated/@tanstack/react-query.gen';
import { toServerReply } from '@/lib/server-reply';
import { progressFetch } from '@/lib/upload-progress';

/** What a review submission sends, and where its upload progress (0 to 1) goes. */
interface Sending<B> {
  body: B;
  onProgress: (fraction: number) => void;
}

/** POST /api/review-tokens/submit (multipart, pictures repeated under `images`); it uses the link up. */
export function useSubmitTokenReviewMutation() {
  return useMutation({
    mutationFn: ({ body, onProgress }: Sending<TokenReviewFormBody>) =>
      toServerReply(() => submitReviewByToken({ body, fetch: progressFetch(onProgress) })),
  });
}

/** POST /api/reviews/internal-submit (multipart, the session's customer); My Orders' 'Reviewed' follows. */
export function useSubmitInternalReviewMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, onProgress }: Sending<InternalReviewFormBody>) =>
      toServerReply(() => submitReviewInternal({ body, fetch: progressFetch(onProgress) })),
    onSuccess: (reply) => {
      if (reply.kind === 'done') void queryClient.invalidateQueries({ queryKey: reviewedItemsQueryKey() });
    },
  });
}
