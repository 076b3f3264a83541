import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import {
  confirmPasswordReset,
  googleLogin,
  logIn,
  requestPasswordReset,
  saveUser,
  signUp,
} from '@/api/generated';
import { googleStatusOptions } from '@/api/generated/@tanstack/react-query.gen';

import { toServerReply, type ServerReply } from '@/lib/server-reply';
import { setCurrentUser, type CurrentUser } from './current-user';

export interface Credentials {
  email: string;
  password: string;
  /** The shopper's name, asked at sign-up. */
  name?: string;
}

/**
 * POST /api/users/auth/save-user after login or sign-up (docs/spec.md §7) with the account's name; a blank one
 * keeps the name the account has (never 'Customer'). The shopper is signed in whatever it answers, so a
 * failure is only logged.
 */
async function saveProfile(user: CurrentUser): Promise<void> {
  const reply = await toServerReply(() => saveUser({ body: { name: user.name.trim() } }));
  if (reply.kind !== 'done') console.error('failed to save user profile', reply);
}

/** Signs in (or up) through `call`; on success saves the profile and puts the user in the cache. */
function useSignInMutation(call: (credentials: Credentials) => Promise<ServerReply<CurrentUser>>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (credentials: Credentials) => {
      const reply = await call(credentials);
      if (reply.kind === 'done') await saveProfile(reply.data);
      return reply;
    },
    onSuccess: (reply) => {
      if (reply.kind === 'done') setCurrentUser(queryClient, reply.data);
    },
  });
}

/** POST /api/auth/login. */
export function useLoginMutation() {
  return useSignInMutation(({ email, password }) => toServerReply(() => logIn({ body: { email, password } })));
}

/** POST /api/auth/signup: creates the account and signs it in. */
export function useSignupMutation() {
  return useSignInMutation((credentials) => toServerReply(() => signUp({ body: credentials })));
}

/** Where a Google sign-in began ('login' or 'signup') and the page to return to afterwards. */
export interface GoogleSignIn {
  intent: 'login' | 'signup';
  next: string;
}

/**
 * Whether the shop offers 'Login with Google' (GET /api/auth/google/status): true only once the server said
 * so; asked once per visit.
 */
export function useGoogleSignInOffered(): boolean {
  return useQuery({ ...googleStatusOptions(), staleTime: Infinity, retry: false }).data?.configured === true;
}

/**
 * 'Login with Google': asks GET /api/auth/google without following its redirect. A configured server
 * answers with a redirect to Google, and the browser is then sent there for real (the server keeps the
 * sign-in in a short-lived cookie and, afterwards, sends the browser back to `next`, or to the page it began
 * on with `?google=failed`); anything else (503 when Google is not configured, no answer) answers false.
 */
export function useGoogleLoginMutation() {
  return useMutation({
    mutationFn: async (signIn: GoogleSignIn) => {
      // The generated client leaves `response` undefined when the fetch itself failed.
      let result: { response?: Response };
      try {
        result = await googleLogin({ query: { ...signIn }, redirect: 'manual' });
      } catch {
        return false;
      }
      if (result.response?.type !== 'opaqueredirect') return false;
      window.location.assign(result.response.url);
      return true;
    },
  });
}

/** POST /api/auth/password-reset: answers 202 whether or not the account exists. */
export function useRequestPasswordResetMutation() {
  return useMutation({
    mutationFn: (email: string) => toServerReply(() => requestPasswordReset({ body: { email } })),
  });
}

/** POST /api/auth/password-reset/confirm with the token from the e-mail's link. */
export function useConfirmPasswordResetMutation() {
  return useMutation({
    mutationFn: (body: { token: string; password: string }) =>
      toServerReply(() => confirmPasswordReset({ body })),
  });
}
