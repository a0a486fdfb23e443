import {
  CATEGORIES_VIEW,
  DEBTS_VIEW,
  GOALS_VIEW,
  PREFERENCES_VIEW,
  TRANSACTIONS_VIEW,
} from '@plenty/contracts/views/registry';
import type { DebtDetail } from '@plenty/contracts/views/debts';
import type { DebtEvent } from '@plenty/contracts/events/debt';
import type { ProfileEvent } from '@plenty/contracts/events/profile';
import type { TransactionEvent } from '@plenty/contracts/events/transaction';
import type { GoalView } from '@plenty/contracts/goals';
import type { Currency } from '@plenty/contracts/money';
import { DEFAULT_PREFERENCES_VIEW, PREFERENCES_DOC_ID, type PreferencesView } from '@plenty/contracts/preferences';
import {
  SETTINGS_SUBJECT_ID,
  type ActivityChange,
  type ActivityDoc,
  type ActivitySubject,
  type ActivityType,
} from '@plenty/contracts/views/activity';
import type { DebtHistoryEntryType } from '@plenty/contracts/views/debt-history';
import type { TransactionView } from '@plenty/contracts/views/transactions';
import type { RecordedEvent } from '@plenty/platform/event-store/port';
import type { UnitOfWork } from '@plenty/platform/read-store/port';
import { type CategoryDocument } from './categories.projection.js';
import { currencyOf as debtCurrencyOf, entryOf as debtEntryOf } from './debt-history.projection.js';
import { diffTransaction } from './transaction-history.projection.js';

/*
 * How each event reads on the Activity page: its subject (named as it was), what it changed
 * and the money it moved, measured against the views as they stood before the event.
 */

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);
const orNull = (value: unknown): unknown => (value === undefined ? null : value);

/** The fields a change set really changed, in the order given; a cleared field goes to null. */
export function diffFields<F extends string>(
  fields: readonly F[],
  before: Partial<Record<F, unknown>> | null,
  changes: Partial<Record<F, unknown>>,
): ActivityChange[] {
  return fields.flatMap((field) => {
    const to = changes[field];
    if (to === undefined) return [];
    const from = before === null ? null : orNull(before[field]);
    return same(from, to) ? [] : [{ field, from, to }];
  });
}

const GOAL_FIELDS = ['name', 'target', 'saved', 'targetDate'] as const;
const CATEGORY_FIELDS = ['name', 'type', 'icon', 'color'] as const;
const PREFERENCE_FIELDS = [
  'language',
  'currency',
  'monthlyBudget',
  'timeZone',
  'theme',
  'emailNotifications',
  'spendingAlerts',
  'weeklyReport',
  'analyticsConsent',
  'saveLocation',
] as const;

type Entry = Pick<ActivityDoc, 'kind' | 'subjectId' | 'subject' | 'type'> & Partial<ActivityDoc>;

const subject = (fields: Partial<ActivitySubject> = {}): ActivitySubject => ({
  name: null,
  categoryId: null,
  amount: null,
  ...fields,
});

export type Recorded<E> = RecordedEvent & E;

export async function transactionEntry(event: Recorded<TransactionEvent>, uow: UnitOfWork): Promise<Entry> {
  const kind = 'transaction';
  const subjectId = event.data.transactionId;
  if (event.type === 'TransactionAdded') {
    const { data } = event;
    return {
      kind,
      subjectId,
      type: 'transaction_added',
      subject: subject({ name: data.note ?? null, categoryId: data.categoryId, amount: data.amount }),
      recurrence: data.recurrence ?? null,
    };
  }
  const stored = await uow.get<TransactionView>(TRANSACTIONS_VIEW, event.metadata.userId, subjectId);
  const before: TransactionView | null = stored?.doc ?? null;
  if (event.type === 'TransactionDeleted') {
    return {
      kind,
      subjectId,
      type: 'transaction_deleted',
      subject: subject({
        name: before?.note ?? null,
        categoryId: before?.categoryId ?? null,
        amount: before?.amount ?? null,
      }),
    };
  }
  const { changes } = event.data;
  const note = changes.note !== undefined ? changes.note : (before?.note ?? null);
  return {
    kind,
    subjectId,
    type: 'transaction_edited',
    subject: subject({
      name: note,
      categoryId: changes.categoryId ?? before?.categoryId ?? null,
      amount: changes.amount ?? before?.amount ?? null,
    }),
    changes: diffTransaction(before, changes),
  };
}

const DEBT_TYPES: Record<DebtHistoryEntryType, ActivityType> = {
  opened: 'debt_opened',
  edited: 'debt_edited',
  payment_recorded: 'payment_recorded',
  payment_edited: 'payment_edited',
  payment_deleted: 'payment_deleted',
  installment_paid: 'installment_paid',
  installment_unpaid: 'installment_unpaid',
  paid_off: 'debt_paid_off',
  reopened: 'debt_reopened',
  deleted: 'debt_deleted',
};

