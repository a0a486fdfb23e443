import { createHash, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import type { CommandResult } from '@plenty/contracts/commands/result';
import { VERIFICATION, type SendVerificationCode, type VerifyEmail } from '@plenty/contracts/commands/account';
import { schemaVersionOf } from '@plenty/contracts/events/upcast';
import { verificationStreamId, type VerificationEvent } from '@plenty/contracts/events/verification';
import { eventIdFor } from '@plenty/contracts/ids';
import type { IdentityProviderAdmin } from '@plenty/platform/auth/identity-admin';
import type { VerifiedUser } from '@plenty/platform/auth/port';
import type { EventCodec } from '@plenty/platform/crypto/event-codec';
import { WrongExpectedRevisionError, type EventStore, type RecordedEvent } from '@plenty/platform/event-store/port';
import { HttpError } from '@plenty/platform/http/errors';
import { verificationCodeMail } from '@plenty/platform/mail/messages';
import type { Mailer } from '@plenty/platform/mail/port';
import {
  decideSendCode,
  decideVerifyEmail,
  evolveVerification,
  initialVerificationState,
  type IssuedCode,
  type VerificationDecision,
  type VerificationRefusal,
  type VerificationState,
  type VerificationUser,
} from './verification.decider.js';

const ATTEMPTS = 4;

export interface VerificationDeps {
  readonly eventStore: EventStore;
  readonly codec: EventCodec;
  readonly identity: IdentityProviderAdmin;
  readonly mailer: Mailer;
  readonly now: () => Date;
}

/** A refused command, with Retry-After for the 429s. */
export class VerificationRefused extends HttpError {
  constructor(readonly refusal: VerificationRefusal) {
    super(refusal.status, refusal.code, refusal.code.replace(/_/g, ' '));
  }
}

/** SHA-256 over the user, the issue and the code: the only trace of a code that is stored. */
export function hashCode(userId: string, issueId: string, code: string): string {
  return createHash('sha256').update(`${userId}:${issueId}:${code}`).digest('hex');
}

function codeMatches(userId: string, typed: string): (issued: IssuedCode) => boolean {
  return (issued) => {
    if (typeof issued.codeHash !== 'string' || !/^[0-9a-f]{64}$/.test(issued.codeHash)) return false;
    const expected = Buffer.from(issued.codeHash, 'hex');
    return timingSafeEqual(Buffer.from(hashCode(userId, issued.issueId, typed), 'hex'), expected);
  };
}

function verificationUser(user: VerifiedUser): VerificationUser {
  if (user.email === null) throw new HttpError(422, 'email_required', 'The account has no email address.');
  return { email: user.email, emailVerified: user.emailVerified };
}

/** How an earlier attempt of the same command ended, from the events it recorded. */
function earlierOutcome(events: readonly RecordedEvent[]): VerificationDecision['outcome'] {
  const type = events.at(-1)?.type as VerificationEvent['type'] | undefined;
  if (type === 'EmailVerified') return 'verified';
  if (type === 'VerificationCodeRejected') return { kind: 'refusal', code: 'verification_code_wrong', status: 422 };
  return 'issued';
}

/**
 * Load → decide → append on `verification-<uid>`. Unlike other commands, a refusal may
 * record events (a wrong code) before it is answered. A retried command id answers how
 * the first attempt ended, appending nothing.
 */
async function run(
  deps: VerificationDeps,
  userId: string,
  commandId: string,
  decide: (state: VerificationState, now: Date) => VerificationDecision,
): Promise<{ result: CommandResult; outcome: VerificationDecision['outcome']; appended: boolean }> {
  const streamId = verificationStreamId(userId);
  for (let attempt = 1; ; attempt += 1) {
    const stored = await deps.eventStore.readStream(streamId);
    if (stored.some((event) => event.metadata.userId !== userId)) throw new HttpError(404, 'not_found', 'Not found.');
    const earlier = stored.filter((event) => event.metadata.commandId === commandId);
    const last = earlier.at(-1);
    if (last !== undefined) {
      return {
        result: { streamId, revision: last.revision, position: last.position },
        outcome: earlierOutcome(earlier),
        appended: false,
      };
    }
    let state = initialVerificationState;
    // Unchecked, as every decision reads its history (handler.ts).
    for (const event of stored) {
      state = evolveVerification(state, await deps.codec.decode(event, { validate: false }));
    }
    const now = deps.now();
    const decision = decide(state, now);
    if (decision.events.length === 0) {
      const head = stored.at(-1);
      return {
        result: { streamId, revision: head?.revision ?? 0, position: head?.position ?? '0' },
        outcome: decision.outcome,
        appended: false,
      };
    }
    const occurredAt = now.toISOString();
    const events = await Promise.all(
      decision.events.map((event, index) =>
        deps.codec.encode({
          id: eventIdFor(commandId, index),
          type: event.type,
          data: event.data as Record<string, unknown>,
          metadata: {
            userId,
            commandId,
            correlationId: commandId,
            occurredAt,
            schemaVersion: schemaVersionOf(event.type),
          },
        }),
      ),
    );
    try {
      const expected = stored.length === 0 ? 'no_stream' : (stored.at(-1)?.revision ?? 0);
      const result = await deps.eventStore.appendToStream(streamId, events, expected);
      return { result, outcome: decision.outcome, appended: true };
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
      if (attempt >= ATTEMPTS)
        throw new HttpError(409, 'conflict', 'Someone changed this at the same time; try again.');
    }
  }
}

/** Issues a six-digit code and mails it in the user's language. */
export async function sendVerificationCode(
  deps: VerificationDeps,
  user: VerifiedUser,
  command: SendVerificationCode,
): Promise<CommandResult> {
  const who = verificationUser(user);
  const code = String(randomInt(0, 10 ** VERIFICATION.codeLength)).padStart(VERIFICATION.codeLength, '0');
  const issueId = randomUUID();
  const { result, outcome, appended } = await run(deps, user.uid, command.commandId, (state, now) =>
    decideSendCode(state, who, { issueId, codeHash: hashCode(user.uid, issueId, code) }, now),
  );
  if (typeof outcome === 'object') throw new VerificationRefused(outcome);
  // A retried command whose code went out already sends nothing: the code itself is not kept.
  if (appended) {
    await deps.mailer.send(verificationCodeMail(command.locale, who.email, code, VERIFICATION.validSeconds / 60));
  }
  return result;
}

/**
 * Checks the code; on success (or when the address is verified already) marks the user
 * verified at the identity provider. If that call fails after EmailVerified was recorded,
 * the next VerifyEmail marks the user again and answers 200.
 */
export async function verifyEmail(
  deps: VerificationDeps,
  user: VerifiedUser,
  command: VerifyEmail,
): Promise<CommandResult> {
  const who = verificationUser(user);
  const { result, outcome } = await run(deps, user.uid, command.commandId, (state, now) =>
    decideVerifyEmail(state, who, codeMatches(user.uid, command.code), now),
  );
  if (typeof outcome === 'object') throw new VerificationRefused(outcome);
  await deps.identity.markEmailVerified(user.uid);
  return result;
}
