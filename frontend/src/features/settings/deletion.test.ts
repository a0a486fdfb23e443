import { describe, expect, it } from 'vitest';
import {
  blockedReason,
  canContinue,
  DELETE_ACCOUNT_PHRASE,
  deleteAccountRequest,
  DELETION_STEPS,
  emailMatches,
  nextStep,
  NO_ANSWERS,
  phraseMatches,
  previousStep,
} from './deletion';

const EMAIL = 'Malee@Example.com';

describe('account deletion steps', () => {
  it('runs warning, reason, email, phrase, deleted in that order', () => {
    expect(DELETION_STEPS).toEqual(['warning', 'reason', 'email', 'phrase', 'deleted']);
    expect(nextStep('warning')).toBe('reason');
    expect(nextStep('phrase')).toBe('deleted');
    expect(nextStep('deleted')).toBe('deleted');
    expect(previousStep('email')).toBe('reason');
    expect(previousStep('warning')).toBe('warning');
  });

  it('lets the user past the warning and the reason without answering: the reason is optional', () => {
    expect(canContinue('warning', NO_ANSWERS, EMAIL)).toBe(true);
    expect(canContinue('reason', NO_ANSWERS, EMAIL)).toBe(true);
    expect(canContinue('reason', { ...NO_ANSWERS, reason: 'privacy' }, EMAIL)).toBe(true);
  });

  it('holds the email step until the account email is typed, saying why', () => {
    expect(blockedReason('email', NO_ANSWERS, EMAIL)).toBe('account.delete.email.needed');
    expect(blockedReason('email', { ...NO_ANSWERS, email: 'other@example.com' }, EMAIL)).toBe(
      'error.account_email_mismatch',
    );
    expect(blockedReason('email', { ...NO_ANSWERS, email: ' malee@example.COM ' }, EMAIL)).toBeNull();
  });

  it('holds the phrase step until the phrase is typed exactly', () => {
    const answers = { ...NO_ANSWERS, email: EMAIL };
    expect(blockedReason('phrase', answers, EMAIL)).toBe('account.delete.phrase.needed');
    expect(canContinue('phrase', { ...answers, phrase: 'delete my account' }, EMAIL)).toBe(false);
    expect(canContinue('phrase', { ...answers, phrase: ' Delete My Account' }, EMAIL)).toBe(false);
    expect(canContinue('phrase', { ...answers, phrase: DELETE_ACCOUNT_PHRASE }, EMAIL)).toBe(true);
  });

  it('never goes on from the last step', () => {
    expect(canContinue('deleted', { reason: null, email: EMAIL, phrase: DELETE_ACCOUNT_PHRASE }, EMAIL)).toBe(false);
  });
});

describe('email match', () => {
  it('ignores case and surrounding spaces', () => {
    expect(emailMatches('  MALEE@example.com', EMAIL)).toBe(true);
  });

  it('refuses another address, an empty one, or an account without email', () => {
    expect(emailMatches('malee@example.co', EMAIL)).toBe(false);
    expect(emailMatches('', EMAIL)).toBe(false);
    expect(emailMatches('malee@example.com', null)).toBe(false);
  });
});

describe('phrase match', () => {
  it('accepts only "Delete My Account" as written', () => {
    expect(DELETE_ACCOUNT_PHRASE).toBe('Delete My Account');
    expect(phraseMatches('Delete My Account')).toBe(true);
    for (const typed of ['Delete my account', 'Delete My Account ', 'DeleteMyAccount', 'ลบบัญชีของฉัน', '']) {
      expect(phraseMatches(typed)).toBe(false);
    }
  });
});

describe('the DeleteAccount request', () => {
  it('sends the trimmed email, the phrase as typed, and the reason only when chosen', () => {
    const answers = { reason: null, email: ' malee@example.com ', phrase: DELETE_ACCOUNT_PHRASE };
    expect(deleteAccountRequest(answers)).toEqual({
      confirmEmail: 'malee@example.com',
      confirmPhrase: 'Delete My Account',
    });
    expect(deleteAccountRequest({ ...answers, reason: 'switching' })).toMatchObject({ reason: 'switching' });
  });
});
