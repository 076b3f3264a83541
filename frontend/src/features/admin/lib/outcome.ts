import { failureMessage } from './messages';
import type { ServerReply } from '@/lib/server-reply';

/** A message shown after an action: green when it worked, red when it did not. */
export interface Outcome {
  tone: 'success' | 'error';
  message: string;
}

/** `success` when the call was done, else '❌ {the server's message or Something went wrong}'. */
export function outcomeOf(reply: ServerReply<unknown>, success: string): Outcome {
  if (reply.kind === 'done') return { tone: 'success', message: success };
  return { tone: 'error', message: failureMessage(reply.kind === 'refused' ? reply.message : undefined) };
}
