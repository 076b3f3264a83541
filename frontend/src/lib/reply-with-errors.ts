import { toServerReply, type ServerReply } from './server-reply';

interface GeneratedResult<T> {
  data?: T;
  error?: unknown;
  response?: Response;
}

/** `toServerReply`, with a refusal's field errors (`{"errors": {"value": ["..."]}}`) when the body has them. */
export async function toServerReplyWithErrors<T>(call: () => Promise<GeneratedResult<T>>): Promise<ServerReply<T>> {
  let result: GeneratedResult<T> | undefined;
  const reply = await toServerReply(async () => (result = await call()));
  if (reply.kind !== 'refused') return reply;
  const { zErrorBody } = await import('@/api/generated/zod.gen');
  const body = zErrorBody.safeParse(result?.error);
  return body.success && body.data.errors ? { ...reply, errors: body.data.errors } : reply;
}
