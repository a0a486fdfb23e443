import { createHash, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { VERIFICATION, type SendVerificationCode, type VerifyEmail } from '@plenty/contracts/commands/account';
import type { DomainEvent } from '@plenty/contracts/events/envelope';
import { verificationStreamId, type VerificationEvent } from '@plenty/contracts/events/verification';
import type { IdentityProviderAdmin } from '@plenty/platform/auth/identity-admin';
import type { VerifiedUser } from '@plenty/platform/auth/port';
import { HttpError } from '@plenty/platform/http/errors';
import { verificationCodeMail } from '@plenty/platform/mail/messages';
import type { Mailer } from '@plenty/platform/mail/port';
import type { Command, Decision, StreamDefinition } from '../pipeline/stream-definition.js';
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

export type SendVerificationCodeCommand = Command<'SendVerificationCode', SendVerificationCode>;
export type VerifyEmailCommand = Command<'VerifyEmail', VerifyEmail>;

export interface VerificationDeps {
  readonly identity: IdentityProviderAdmin;
  readonly mailer: Mailer;
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

/** A verification decision as the pipeline takes it: a refusal is answered after its events. */
function asDecision(decision: VerificationDecision): Decision {
  const { events, outcome } = decision;
  return typeof outcome === 'object' ? { events, refusal: new VerificationRefused(outcome) } : { events };
}

/** How an earlier attempt of the same command ended, from the events it recorded. */
function earlierRefusal(events: readonly DomainEvent[]): HttpError | null {
  const type = events.at(-1)?.type as VerificationEvent['type'] | undefined;
  return type === 'VerificationCodeRejected'
    ? new VerificationRefused({ kind: 'refusal', code: 'verification_code_wrong', status: 422 })
    : null;
}

/** Both commands on `verification-<uid>`; unlike others, a refusal may record events (a wrong code). */
const verificationStream = {
  initialState: initialVerificationState,
  evolve: evolveVerification,
  streamId: (_command: Command, { user }: { user: VerifiedUser }) => verificationStreamId(user.uid),
  earlierRefusal,
};

interface Asker {
  readonly userId: string;
  readonly who: VerificationUser;
}

interface CodeToSend extends Asker {
  readonly code: string;
  readonly issueId: string;
}

/** Issues a six-digit code and mails it in the user's language (not again on a retry: the code is not kept). */
export function sendVerificationCodeStream(
  deps: VerificationDeps,
): StreamDefinition<SendVerificationCodeCommand, VerificationState, CodeToSend> {
  return {
    ...verificationStream,
    loadContext: (_command, _state, { user }) => ({
      userId: user.uid,
      who: verificationUser(user),
      code: String(randomInt(0, 10 ** VERIFICATION.codeLength)).padStart(VERIFICATION.codeLength, '0'),
      issueId: randomUUID(),
    }),
    decide: (_command, state, { userId, who, code, issueId }, now) =>
      asDecision(decideSendCode(state, who, { issueId, codeHash: hashCode(userId, issueId, code) }, now)),
    async react({ appendedNow }, command, context) {
      if (!appendedNow || context === undefined) return;
      const minutes = VERIFICATION.validSeconds / 60;
      await deps.mailer.send(verificationCodeMail(command.data.locale, context.who.email, context.code, minutes));
    },
  };
}

/**
 * Checks the code; on success (or when the address is verified already) marks the user
 * verified at the identity provider. If that call fails after EmailVerified was recorded,
 * the next VerifyEmail marks the user again and answers 200.
 */
export function verifyEmailStream(
  deps: VerificationDeps,
): StreamDefinition<VerifyEmailCommand, VerificationState, Asker> {
  return {
    ...verificationStream,
    loadContext: (_command, _state, { user }) => ({ userId: user.uid, who: verificationUser(user) }),
    decide: (command, state, { userId, who }, now) =>
      asDecision(decideVerifyEmail(state, who, codeMatches(userId, command.data.code), now)),
    async react(_appended, _command, _context, { user }) {
      await deps.identity.markEmailVerified(user.uid);
    },
  };
}
