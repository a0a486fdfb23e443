import type { ErrorCode } from '@plenty/contracts/errors';
import { VERIFICATION } from '@plenty/contracts/commands/account';
import type { VerificationEvent } from '@plenty/contracts/events/verification';

export interface IssuedCode {
  readonly issueId: string;
  readonly email: string;
  readonly codeHash: string;
  readonly issuedAt: string;
  readonly expiresAt: string;
  readonly wrongAttempts: number;
}

export interface VerificationState {
  /** The address last verified through this stream (compared without case). */
  readonly verifiedEmail: string | null;
  /** The code issued last and not yet used; null when none. */
  readonly code: IssuedCode | null;
}

export const initialVerificationState: VerificationState = { verifiedEmail: null, code: null };

export function evolveVerification(
  state: VerificationState,
  event: { type: string; data: unknown },
): VerificationState {
  const known = event as VerificationEvent;
  switch (known.type) {
    case 'VerificationCodeIssued': {
      const { issueId, email, codeHash, issuedAt, expiresAt } = known.data;
      return { ...state, code: { issueId, email, codeHash, issuedAt, expiresAt, wrongAttempts: 0 } };
    }
    case 'VerificationCodeRejected':
      return state.code?.issueId === known.data.issueId
        ? { ...state, code: { ...state.code, wrongAttempts: state.code.wrongAttempts + 1 } }
        : state;
    case 'EmailVerified':
      return { verifiedEmail: known.data.email, code: null };
    default:
      return state;
  }
}

/** Why a verification command is refused; 429s say when to try again. */
export interface VerificationRefusal {
  readonly kind: 'refusal';
  readonly code: ErrorCode;
  readonly status: 409 | 422 | 429;
  readonly retryAfterSeconds?: number;
}

const refuse = (code: ErrorCode, status: VerificationRefusal['status'], retryAfterSeconds?: number) =>
  retryAfterSeconds === undefined
    ? ({ kind: 'refusal', code, status } as const)
    : ({ kind: 'refusal', code, status, retryAfterSeconds } as const);

/**
 * What a command records and how it ends: `verified` and `already_verified` mark the
 * identity provider's user verified; a refusal is answered after its events (a wrong code
 * is recorded, so the attempts count across retries and instances).
 */
export interface VerificationDecision {
  readonly events: VerificationEvent[];
  readonly outcome: 'issued' | 'verified' | 'already_verified' | VerificationRefusal;
}

/** Who asks: their current address and whether the identity provider already calls it verified. */
export interface VerificationUser {
  readonly email: string;
  readonly emailVerified: boolean;
}

const sameAddress = (a: string | null, b: string) => a !== null && a.trim().toLowerCase() === b.trim().toLowerCase();

function alreadyVerified(state: VerificationState, user: VerificationUser): boolean {
  return user.emailVerified || sameAddress(state.verifiedEmail, user.email);
}

/** A new code may be sent once the last one is a minute old. */
export function decideSendCode(
  state: VerificationState,
  user: VerificationUser,
  issue: { readonly issueId: string; readonly codeHash: string },
  now: Date,
): VerificationDecision {
  if (alreadyVerified(state, user)) return { events: [], outcome: refuse('email_already_verified', 409) };
  if (state.code !== null) {
    const resendAt = Date.parse(state.code.issuedAt) + VERIFICATION.resendAfterSeconds * 1000;
    if (now.getTime() < resendAt) {
      const wait = Math.ceil((resendAt - now.getTime()) / 1000);
      return { events: [], outcome: refuse('verification_resend_too_early', 429, wait) };
    }
  }
  const expiresAt = new Date(now.getTime() + VERIFICATION.validSeconds * 1000);
  return {
    events: [
      {
        type: 'VerificationCodeIssued',
        data: {
          issueId: issue.issueId,
          email: user.email,
          codeHash: issue.codeHash,
          issuedAt: now.toISOString(),
          expiresAt: expiresAt.toISOString(),
        },
      },
    ],
    outcome: 'issued',
  };
}

/**
 * Checks a typed code against the last one issued to the user's current address.
 * `matches(code)` compares the typed code's hash with the issued one in constant time.
 */
export function decideVerifyEmail(
  state: VerificationState,
  user: VerificationUser,
  matches: (code: IssuedCode) => boolean,
  now: Date,
): VerificationDecision {
  if (alreadyVerified(state, user)) return { events: [], outcome: 'already_verified' };
  const code = state.code;
  if (code === null || !sameAddress(code.email, user.email)) {
    return { events: [], outcome: refuse('verification_code_missing', 422) };
  }
  if (code.wrongAttempts >= VERIFICATION.maxAttempts) {
    const resendAt = Date.parse(code.issuedAt) + VERIFICATION.resendAfterSeconds * 1000;
    const wait = Math.max(1, Math.ceil((resendAt - now.getTime()) / 1000));
    return { events: [], outcome: refuse('verification_attempts_exceeded', 429, wait) };
  }
  if (now.getTime() >= Date.parse(code.expiresAt)) {
    return { events: [], outcome: refuse('verification_code_expired', 422) };
  }
  if (!matches(code)) {
    return {
      events: [{ type: 'VerificationCodeRejected', data: { issueId: code.issueId } }],
      outcome: refuse('verification_code_wrong', 422),
    };
  }
  return {
    events: [{ type: 'EmailVerified', data: { issueId: code.issueId, email: user.email } }],
    outcome: 'verified',
  };
}
