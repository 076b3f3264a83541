import * as z from 'zod/mini';

/** The login and sign-up forms' fields; the e-mail is trimmed, the password taken as typed. */
export const credentialFields = z.object({ email: z.string().check(z.trim()), password: z.string() });
