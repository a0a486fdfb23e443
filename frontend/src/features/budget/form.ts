import type { Currency, Money } from '@plenty/contracts/money';
import { amountInput, parseAmount } from '../../lib/amount';
import type { Locale } from '../../lib/locale';
import type { MessageId } from '../../lib/messages';

/** The limit dialog as typed. */
export interface LimitDraft {
  readonly amount: string;
  readonly currency: Currency;
  /** `every`: from this month on (SetCategoryBudget repeat true); `once`: this month only. */
  readonly repeat: 'every' | 'once';
  readonly rollover: boolean;
}

export type LimitField = 'amount';

export function limitDraft(
  limit: Money | null,
  repeat: boolean | null,
  rollover: boolean,
  currency: Currency,
  locale: Locale,
): LimitDraft {
  return {
    amount: limit === null ? '' : amountInput(limit.amount, limit.currency, locale),
    currency: limit?.currency ?? currency,
    repeat: repeat === false ? 'once' : 'every',
    rollover,
  };
}

/** The limit typed, in integer minor units of its currency, or the message of what is wrong. */
export function parseLimit(
  draft: LimitDraft,
  locale: Locale,
): { readonly ok: true; readonly limit: Money } | { readonly ok: false; readonly error: MessageId } {
  const parsed = parseAmount(draft.amount, draft.currency, locale);
  return parsed.ok
    ? { ok: true, limit: { amount: parsed.amount, currency: draft.currency } }
    : { ok: false, error: `error.${parsed.error}` };
}

const sameMoney = (a: Money | null, b: Money | null): boolean =>
  a === b || (a !== null && b !== null && a.amount === b.amount && a.currency === b.currency);

/**
 * What saving the dialog sends: the limit when it or where it holds changed, the rollover when
 * it changed; neither when nothing did.
 */
export function limitChanges(
  before: { readonly limit: Money | null; readonly repeat: boolean | null; readonly rollover: boolean },
  limit: Money,
  draft: LimitDraft,
): { readonly budget: { limit: Money; repeat: boolean } | null; readonly rollover: boolean | null } {
  const repeat = draft.repeat === 'every';
  const budgetChanged = !sameMoney(before.limit, limit) || before.repeat !== repeat;
  return {
    budget: budgetChanged ? { limit, repeat } : null,
    rollover: draft.rollover === before.rollover ? null : draft.rollover,
  };
}
