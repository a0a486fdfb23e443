import {
  DELETE_ACCOUNT_PHRASE,
  DELETION_REASONS,
  sameEmail,
  type DeletionReason,
} from '@plenty/contracts/account-rules';
import type { MessageId } from '../../lib/messages';

export { DELETE_ACCOUNT_PHRASE, DELETION_REASONS, type DeletionReason };

/** The account deletion flow of spec section 2: warning, reason, email, phrase, deleted. */
export const DELETION_STEPS = ['warning', 'reason', 'email', 'phrase', 'deleted'] as const;
export type DeletionStep = (typeof DELETION_STEPS)[number];

/** What the user has given so far; the reason stays optional. */
export interface DeletionAnswers {
  readonly reason: DeletionReason | null;
  readonly email: string;
  readonly phrase: string;
}

export const NO_ANSWERS: DeletionAnswers = { reason: null, email: '', phrase: '' };

/** The phrase must be typed exactly: same case, same spaces, nothing around it. */
export function phraseMatches(typed: string): boolean {
  return typed === DELETE_ACCOUNT_PHRASE;
}

export function emailMatches(typed: string, accountEmail: string | null): boolean {
  return sameEmail(typed, accountEmail);
}

/** Why the user cannot go on from this step yet, or null when they can. */
export function blockedReason(
  step: DeletionStep,
  answers: DeletionAnswers,
  accountEmail: string | null,
): MessageId | null {
  switch (step) {
    case 'warning':
    case 'reason':
      return null;
    case 'email':
      if (answers.email.trim() === '') return 'account.delete.email.needed';
      return emailMatches(answers.email, accountEmail) ? null : 'error.account_email_mismatch';
    case 'phrase':
      if (emailMatches(answers.email, accountEmail) === false) return 'error.account_email_mismatch';
      return phraseMatches(answers.phrase) ? null : 'account.delete.phrase.needed';
    case 'deleted':
      return 'account.delete.inProgress';
  }
}

export function canContinue(step: DeletionStep, answers: DeletionAnswers, accountEmail: string | null): boolean {
  return blockedReason(step, answers, accountEmail) === null;
}

export function nextStep(step: DeletionStep): DeletionStep {
  return DELETION_STEPS[Math.min(DELETION_STEPS.indexOf(step) + 1, DELETION_STEPS.length - 1)] ?? step;
}

export function previousStep(step: DeletionStep): DeletionStep {
  return DELETION_STEPS[Math.max(DELETION_STEPS.indexOf(step) - 1, 0)] ?? step;
}

/** The body of `POST /api/commands/DeleteAccount`, once every step before the last is satisfied. */
export function deleteAccountRequest(answers: DeletionAnswers) {
  return {
    confirmEmail: answers.email.trim(),
    confirmPhrase: answers.phrase,
    ...(answers.reason === null ? {} : { reason: answers.reason }),
  };
}
