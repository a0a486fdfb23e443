import { DEBTS_VIEW, PREFERENCES_VIEW, RECURRING_RULES_VIEW } from '@plenty/contracts/views/registry';
import { DEFAULT_PREFERENCES_VIEW, PREFERENCES_DOC_ID, type PreferencesView } from '@plenty/contracts/preferences';
import { compactHandled } from '@plenty/contracts/recurring-schedule';
import type { DebtDetail, DebtScheduleRow } from '@plenty/contracts/views/debts';
import type { RecurringRuleDoc, RecurringRuleDocFields } from '@plenty/contracts/views/recurring';
import type { Document, ReadStore } from '@plenty/platform/read-store/port';
import { readViews } from '../read-views.js';
import { READ_STORES, type ReadStoreKind } from '../wallet/wallet-fixture.js';

/*
 * For the recurring, upcoming and budget tests: rule documents as the `recurring` projection
 * leaves them (where a rule stands computed by the contracts' `compactHandled`, as the
 * projection does) and debt documents, put straight into an in-memory read store.
 */

export const RULE_A = '0192f0c4-7a1b-7c3d-8e4f-00000000e001';
export const RULE_B = '0192f0c4-7a1b-7c3d-8e4f-00000000e002';
export const RULE_C = '0192f0c4-7a1b-7c3d-8e4f-00000000e003';
export const RULE_D = '0192f0c4-7a1b-7c3d-8e4f-00000000e004';
export const RULE_E = '0192f0c4-7a1b-7c3d-8e4f-00000000e005';
export const DEBT = '0192f0c4-7a1b-7c3d-8e4f-00000000f001';
/** Bob's rule, which Alice must never see. */
export const BOBS = '0192f0c4-7a1b-7c3d-8e4f-00000000e009';
/** 12:00 on 20 November 2026 in Vientiane. */
export const NOW = new Date('2026-11-20T05:00:00.000Z');

/** Every week from `startDate`, without end. */
export const weekly = (startDate: string) => ({
  frequency: 'week' as const,
  interval: 1,
  startDate,
  end: { kind: 'never' as const },
});

/** Rent: 1,500,000 kip a month on the 5th from August 2026, posted by the server. */
export const rent = (fields: Partial<RecurringRuleDocFields> = {}): RecurringRuleDocFields => ({
  type: 'expense',
  amount: { amount: 1_500_000, currency: 'LAK' },
  categoryId: 'builtin-housing',
  walletId: null,
  note: 'Rent',
  mode: 'auto',
  remind: true,
  schedule: { frequency: 'month', interval: 1, startDate: '2026-08-05', end: { kind: 'never' } },
  ...fields,
});

export interface RuleState {
  readonly status?: RecurringRuleDoc['status'];
  readonly handledThrough?: string | null;
  readonly posted?: readonly string[];
  readonly skipped?: readonly string[];
  readonly pausedOn?: string | null;
  readonly heldOn?: string | null;
  readonly heldReason?: string | null;
  readonly overrides?: RecurringRuleDoc['overrides'];
  readonly versions?: RecurringRuleDoc['versions'];
  readonly lastPostedOn?: string | null;
  readonly postedCount?: number;
  readonly updatedAt?: string;
}

/** A rule's document: one version (unless given), where it stands folded as the projection folds it. */
export function ruleDoc(id: string, rule: RecurringRuleDocFields, state: RuleState = {}): RecurringRuleDoc {
  const versions = state.versions ?? [{ from: rule.schedule.startDate, rule }];
  const handled = compactHandled(versions, {
    handledThrough: state.handledThrough ?? null,
    posted: state.posted ?? [],
    skipped: state.skipped ?? [],
  });
  const status = state.status ?? (handled.nextDue === null ? 'ended' : 'active');
  return {
    id,
    versions,
    status,
    pausedOn: state.pausedOn ?? null,
    heldOn: state.heldOn ?? null,
    heldReason: state.heldReason ?? null,
    handledThrough: handled.handledThrough,
    posted: [...handled.posted],
    skipped: [...handled.skipped],
    nextDue: handled.nextDue,
    overrides: state.overrides ?? {},
    postedCount: state.postedCount ?? 0,
    lastPostedOn: state.lastPostedOn ?? handled.handledThrough,
    fromTransactionId: null,
    createdAt: '2026-08-01T03:00:00.000Z',
    updatedAt: state.updatedAt ?? '2026-08-01T03:00:00.000Z',
  };
}

/** A pending or paid schedule row of a debt. */
export const row = (number: number, dueDate: string, amount: number, paid = false): DebtScheduleRow => ({
  number,
  dueDate,
  amount,
  principal: amount,
  interest: 0,
  balance: 0,
  status: paid ? 'paid' : 'pending',
  paymentId: paid ? `payment-${number}` : null,
  paidOn: paid ? dueDate : null,
});

/** What the upcoming query reads of a debt. */
export const debtDoc = (fields: Partial<DebtDetail>): Partial<DebtDetail> => ({
  id: DEBT,
  name: 'Motorbike loan',
  status: 'active',
  currency: 'LAK',
  schedule: [],
  ...fields,
});

export interface RecurringUserDocs {
  readonly rules?: readonly RecurringRuleDoc[];
  readonly debts?: readonly Partial<DebtDetail>[];
  readonly preferences?: Partial<PreferencesView>;
}

let position = 0;

/** Puts the users' documents in the store, each batch at a new position. */
export async function givenRules(store: ReadStore, users: Readonly<Record<string, RecurringUserDocs>>): Promise<void> {
  position += 1;
  const at = String(position);
  await store.applyBatch('recurring-test', at, async (uow) => {
    const put = (view: string, userId: string, id: string, doc: Document) => uow.put(view, userId, id, doc, at);
    for (const [userId, docs] of Object.entries(users)) {
      for (const doc of docs.rules ?? []) put(RECURRING_RULES_VIEW, userId, doc.id, { ...doc });
      for (const doc of docs.debts ?? []) put(DEBTS_VIEW, userId, doc.id ?? '', { ...doc });
      if (docs.preferences !== undefined) {
        put(PREFERENCES_VIEW, userId, PREFERENCES_DOC_ID, { ...DEFAULT_PREFERENCES_VIEW, ...docs.preferences });
      }
    }
  });
}

/** An in-memory read store of the kind with the views the query service registers. */
export async function recurringStore(kind: ReadStoreKind = 'sqlite'): Promise<ReadStore> {
  const store = await READ_STORES[kind]();
  await store.ensureViews(readViews);
  return store;
}

export { READ_STORES, type ReadStoreKind };
