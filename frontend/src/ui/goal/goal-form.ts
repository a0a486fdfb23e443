import type { CommandRequest } from '@plenty/contracts/commands/registry';
import { isCalendarDate } from '@plenty/contracts/calendar/date';
import type { GoalView } from '@plenty/contracts/goals';
import { MAX_AMOUNT, type Currency, type Money } from '@plenty/contracts/money';
import { amountInput, parseAmount as parseTypedAmount, type AmountResult } from '../../lib/amount';
import type { Locale } from '../../lib/locale';
import type { MessageId } from '../../lib/messages';

/** As the server allows (contracts GOAL_NAME_MAX). */
export const GOAL_NAME_MAX = 60;

/** Amounts are typed as everywhere in the app; a goal may start with nothing saved. */
export function parseAmount(input: string, currency: Currency, locale: Locale, allowZero = false): AmountResult {
  return parseTypedAmount(input, currency, locale, { allowZero });
}

export { amountInput };

/** What the add and edit dialog holds while the user fills it in. */
export interface GoalDraft {
  readonly name: string;
  readonly target: string;
  readonly currency: Currency;
  readonly saved: string;
  readonly targetDate: string;
}

export type GoalField = 'name' | 'target' | 'saved' | 'targetDate';
export type GoalErrors = Partial<Record<GoalField, MessageId>>;

/** Case-insensitive (in the user's language), ignoring spaces around and doubled inside. */
export function sameGoalName(a: string, b: string): boolean {
  const clean = (s: string) => s.normalize('NFC').trim().replace(/\s+/g, ' ').toLocaleLowerCase();
  return clean(a) === clean(b);
}

export function goalNameTaken(name: string, goals: readonly GoalView[], exceptId?: string): boolean {
  return goals.some((goal) => goal.id !== exceptId && goal.name !== null && sameGoalName(goal.name, name));
}

/** The goal's own words for an amount that is missing or not above zero, as the server answers for `target.amount`. */
const TARGET_ERRORS: Partial<Record<string, MessageId>> = {
  amount_required: 'error.target_required',
  amount_not_positive: 'error.target_not_positive',
};

export interface ValidGoal {
  readonly name: string;
  readonly target: Money;
  readonly saved: Money;
  readonly targetDate: string;
}

/** Checks the draft as the server will; message ids per field, or the values to send. */
export function validateGoal(
  draft: GoalDraft,
  goals: readonly GoalView[],
  locale: Locale,
  exceptId?: string,
): { readonly errors: GoalErrors; readonly value: ValidGoal | null } {
  const errors: { -readonly [K in GoalField]?: MessageId } = {};
  const name = draft.name.normalize('NFC').trim();
  if (name === '') errors.name = 'error.name_required';
  else if (name.length > GOAL_NAME_MAX) errors.name = 'goals.validation.nameTooLong';
  else if (goalNameTaken(name, goals, exceptId)) errors.name = 'error.goal_name_taken';

  const target = parseAmount(draft.target, draft.currency, locale);
  // The spec's goal messages: "Target amount is required." / "… must be greater than zero."
  if (!target.ok) errors.target = TARGET_ERRORS[target.error] ?? `error.${target.error}`;

  const saved =
    draft.saved.trim() === ''
      ? ({ ok: true, amount: 0 } as const)
      : parseAmount(draft.saved, draft.currency, locale, true);
  if (!saved.ok) errors.saved = `error.${saved.error}`;

  // The target date is required (the spec): "Target date is required."
  const targetDate = draft.targetDate.trim();
  if (targetDate === '') errors.targetDate = 'error.target_date_required';
  else if (!isCalendarDate(targetDate)) errors.targetDate = 'error.date_invalid';

  if (Object.keys(errors).length > 0 || !target.ok || !saved.ok) return { errors, value: null };
  return {
    errors,
    value: {
      name,
      target: { amount: target.amount, currency: draft.currency },
      saved: { amount: saved.amount, currency: draft.currency },
      targetDate,
    },
  };
}

/** The `changes` of EditGoal, as its contracts schema takes them. */
export type GoalChanges = { -readonly [K in keyof EditGoalChanges]: EditGoalChanges[K] };
type EditGoalChanges = CommandRequest<'EditGoal'>['changes'];

/** The fields of an edit that differ from the goal as it is; empty when nothing changes. */
export function goalChanges(goal: GoalView, value: ValidGoal): GoalChanges {
  const changes: GoalChanges = {};
  if (value.name !== goal.name) changes.name = value.name;
  if (value.target.amount !== goal.target.amount || value.target.currency !== goal.target.currency) {
    changes.target = value.target;
  }
  if (value.saved.amount !== goal.saved.amount || value.saved.currency !== goal.saved.currency) {
    changes.saved = value.saved;
  }
  if (value.targetDate !== goal.targetDate) changes.targetDate = value.targetDate;
  return changes;
}

/** Checks an amount put in or taken out: positive, and a withdrawal no more than what is saved. */
export function validateMovement(
  input: string,
  date: string,
  goal: GoalView,
  direction: 'in' | 'out',
  locale: Locale,
): { readonly amount?: MessageId; readonly date?: MessageId; readonly value: { amount: Money; date: string } | null } {
  const parsed = parseAmount(input, goal.target.currency, locale);
  let amountError: MessageId | undefined = parsed.ok ? undefined : `error.${parsed.error}`;
  if (parsed.ok && direction === 'out' && parsed.amount > goal.saved.amount)
    amountError = 'error.goal_withdrawal_too_large';
  if (parsed.ok && direction === 'in' && goal.saved.amount + parsed.amount > MAX_AMOUNT)
    amountError = 'error.amount_too_large';
  const dateError: MessageId | undefined = isCalendarDate(date) ? undefined : 'error.date_invalid';
  const value =
    amountError === undefined && dateError === undefined && parsed.ok
      ? { amount: { amount: parsed.amount, currency: goal.target.currency }, date }
      : null;
  return {
    ...(amountError === undefined ? {} : { amount: amountError }),
    ...(dateError === undefined ? {} : { date: dateError }),
    value,
  };
}
