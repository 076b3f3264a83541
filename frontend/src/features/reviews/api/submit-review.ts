import { useMutation, useQueryClient } from '@tanstack/react-query';

import {
  submitReviewByToken,
  submitReviewInternal,
  type InternalReviewFormBody,
  type TokenReviewFormBody,
} from '@/api/generated';
import { reviewedItemsQueryKey } from '@/api/generated/@tanstack/react-query.gen';
import { toServerReply } from '@/lib/server-reply';

/** POST /api/review-tokens/submit (multipart, pictures repeated under `images`); it uses the link up. */
export function useSubmitTokenReviewMutation() {
  return useMutation({
    mutationFn: (body: TokenReviewFormBody) => toServerReply(() => submitReviewByToken({ body })),
  });
}

/** POST /api/reviews/internal-submit (multipart, the session's customer); My Orders' 'Reviewed' follows. */
export function useSubmitInternalReviewMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InternalReviewFormBody) => toServerReply(() => submitReviewInternal({ body })),
    onSuccess: (reply) => {
      if (reply.kind === 'done') void queryClient.invalidateQueries({ queryKey: reviewedItemsQueryKey() });
    },
  });
}
