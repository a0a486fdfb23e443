import type { FetchBaseQueryMeta } from '@reduxjs/toolkit/query';
import type { Locale } from '../../lib/locale';
import type { ApiError } from '../../lib/api/api-error';
import { api } from '../../lib/api/api';
import { uuidV7 } from '@plenty/contracts/uuid-v7';

/** An ApiError with the server's Retry-After, in seconds, when it sent one. */
export type AuthCommandError = ApiError & { readonly retryAfterSeconds: number | null };

function withRetryAfter(error: ApiError, meta: FetchBaseQueryMeta | undefined): AuthCommandError {
  const header = meta?.response?.headers.get('retry-after') ?? null;
  const seconds = header === null ? Number.NaN : Number(header);
  return { ...error, retryAfterSeconds: Number.isFinite(seconds) ? seconds : null };
}

const command = (name: string, body: object) => ({
  url: `commands/${name}`,
  method: 'POST',
  body: { commandId: uuidV7(), ...body },
});

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Mails a 6-digit code to the signed-in user, in their language. */
    sendVerificationCode: build.mutation<unknown, { locale: Locale }>({
      query: ({ locale }) => command('SendVerificationCode', { locale }),
      transformErrorResponse: withRetryAfter,
    }),
    /** Checks the code; on success the server marks the user's email verified. */
    verifyEmail: build.mutation<unknown, { code: string }>({
      query: ({ code }) => command('VerifyEmail', { code }),
      transformErrorResponse: withRetryAfter,
    }),
    /** Mails a reset link when the address has an account; the answer is the same either way. */
    requestPasswordReset: build.mutation<unknown, { email: string; locale: Locale }>({
      query: ({ email, locale }) => command('RequestPasswordReset', { email, locale }),
      transformErrorResponse: withRetryAfter,
    }),
  }),
});

export const { useSendVerificationCodeMutation, useVerifyEmailMutation, useRequestPasswordResetMutation } = authApi;
