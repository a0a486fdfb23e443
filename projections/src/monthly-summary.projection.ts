import {
  DEBTS_VIEW,
  MONTHLY_CONTRIBUTIONS_VIEW,
  MONTHLY_SUMMARY_VIEW,
  YEARLY_SUMMARY_VIEW,
} from '@plenty/contracts/views/registry';
import { monthOfDate } from '@plenty/contracts/calendar/date';
import type { CategoryDeleted } from '@plenty/contracts/events/profile';
import type { DebtEvent } from '@plenty/contracts/events/debt';
import { exactTotal, totalOf, type ExactTotal } from '@plenty/contracts/money';
import { categoryParts } from '@plenty/contracts/splits';
import type { TransactionEvent } from '@plenty/contracts/events/transaction';
import type {
  CellsByCurrency,
  MonthlyContributionDoc,
  MonthlySummaryDoc,
  SummaryCell,
  YearlySummaryDoc,
} from '@plenty/contracts/views/monthly-summary';
import type { RecordedEvent } from '@plenty/platform/event-store/port';
import type { UnitOfWork, ViewDefinition } from '@plenty/platform/read-store/port';
import { INTEREST_EVENTS, applyInterestEvent } from './monthly-interest.js';
import { isNewerThan, type Projection } from './projection.js';

/** Read by id (`YYYY-MM`) only: a dashboard reads the month shown and the one before. */
export const monthlySummaryView: ViewDefinition = { name: MONTHLY_SUMMARY_VIEW, fields: {}, indexes: [] };

/** Read by id (`YYYY`) only: a trend of twelve months reads one or two years. */
export const yearlySummaryView: ViewDefinition = { name: YEARLY_SUMMARY_VIEW, fields: {}, indexes: [] };

/** A live contribution, as opposed to the marker a deleted transaction leaves. */
export type Contribution = Extract<MonthlyContributionDoc, { month: string }>;

export const isLiveContribution = (doc: MonthlyContributionDoc): doc is Contribution => !('deleted' in doc);

export const monthlyContributionsView: ViewDefinition = {
  name: MONTHLY_CONTRIBUTIONS_VIEW,
  fields: { categoryId: 'text', month: 'text', type: 'text', currency: 'text', amount: 'integer', split: 'integer' },
  // By category, and the split ones (`split` is null for the others: a sparse index of the few
  // split ones), for a deleted category's move; by month, type and currency sorted by amount for
  // a month's largest expenses in each currency.
  indexes: [['categoryId'], { fields: ['split'], sparse: true }, ['month', 'type', 'currency', 'amount']],
  indexValues: (doc) => {
    const contribution = doc as MonthlyContributionDoc;
    if (!isLiveContribution(contribution)) {
      return { categoryId: null, month: null, type: null, currency: null, amount: null, split: null };
    }
    return {
      categoryId: contribution.categoryId,
      month: contribution.month,
      type: contribution.type,
      currency: contribution.amount.currency,
      amount: contribution.amount.amount,
      split: contribution.splits === undefined ? null : 1,
    };
  },
};

const EMPTY_CELL: SummaryCell = { income: 0, expense: 0, incomeCount: 0, expenseCount: 0 };

/** A stored sum with an amount added (sign 1) or taken out (sign −1), exactly: sums pass 2^53. */
export const addExact = (total: ExactTotal, sign: 1 | -1, amount: number): ExactTotal =>
  exactTotal(totalOf(total) + BigInt(sign) * BigInt(amount));

function addToCell(cells: CellsByCurrency, part: Contribution, sign: 1 | -1): CellsByCurrency {
  const { currency, amount } = part.amount;
  const cell = cells[currency] ?? EMPTY_CELL;
  const next: SummaryCell =
    part.type === 'income'
      ? { ...cell, income: addExact(cell.income, sign, amount), incomeCount: cell.incomeCount + sign }
      : { ...cell, expense: addExact(cell.expense, sign, amount), expenseCount: cell.expenseCount + sign };
  const result = { ...cells };
  if (next.incomeCount === 0 && next.expenseCount === 0) delete result[currency];
  else result[currency] = next;
  return result;
}

function addToGroup(
  groups: Record<string, CellsByCurrency>,
  key: string,
  part: Contribution,
  sign: 1 | -1,
): Record<string, CellsByCurrency> {
  const cells = addToCell(groups[key] ?? {}, part, sign);
  const result = { ...groups };
  if (Object.keys(cells).length === 0) delete result[key];
  else result[key] = cells;
  return result;
}

/**
 * What a contribution counts in each category (`categoryParts`): lines of one category taken
 * together, so a transaction counts once in each category it has lines in, with their sum.
 */
