import { useRecheckAdmin } from '@/lib/admin-session';
import type { ServerReply } from '@/lib/server-reply';

import { outcomeOf, type Outcome } from './outcome';

/**
 * Turns an admin call's reply into the message to show; a 401 (the session has ended) also makes the guard
 * ask again, which sends the owner to log in and back.
 */
export function useReplyOutcome() {
  const recheckAdmin = useRecheckAdmin();
  return (reply: ServerReply<unknown>, success: string): Outcome => {
    if (reply.kind === 'refused' && reply.status === 401) void recheckAdmin();
    return outcomeOf(reply, success);
  };
}
