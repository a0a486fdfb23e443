import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import {
  requestPasswordResetSchema,
  sendVerificationCodeSchema,
  verifyEmailSchema,
} from '@plenty/contracts/commands/account';
import type { IdentityProviderAdmin } from '@plenty/platform/auth/identity-admin';
import type { TokenVerifier } from '@plenty/platform/auth/port';
import type { EventCodec } from '@plenty/platform/crypto/event-codec';
import type { EventStore } from '@plenty/platform/event-store/port';
import { currentUser, requireAuth } from '@plenty/platform/http/auth-hook';
import { HttpError, parseOrThrow } from '@plenty/platform/http/errors';
import { installRateLimits, type LimitRule } from '@plenty/platform/http/rate-limit';
import type { Mailer } from '@plenty/platform/mail/port';
import { BackgroundQueue, mailPasswordReset } from './password-reset.js';
import {
  sendVerificationCode,
  verifyEmail,
  VerificationRefused,
  type VerificationDeps,
} from './verification.service.js';

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

function requireJson(request: FastifyRequest): void {
  const type = request.headers['content-type'] ?? '';
  if (!/^application\/json\b/i.test(type)) throw new HttpError(415, 'unsupported_media_type', 'Send JSON.');
}

function emailKey(request: FastifyRequest): string | null {
  const body = request.body;
  if (typeof body !== 'object' || body === null || !('email' in body) || typeof body.email !== 'string') return null;
  return body.email.trim().toLowerCase();
}

function answerRefusal(reply: FastifyReply, error: unknown): never {
  if (error instanceof VerificationRefused && error.refusal.retryAfterSeconds !== undefined) {
    reply.header('retry-after', String(error.refusal.retryAfterSeconds));
  }
  throw error;
}

/**
 * The identity commands, registered with `{ prefix: '/api/commands' }` beside the command API:
 * `SendVerificationCode` and `VerifyEmail` for a signed-in user whose email may still be
 * unverified, and `RequestPasswordReset`, the one command a guest may send.
 */
export const identityCommands: FastifyPluginAsync<IdentityCommandsOptions> = async (app, options) => {
  const limits = { ...DEFAULT_IDENTITY_LIMITS, ...options.limits };
  const deps: VerificationDeps = {
    eventStore: options.eventStore,
    codec: options.codec,
    identity: options.identity,
    mailer: options.mailer,
    now: options.now ?? (() => new Date()),
  };
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

  await app.register(async (guest) => {
    guest.post('/RequestPasswordReset', { bodyLimit: BODY_LIMIT, preHandler: resetLimit }, async (request) => {
      requireJson(request);
      const command = parseOrThrow(requestPasswordResetSchema, request.body);
      // Answered before the identity provider is asked, the same for every address.
      if (!resets.push(() => mailPasswordReset(options, command))) {
        request.log.warn('password reset queue full; request dropped');
      }
      return { accepted: true };
    });
  });

  await app.register(async (signedIn) => {
    requireAuth(signedIn, options.verifier, { allowUnverifiedEmail: () => true });
    signedIn.post(
      '/SendVerificationCode',
      { bodyLimit: BODY_LIMIT, preHandler: verificationLimit },
      async (request, reply) => {
        requireJson(request);
        const command = parseOrThrow(sendVerificationCodeSchema, request.body);
        return sendVerificationCode(deps, currentUser(request), command).catch((error: unknown) =>
          answerRefusal(reply, error),
        );
      },
    );
    signedIn.post('/VerifyEmail', { bodyLimit: BODY_LIMIT, preHandler: verificationLimit }, async (request, reply) => {
      requireJson(request);
      const command = parseOrThrow(verifyEmailSchema, request.body);
      return verifyEmail(deps, currentUser(request), command).catch((error: unknown) => answerRefusal(reply, error));
    });
  });
};
