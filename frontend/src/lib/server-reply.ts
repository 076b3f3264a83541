/**
 * What a call to the server came to: done with its data, refused by the server (with its status and, when the
 * answer is the contract's error body, its message), or unreachable (no answer at all). A refusal's field errors (`errors`) are read only by
 * `toServerReplyWithErrors` (`reply-with-errors.ts`), for the forms that show them, so the first load stays small.
 */
export type ServerReply<T> =
  | { kind: 'done'; data: T }
  | { kind: 'refused'; status: number; message: string | undefined; errors?: Readonly<Record<string, readonly string[]>> }
  | { kind: 'unreachable' };

interface GeneratedResult<T> {
  data?: T;
  error?: unknown;
  response?: Response;
}

/**
 * Reduces the generated client's `{data, error, response}` to a ServerReply. A fetch that failed answers
 * no response; an answer of the wrong shape throws in the generated validator and counts as a refusal.
 */
export async function toServerReply<T>(call: () => Promise<GeneratedResult<T>>): Promise<ServerReply<T>> {
  let result: GeneratedResult<T>;
  try {
    result = await call();
  } catch {
    return { kind: 'refused', status: 0, message: undefined };
  }
  const { data, error, response } = result;
  if (response === undefined) return { kind: 'unreachable' };
  if (response.ok && data !== undefined) return { kind: 'done', data };
  const { zErrorBody } = await import('@/api/generated/zod.gen');
  const body = zErrorBody.safeParse(error);
  return { kind: 'refused', status: response.status, message: body.success ? body.data.message : undefined };
}
