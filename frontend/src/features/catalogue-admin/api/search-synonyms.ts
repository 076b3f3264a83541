import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { replaceSearchSynonyms } from '@/api/generated';
import {
  getSearchSynonymsOptions,
  getSearchSynonymsQueryKey,
} from '@/api/generated/@tanstack/react-query.gen';
import { toServerReplyWithErrors } from '@/lib/reply-with-errors';

/** GET /api/admin/search-synonyms: the groups as stored, always read afresh. */
export function useSearchSynonyms() {
  return useQuery({ ...getSearchSynonymsOptions(), staleTime: 0 });
}

/** PUT /api/admin/search-synonyms; the groups now in force replace the cached ones. */
export function useReplaceSearchSynonymsMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (groups: string[][]) => toServerReplyWithErrors(() => replaceSearchSynonyms({ body: { groups } })),
    onSuccess: (reply) => {
      if (reply.kind === 'done') queryClient.setQueryData(getSearchSynonymsQueryKey(), reply.data);
    },
  });
}
