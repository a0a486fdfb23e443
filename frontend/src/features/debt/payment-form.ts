import type { Currency } from '@plenty/contracts/money';
import { LIMITS } from '@plenty/contracts/text';
import { parseAmount } from '../../lib/amount';
import type { Locale } from '../../lib/locale';
import type { MessageId } from '../../lib/messages';
import { isCalendarDate } from './form';

/** An extra payment or a payment being edited, as typed. */
export interface PaymentDraft {
  readonly amount: string;
  readonly date: string;
  readonly notes: string;
  /** The wallet it was paid from; '' for none. */
  readonly walletId: string;
}

export type PaymentErrors = Partial<Record<keyof PaymentDraft, MessageId>>;

/**
 * Checks a payment: a positive amount in the debt's currency, at most `limit` (what is owed,
 * plus the payment's own amount when it is edited), a real date, notes within the limit.
 */
export function validatePayment(
  draft: PaymentDraft,
  currency: Currency,
  limit: number,
  locale: Locale,
): {
  readonly errors: PaymentErrors;
  readonly value: { amount: number; date: string; notes: string | null; walletId: string | null } | null;
} {
  const errors: { -readonly [K in keyof PaymentDraft]?: MessageId } = {};
  const amount = parseAmount(draft.amount, currency, locale);
  if (!amount.ok) errors.amount = `error.${amount.error}`;
  else if (amount.amount > limit) errors.amount = 'debts.validation.paymentTooLarge';
  if (!isCalendarDate(draft.date)) errors.date = 'error.date_invalid';
  const notes = draft.notes.normalize('NFC').trim();
  if (notes.length > LIMITS.note) errors.notes = 'debts.validation.descriptionTooLong';
  if (Object.keys(errors).length > 0 || !amount.ok) return { errors, value: null };
  return {
    errors,
    value: {
      amount: amount.amount,
      date: draft.date,
      notes: notes === '' ? null : notes,
      walletId: draft.walletId === '' ? null : draft.walletId,
    },
  };
}
