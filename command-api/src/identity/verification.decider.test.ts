import { describe, expect, it } from 'vitest';
import type { VerificationEvent } from '@plenty/contracts/events/verification';
import {
  decideSendCode,
  decideVerifyEmail,
  evolveVerification,
  initialVerificationState,
  type VerificationUser,
} from './verification.decider.js';

const issueId = '0192f0c4-7a1b-7c3d-8e4f-5a6b7c8d9e0f';
const nextIssueId = '0192f0c4-7a1b-7c3d-8e4f-5a6b7c8d9e10';
const hashOf = (code: string) =>
  code
    .repeat(11)
    .slice(0, 64)
    .replace(/[^0-9a-f]/g, '0');
const issuedAt = new Date('2026-11-23T10:00:00.000Z');
const at = (seconds: number) => new Date(issuedAt.getTime() + seconds * 1000);
const user: VerificationUser = { email: 'noy@example.test', emailVerified: false };

const issued = (overrides: Partial<Extract<VerificationEvent, { type: 'VerificationCodeIssued' }>['data']> = {}) =>
  ({
    type: 'VerificationCodeIssued',
    data: {
      issueId,
      email: 'noy@example.test',
      codeHash: hashOf('123456'),
      issuedAt: issuedAt.toISOString(),
      expiresAt: at(15 * 60).toISOString(),
      ...overrides,
    },
  }) as const satisfies VerificationEvent;
const rejected = { type: 'VerificationCodeRejected', data: { issueId } } as const satisfies VerificationEvent;
const verified = {
  type: 'EmailVerified',
  data: { issueId, email: 'noy@example.test' },
} as const satisfies VerificationEvent;

function given(...events: VerificationEvent[]) {
  const state = events.reduce(evolveVerification, initialVerificationState);
  return {
    whenSend: (now: Date, who: VerificationUser = user) =>
      decideSendCode(state, who, { issueId: nextIssueId, codeHash: hashOf('654321') }, now),
    whenVerify: (typed: string, now: Date, who: VerificationUser = user) =>
      decideVerifyEmail(state, who, (code) => code.codeHash === hashOf(typed), now),
  };
}

describe('sending a verification code', () => {
  it('issues a code valid for 15 minutes to the current address', () => {
    expect(given().whenSend(issuedAt)).toEqual({
      events: [
        {
          type: 'VerificationCodeIssued',
          data: {
            issueId: nextIssueId,
            email: 'noy@example.test',
            codeHash: hashOf('654321'),
            issuedAt: '2026-11-23T10:00:00.000Z',
            expiresAt: '2026-11-23T10:15:00.000Z',
          },
        },
      ],
      outcome: 'issued',
    });
  });

  it('refuses a resend within 60 seconds with 429 and the seconds left', () => {
    expect(given(issued()).whenSend(at(45.2))).toEqual({
      events: [],
      outcome: { kind: 'refusal', code: 'verification_resend_too_early', status: 429, retryAfterSeconds: 15 },
    });
  });

  it('sends a new code once the last one is a minute old, even after five wrong tries', () => {
    const decision = given(issued(), rejected, rejected, rejected, rejected, rejected).whenSend(at(60));
    expect(decision.outcome).toBe('issued');
  });

  it('answers 409 email_already_verified when the address was verified here or by the identity provider', () => {
    const refusal = { kind: 'refusal', code: 'email_already_verified', status: 409 };
    expect(given(issued(), verified).whenSend(at(3600)).outcome).toEqual(refusal);
    expect(given().whenSend(issuedAt, { ...user, emailVerified: true }).outcome).toEqual(refusal);
  });

  it('sends a code again after the account moved to another address', () => {
    const moved = { email: 'noy@new.example.test', emailVerified: false };
    expect(given(issued(), verified).whenSend(at(3600), moved).outcome).toBe('issued');
  });
});

describe('verifying the email with a code', () => {
  it('records EmailVerified for the right code', () => {
    expect(given(issued()).whenVerify('123456', at(60))).toEqual({ events: [verified], outcome: 'verified' });
  });

  it('records a wrong code and answers 422 verification_code_wrong', () => {
    expect(given(issued()).whenVerify('000000', at(60))).toEqual({
      events: [rejected],
      outcome: { kind: 'refusal', code: 'verification_code_wrong', status: 422 },
    });
  });

  it('accepts the right code after four wrong ones', () => {
    expect(given(issued(), rejected, rejected, rejected, rejected).whenVerify('123456', at(60)).outcome).toBe(
      'verified',
    );
  });

  it('refuses even the right code with 429 after five wrong ones, until a new code is sent', () => {
    const decision = given(issued(), rejected, rejected, rejected, rejected, rejected).whenVerify('123456', at(30));
    expect(decision).toEqual({
      events: [],
      outcome: { kind: 'refusal', code: 'verification_attempts_exceeded', status: 429, retryAfterSeconds: 30 },
    });
    const renewed = given(issued(), rejected, rejected, rejected, rejected, rejected, issued({ issueId: nextIssueId }));
    expect(renewed.whenVerify('123456', at(90)).outcome).toBe('verified');
  });

  it('counts wrong tries per code: those against an older code do not use up the new one', () => {
    const state = given(issued(), issued({ issueId: nextIssueId }), rejected, rejected, rejected, rejected, rejected);
    expect(state.whenVerify('123456', at(60)).outcome).toBe('verified');
  });

  it('answers 422 verification_code_expired after 15 minutes', () => {
    expect(given(issued()).whenVerify('123456', at(15 * 60)).outcome).toEqual({
      kind: 'refusal',
      code: 'verification_code_expired',
      status: 422,
    });
    expect(given(issued()).whenVerify('123456', at(15 * 60 - 1)).outcome).toBe('verified');
  });

  it('answers 422 verification_code_missing when no code was sent, or it was sent to an old address', () => {
    const missing = { kind: 'refusal', code: 'verification_code_missing', status: 422 };
    expect(given().whenVerify('123456', issuedAt).outcome).toEqual(missing);
    expect(
      given(issued()).whenVerify('123456', at(60), { email: 'noy@new.example.test', emailVerified: false }).outcome,
    ).toEqual(missing);
  });

  it('answers already_verified, recording nothing, once the address is verified (any code)', () => {
    expect(given(issued(), verified).whenVerify('999999', at(120))).toEqual({
      events: [],
      outcome: 'already_verified',
    });
    expect(
      given(issued(), verified).whenVerify('123456', at(120), { ...user, email: 'NOY@example.test ' }).outcome,
    ).toBe('already_verified');
  });
});
