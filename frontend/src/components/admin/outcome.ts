import type { ServerReply } from '@/lib/server-reply';

/** A message shown after an action: green when it worked, red when it did not. */
export interface Outcome {
  tone: 'success' | 'error';
  message: string;
}

/** What a failure says when the server gave no message (docs/spec.md §8). */
export const SOMETHING_WENT_WRONG = 'Something went wrong';

/** '❌ {message}', falling back to 'Something went wrong' when the server gave none (docs/spec.md §8). */
export function failureMessage(message: string | undefined): string {
  return `❌ ${message ?? SOMETHING_WENT_WRONG}`;
}

/** `success` when the call was done, else '❌ {the server's message or Something went wrong}'. */
export function outcomeOf(reply: ServerReply<unknown>, success: string): Outcome {
  if (reply.kind === 'done') return { tone: 'success', message: success };
  return { tone: 'error', message: failureMessage(reply.kind === 'refused' ? reply.message : undefined) };
}
