/** One message per field, by the server's key for it (`value`, `rules[0].points`). */
export type FieldErrors = Record<string, string>;

/** The server's field errors (`{"errors": {"value": ["..."]}}`), the first message of each. */
export function firstErrors(errors: Readonly<Record<string, readonly string[]>> | null | undefined): FieldErrors {
  const first: FieldErrors = {};
  for (const [key, messages] of Object.entries(errors ?? {})) if (messages[0] !== undefined) first[key] = messages[0];
  return first;
}