export function byCategory(part: Contribution): Contribution[] {
  const sums = new Map<string, bigint>();
  for (const line of categoryParts(part)) {
    sums.set(line.categoryId, (sums.get(line.categoryId) ?? 0n) + BigInt(line.amount));
  }
  return [...sums].map(([categoryId, amount]) => ({
    ...part,
    categoryId,
    amount: { currency: part.amount.currency, amount: Number(amount) },
  }));
}

/**
 * The month summary with one transaction's contribution added (sign 1) or taken out (sign −1):
 * once in the month's count, currencies and day, its lines in their categories.
 */
export function applyContribution(doc: MonthlySummaryDoc | null, part: Contribution, sign: 1 | -1): MonthlySummaryDoc {
  const current = doc ?? { id: part.month, count: 0, currencies: {}, categories: {}, days: {} };
  let categories = current.categories;
  for (const inCategory of byCategory(part)) {
    categories = addToGroup(categories, inCategory.categoryId, inCategory, sign);
  }
  return {
    id: current.id,
    count: current.count + sign,
    currencies: addToCell(current.currencies, part, sign),
    categories,
    days: addToGroup(current.days, part.date, part, sign),
  };
}

/** A contribution's lines as kept: category and amount of each; none for a one-category transaction. */
const linesOf = (
  lines: readonly { readonly categoryId: string; readonly amount: number }[] | null | undefined,
): Pick<Contribution, 'splits'> =>
  lines === null || lines === undefined || lines.length === 0
    ? {}
    : { splits: lines.map(({ categoryId, amount }) => ({ categoryId, amount })) };

/** The contribution without its lines (a split transaction made one-category again). */
function withoutLines(part: Contribution): Contribution {
  const { splits: _splits, ...rest } = part;
  return rest;
}

/** The year summary with one transaction's contribution to its month added or taken out. */
export function applyToYear(doc: YearlySummaryDoc | null, part: Contribution, sign: 1 | -1): YearlySummaryDoc {
  const current = doc ?? { id: part.month.slice(0, 4), months: {} };
  return { id: current.id, months: addToGroup(current.months, part.month, part, sign) };
}

/** The month and year summaries one event touches, loaded once, changed in memory, then written. */
class MonthChanges {
  private readonly months = new Map<string, MonthlySummaryDoc | null>();
  private readonly years = new Map<string, YearlySummaryDoc | null>();

  constructor(
    private readonly event: RecordedEvent,
    private readonly uow: UnitOfWork,
  ) {}

  async apply(part: Contribution, sign: 1 | -1): Promise<void> {
    if (!this.months.has(part.month)) {
      const stored = await this.uow.get<MonthlySummaryDoc>(MONTHLY_SUMMARY_VIEW, this.userId, part.month);
      this.months.set(part.month, stored?.doc ?? null);
    }
    this.months.set(part.month, applyContribution(this.months.get(part.month) ?? null, part, sign));
    const year = part.month.slice(0, 4);
    if (!this.years.has(year)) {
      const stored = await this.uow.get<YearlySummaryDoc>(YEARLY_SUMMARY_VIEW, this.userId, year);
      this.years.set(year, stored?.doc ?? null);
    }
    this.years.set(year, applyToYear(this.years.get(year) ?? null, part, sign));
  }

  write(): void {
    for (const [month, doc] of this.months) {
      if (doc === null || doc.count <= 0)
        this.uow.remove(MONTHLY_SUMMARY_VIEW, this.userId, month, this.event.position);
      else this.uow.put(MONTHLY_SUMMARY_VIEW, this.userId, month, doc, this.event.position);
    }
    for (const [year, doc] of this.years) {
      if (doc === null || Object.keys(doc.months).length === 0) {
        this.uow.remove(YEARLY_SUMMARY_VIEW, this.userId, year, this.event.position);
      } else this.uow.put(YEARLY_SUMMARY_VIEW, this.userId, year, doc, this.event.position);
    }
  }

  private get userId(): string {
    return this.event.metadata.userId;
  }
}

type Recorded<E> = RecordedEvent & E;

/**
 * Monthly sums of each user's transactions per currency, per category and per day, and each
 * year's months per currency, exact however large (ExactTotal), with the interest of
 * installments paid from a wallet as expenses of `builtin-interest` (monthly-interest.ts).
 * Every change is measured against the transaction's own contribution document, kept by this
 * projection, so it never depends on the order projections run in; an event delivered again
 * finds the contribution already at or past its position and changes nothing.
 */