/** The debt history's reading of the event, with its amount as money of the debt's currency. */
export async function debtEntry(event: Recorded<DebtEvent>, uow: UnitOfWork): Promise<Entry> {
  const { debtId } = event.data;
  const before =
    event.type === 'DebtOpened'
      ? null
      : ((await uow.get<DebtDetail>(DEBTS_VIEW, event.metadata.userId, debtId))?.doc ?? null);
  const entry = debtEntryOf(event, before);
  const currency = debtCurrencyOf(event, before) as Currency;
  const name =
    event.type === 'DebtOpened'
      ? event.data.name
      : event.type === 'DebtEdited' && event.data.changes.name !== undefined
        ? event.data.changes.name
        : (before?.name ?? null);
  return {
    kind: 'debt',
    subjectId: debtId,
    type: DEBT_TYPES[entry.type],
    subject: subject({ name }),
    changes: entry.changes,
    amount: entry.amount === null ? null : { amount: entry.amount, currency },
    date: entry.date,
    installmentNumber: entry.installmentNumber,
    currency,
  };
}

export async function profileEntry(event: Recorded<ProfileEvent>, uow: UnitOfWork): Promise<Entry | null> {
  const userId = event.metadata.userId;
  switch (event.type) {
    case 'GoalAdded':
      return {
        kind: 'goal',
        subjectId: event.data.goalId,
        type: 'goal_added',
        subject: subject({ name: event.data.name }),
        amount: event.data.target,
      };
    case 'GoalEdited':
    case 'GoalContributed':
    case 'GoalWithdrawn':
    case 'GoalDeleted': {
      const { goalId } = event.data;
      const before = (await uow.get<GoalView>(GOALS_VIEW, userId, goalId))?.doc ?? null;
      const base = { kind: 'goal' as const, subjectId: goalId, subject: subject({ name: before?.name ?? null }) };
      if (event.type === 'GoalEdited') {
        const { changes } = event.data;
        return {
          ...base,
          type: 'goal_edited',
          subject: subject({ name: changes.name ?? before?.name ?? null }),
          changes: diffFields(GOAL_FIELDS, before, changes),
        };
      }
      if (event.type === 'GoalDeleted') return { ...base, type: 'goal_deleted' };
      return {
        ...base,
        type: event.type === 'GoalContributed' ? 'goal_contributed' : 'goal_withdrawn',
        amount: event.data.amount,
        date: event.data.date,
      };
    }
    case 'CategoryAdded':
      return {
        kind: 'category',
        subjectId: event.data.categoryId,
        type: 'category_added',
        subject: subject({ name: event.data.name }),
      };
    case 'CategoryEdited':
    case 'CategoryDeleted': {
      const { categoryId } = event.data;
      const before = (await uow.get<CategoryDocument>(CATEGORIES_VIEW, userId, categoryId))?.doc ?? null;
      if (event.type === 'CategoryDeleted') {
        return {
          kind: 'category',
          subjectId: categoryId,
          type: 'category_deleted',
          subject: subject({ name: before?.name ?? null }),
          replacementCategoryId: event.data.replacementCategoryId,
        };
      }
      const { changes } = event.data;
      return {
        kind: 'category',
        subjectId: categoryId,
        type: 'category_edited',
        subject: subject({ name: changes.name ?? before?.name ?? null }),
        changes: diffFields(CATEGORY_FIELDS, before, changes),
      };
    }
    case 'CategoryBudgetSet':
    case 'CategoryRolloverSet': {
      const { categoryId } = event.data;
      const category = (await uow.get<CategoryDocument>(CATEGORIES_VIEW, userId, categoryId))?.doc ?? null;
      const base = {
        kind: 'category' as const,
        subjectId: categoryId,
        subject: subject({ name: category?.name ?? null, categoryId }),
      };
      if (event.type === 'CategoryRolloverSet') {
        return {
          ...base,
          type: 'category_rollover_set',
          changes: [{ field: 'rollover', from: null, to: event.data.rollover }],
        };
      }
      return {
        ...base,
        type: 'category_budget_set',
        amount: event.data.limit,
        date: `${event.data.month}-01`,
        changes: [{ field: 'repeat', from: null, to: event.data.repeat }],
      };
    }
    case 'PreferencesChanged': {
      const stored = await uow.get<PreferencesView>(PREFERENCES_VIEW, userId, PREFERENCES_DOC_ID);
      const before = { ...DEFAULT_PREFERENCES_VIEW, ...stored?.doc };
      const changes = diffFields(PREFERENCE_FIELDS, before, event.data.changes);
      // A save that set every preference to what it was (the app saving the language it
      // already had) changed nothing worth reading about.
      if (changes.length === 0) return null;
      return {
        kind: 'settings',
        subjectId: SETTINGS_SUBJECT_ID,
        type: 'preferences_changed',
        subject: subject(),
        changes,
      };
    }
    case 'ExchangeRatesSet':
      return {
        kind: 'settings',
        subjectId: SETTINGS_SUBJECT_ID,
        type: event.data.rates === null ? 'exchange_rates_reset' : 'exchange_rates_set',
        subject: subject(),
      };
    default:
      return null;
  }
}
