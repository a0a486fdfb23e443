import type { Currency } from '@plenty/contracts/money';
import { MAX_AMOUNT } from '@plenty/contracts/money';
import type { Locale } from '../../lib/locale';
import type { MessageId } from '../../lib/messages';
import { parseSignedAmount } from './wallet-form';

export type ReconcileCheck =
  | { readonly ok: true; readonly balance: number; readonly adjustment: number }
  | { readonly ok: false; readonly error: MessageId };

/**
 * What the bank shows against what Plenty showed for the same day: the balance typed (may be
 * below zero) and the adjustment Plenty will record, `balance − expected`, both exact integers.
 */
export function checkReconcile(input: string, expected: number, currency: Currency, locale: Locale): ReconcileCheck {
  if (input.trim() === '') return { ok: false, error: 'error.amount_required' };
  const parsed = parseSignedAmount(input, currency, locale);
  if (!parsed.ok) return { ok: false, error: `error.${parsed.error}` };
  const adjustment = parsed.amount - expected;
  if (Math.abs(adjustment) > MAX_AMOUNT) return { ok: false, error: 'error.amount_too_large' };
  return { ok: true, balance: parsed.amount, adjustment };
}
