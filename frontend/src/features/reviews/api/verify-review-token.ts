import { useQuery } from '@tanstack/react-query';

import { verifyReviewToken, type TokenVerifyResponse } from '@/api/generated';
import { verifyReviewTokenQueryKey } from '@/api/generated/@tanstack/react-query.gen';
import { reviewTokenInvalid } from '@/api/rules/review.gen';
import { toServerReply } from '@/lib/server-reply';

/** The link could not be used: `message` is the server's, else 'Invalid or expired token.' (docs/spec.md §8). */
export class ReviewLinkError extends Error {
  constructor(message: string | undefined) {
    super(message ?? reviewTokenInvalid);
    this.name = 'ReviewLinkError';
  }
}

/** GET /api/review-tokens/verify?token= under the generated key: the link's product, or a ReviewLinkError. */
export function getVerifyReviewTokenQueryOptions(token: string) {
  const options = { query: { token } };
  return {
    queryKey: verifyReviewTokenQueryKey(options),
    queryFn: async ({ signal }: { signal: AbortSignal }): Promise<TokenVerifyResponse> => {
      const reply = await toServerReply(() => verifyReviewToken({ ...options, signal }));
      if (reply.kind === 'done') return reply.data;
      throw new ReviewLinkError(reply.kind === 'refused' ? reply.message : undefined);
    },
    retry: false,
    staleTime: Infinity,
  };
}

export function useVerifyReviewToken(token: string) {
  return useQuery({ ...getVerifyReviewTokenQueryOptions(token), enabled: token !== '' });
}
