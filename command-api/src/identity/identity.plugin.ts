import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { IdentityProviderAdmin } from '@plenty/platform/auth/identity-admin';
import type { TokenVerifier } from '@plenty/platform/auth/port';
import type { EventCodec } from '@plenty/platform/crypto/event-codec';
import type { EventStore } from '@plenty/platform/event-store/port';
import { installRateLimits, type LimitRule } from '@plenty/platform/http/rate-limit';
import type { Mailer } from '@plenty/platform/mail/port';
import { callerOf, commandRoutes } from '../command-routes.js';
import { runCommand, type PipelineDeps } from '../pipeline/run-command.js';
import { BackgroundQueue, mailPasswordReset } from './password-reset.js';
import { sendVerificationCodeStream, verifyEmailStream, VerificationRefused } from './verification.stream.js';

/** How many requests each counter allows per window (per instance). */
export interface IdentityLimits {
  readonly verificationPerUser: { readonly max: number; readonly windowSeconds: number };
  readonly verificationPerIp: { readonly max: number; readonly windowSeconds: number };
  readonly resetPerIp: { readonly max: number; readonly windowSeconds: number };
  readonly resetPerEmail: { readonly max: number; readonly windowSeconds: number };
}

export const DEFAULT_IDENTITY_LIMITS: IdentityLimits = {
  // Beyond the code's own rules (a resend a minute, five tries a code).
  verificationPerUser: { max: 30, windowSeconds: 60 * 60 },
  verificationPerIp: { max: 100, windowSeconds: 60 * 60 },
  resetPerIp: { max: 20, windowSeconds: 60 * 60 },
  resetPerEmail: { max: 5, windowSeconds: 60 * 60 },
};

export interface IdentityCommandsOptions {
  readonly eventStore: EventStore;
  readonly codec: EventCodec;
  readonly verifier: TokenVerifier;
  readonly identity: IdentityProviderAdmin;
  readonly mailer: Mailer;
  /** Origin of the web app, for links in mail (`https://plenty.example`). */
  readonly appOrigin: string;
  readonly now?: () => Date;
  readonly limits?: Partial<IdentityLimits>;
}

const BODY_LIMIT = 4 * 1024;

function emailKey(request: FastifyRequest): string | null {
  const body = request.body;
  if (typeof body !== 'object' || body === null || !('email' in body) || typeof body.email !== 'string') return null;
  return body.email.trim().toLowerCase();
}

/** A verification command's answer; a 429 refusal says when to try again. */
async function withRetryAfter<T>(reply: FastifyReply, answer: Promise<T>): Promise<T> {
  try {
    return await answer;
  } catch (error) {
    if (error instanceof VerificationRefused && error.refusal.retryAfterSeconds !== undefined) {
      void reply.header('retry-after', String(error.refusal.retryAfterSeconds));
    }
    throw error;
  }
}

/**
 * The identity commands, registered with `{ prefix: '/api/commands' }` beside the command API:
 * `SendVerificationCode` and `VerifyEmail` for a signed-in user whose email may still be
 * unverified, and `RequestPasswordReset`, the one command a guest may send.
 */
export const identityCommands: FastifyPluginAsync<IdentityCommandsOptions> = async (app, options) => {
  const limits = { ...DEFAULT_IDENTITY_LIMITS, ...options.limits };
  const deps: PipelineDeps = {
    eventStore: options.eventStore,
    codec: options.codec,
    now: options.now ?? (() => new Date()),
  };
  const sendCode = sendVerificationCodeStream(options);
  const verify = verifyEmailStream(options);
  const limiter = await installRateLimits(app);
  const rule = (name: string, limit: IdentityLimits[keyof IdentityLimits], key: LimitRule['key']): LimitRule => ({
    name,
    ...limit,
    key,
  });
  const verificationLimit = limiter([
    rule('verification-ip', limits.verificationPerIp, (request) => request.ip),
    rule('verification-user', limits.verificationPerUser, (request) => request.user?.uid ?? null),
  ]);
  const resetLimit = limiter([
    rule('reset-ip', limits.resetPerIp, (request) => request.ip),
    rule('reset-email', limits.resetPerEmail, emailKey),
  ]);
  const resets = new BackgroundQueue((error) => app.log.error({ err: error }, 'password reset mail failed'));
  app.addHook('onClose', () => resets.idle());

  await commandRoutes(
    app,
    {
      async RequestPasswordReset(command, request) {
        // Answered before the identity provider is asked, the same for every address.
        if (!resets.push(() => mailPasswordReset(options, command))) {
          request.log.warn('password reset queue full; request dropped');
        }
        return { accepted: true };
      },
      SendVerificationCode: (data, request, reply) =>
        withRetryAfter(reply, runCommand(deps, sendCode, { type: 'SendVerificationCode', data }, callerOf(request))),
      VerifyEmail: (data, request, reply) =>
        withRetryAfter(reply, runCommand(deps, verify, { type: 'VerifyEmail', data }, callerOf(request))),
    },
    {
      verifier: options.verifier,
      bodyLimit: BODY_LIMIT,
      limits: { guest: resetLimit, 'signed-in': verificationLimit },
    },
  );
};