export const monthlySummaryProjection: Projection = {
  name: 'monthly-summary',
  // 2: sums are exact past 2^53 (ExactTotal).
  // 3: the interest of installments paid from a wallet is an expense (contributions `payment:<id>`).
  // 4: split transactions count their lines in their categories (contributions keep the lines,
  // indexed by `split` for a deleted category's move).
  version: 4,
  views: [monthlySummaryView, yearlySummaryView, monthlyContributionsView],
  reads: [DEBTS_VIEW],
  handles: ['TransactionAdded', 'TransactionEdited', 'TransactionDeleted', 'CategoryDeleted', ...INTEREST_EVENTS],
  async apply(event, uow) {
    const known = event as Recorded<TransactionEvent | CategoryDeleted>;
    const userId = known.metadata.userId;
    const changes = new MonthChanges(known, uow);
    if (INTEREST_EVENTS.includes(event.type)) {
      await applyInterestEvent(event as Recorded<DebtEvent>, uow, changes);
      changes.write();
      return;
    }
    switch (known.type) {
      case 'TransactionAdded': {
        const { data } = known;
        const existing = await uow.get<MonthlyContributionDoc>(MONTHLY_CONTRIBUTIONS_VIEW, userId, data.transactionId);
        if (!isNewerThan(known, existing)) return;
        // Like the transactions view, a later addition under the same id replaces the earlier one.
        if (existing !== null && isLiveContribution(existing.doc)) await changes.apply(existing.doc, -1);
        const part: Contribution = {
          id: data.transactionId,
          month: monthOfDate(data.date),
          date: data.date,
          type: data.type,
          categoryId: data.categoryId,
          amount: data.amount,
          ...linesOf(data.splits),
        };
        await changes.apply(part, 1);
        uow.put(MONTHLY_CONTRIBUTIONS_VIEW, userId, part.id, part, known.position);
        break;
      }
      case 'TransactionEdited': {
        const stored = await uow.get<MonthlyContributionDoc>(
          MONTHLY_CONTRIBUTIONS_VIEW,
          userId,
          known.data.transactionId,
        );
        if (stored === null || !isNewerThan(known, stored) || !isLiveContribution(stored.doc)) return;
        const before = stored.doc;
        const { type, amount, categoryId, date, splits } = known.data.changes;
        const after: Contribution = {
          ...(splits === undefined ? before : { ...withoutLines(before), ...linesOf(splits) }),
          ...(type === undefined ? {} : { type }),
          ...(amount === undefined ? {} : { amount }),
          ...(categoryId === undefined ? {} : { categoryId }),
          ...(date === undefined ? {} : { date, month: monthOfDate(date) }),
        };
        await changes.apply(before, -1);
        await changes.apply(after, 1);
        uow.put(MONTHLY_CONTRIBUTIONS_VIEW, userId, after.id, after, known.position);
        break;
      }
      case 'TransactionDeleted': {
        const id = known.data.transactionId;
        const stored = await uow.get<MonthlyContributionDoc>(MONTHLY_CONTRIBUTIONS_VIEW, userId, id);
        if (stored === null || !isNewerThan(known, stored) || !isLiveContribution(stored.doc)) return;
        await changes.apply(stored.doc, -1);
        uow.put(MONTHLY_CONTRIBUTIONS_VIEW, userId, id, { id, deleted: true }, known.position);
        break;
      }
      case 'CategoryDeleted': {
        const { categoryId, replacementCategoryId } = known.data;
        // Its transactions, and the split ones with a line in it (a user's split ones are read).
        const [own, split] = await Promise.all([
          uow.findByField<MonthlyContributionDoc>(MONTHLY_CONTRIBUTIONS_VIEW, userId, 'categoryId', categoryId),
          uow.findByField<MonthlyContributionDoc>(MONTHLY_CONTRIBUTIONS_VIEW, userId, 'split', 1),
        ]);
        const moving = new Map(own.map((stored) => [stored.id, stored]));
        for (const stored of split) {
          const lines = isLiveContribution(stored.doc) ? (stored.doc.splits ?? []) : [];
          if (lines.some((line) => line.categoryId === categoryId)) moving.set(stored.id, stored);
        }
        const swap = (id: string) => (id === categoryId ? replacementCategoryId : id);
        for (const stored of moving.values()) {
          if (!isNewerThan(known, stored) || !isLiveContribution(stored.doc)) continue;
          // Two lines may then share a category: they are kept apart.
          const lines = stored.doc.splits?.map((line) => ({ ...line, categoryId: swap(line.categoryId) }));
          const moved: Contribution = {
            ...stored.doc,
            categoryId: swap(stored.doc.categoryId),
            ...(lines === undefined ? {} : { splits: lines }),
          };
          await changes.apply(stored.doc, -1);
          await changes.apply(moved, 1);
          uow.put(MONTHLY_CONTRIBUTIONS_VIEW, userId, moved.id, moved, known.position);
        }
        break;
      }
      default:
        return;
    }
    changes.write();
  },
};
