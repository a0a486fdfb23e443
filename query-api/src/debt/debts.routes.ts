import {
  DEBTS_VIEW,
  DEBT_HISTORY_VIEW,
  DEBT_ITEMS_VIEW,
  DEBT_SUMMARY_VIEW,
  PREFERENCES_VIEW,
} from '@plenty/contracts/views/registry';
import type { FastifyInstance } from 'fastify';
import type { DebtDetail, DebtListItem, DebtSummary } from '@plenty/contracts/views/debts';
import { finishFigures } from '@plenty/contracts/figures';
import { CURRENCIES, totalOf, type Currency, type ExactTotal } from '@plenty/contracts/money';
import type { DebtHistoryDoc } from '@plenty/contracts/views/debt-history';
import { QUERY_ROUTES } from '@plenty/contracts/views/query-routes';
import { DEFAULT_PREFERENCES_VIEW, PREFERENCES_DOC_ID, type PreferencesView } from '@plenty/contracts/preferences';
import { sumInCurrencyExact } from '@plenty/contracts/rates';
import type { ReadStore } from '@plenty/platform/read-store/port';
import { historyPage, itemIdOr404, notFound, queryRoute } from '../query-route.js';
import { DEBT_SUMMARY_ID } from '../read-views.js';

/** A person's debts are few; one page holds them all. */
const MAX_DEBTS = 1000;

/** The projector's per-user summary document: exact totals per currency. */
interface DebtSummaryDoc {
  readonly outstanding?: Partial<Record<Currency, ExactTotal>>;
  readonly activeCount?: number;
  readonly paidOffCount?: number;
}

/** Active debts first, the next installment soonest, then by name; then paid-off ones, latest first. */
export function compareDebts(a: DebtListItem, b: DebtListItem): number {
  if (a.status !== b.status) return a.status === 'active' ? -1 : 1;
  if (a.status === 'active') {
    const dueA = a.nextInstallment?.dueDate ?? '';
    const dueB = b.nextInstallment?.dueDate ?? '';
    if (dueA !== dueB) return dueA < dueB ? -1 : 1;
  } else if (a.paidOffAt !== b.paidOffAt) {
    return (a.paidOffAt ?? '') < (b.paidOffAt ?? '') ? 1 : -1;
  }
  const byName = (a.name ?? '').localeCompare(b.name ?? '', undefined, { sensitivity: 'base' });
  return byName !== 0 ? byName : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** The tracker's cards: each currency's outstanding total converted once into the display currency. */
export function summaryOf(doc: DebtSummaryDoc | undefined, preferences: PreferencesView): DebtSummary {
  const perCurrency = CURRENCIES.flatMap((currency) => {
    const amount = totalOf(doc?.outstanding?.[currency]);
    return amount === 0n ? [] : [{ amount, currency }];
  });
  const { value, outOfRange } = finishFigures<Omit<DebtSummary, 'outOfRange'>>({
    currency: preferences.currency,
    totalOutstanding: sumInCurrencyExact(perCurrency, preferences.currency, preferences.rates),
    perCurrency,
    activeCount: doc?.activeCount ?? 0,
    paidOffCount: doc?.paidOffCount ?? 0,
  });
  return { ...value, outOfRange };
}

const debtNotFound = () => notFound('debt_not_found');

/**
 * `GET /debts` (summary and list), `GET /debts/:id` (detail) and `GET /debts/:id/history`
 * (its events, newest first, a page per cursor); another user's debt is as unknown as none.
 */
export function debtsRoutes(app: FastifyInstance, readStore: ReadStore): void {
  queryRoute(app, QUERY_ROUTES.debts, async ({ user }) => {
    const [page, summary, preferences] = await Promise.all([
      readStore.find<DebtListItem>(DEBT_ITEMS_VIEW, { userId: user.uid, sort: [], limit: MAX_DEBTS }),
      readStore.get<DebtSummaryDoc & Record<string, unknown>>(DEBT_SUMMARY_VIEW, user.uid, DEBT_SUMMARY_ID),
      readStore.get<PreferencesView>(PREFERENCES_VIEW, user.uid, PREFERENCES_DOC_ID),
    ]);
    return {
      summary: summaryOf(summary?.doc, { ...DEFAULT_PREFERENCES_VIEW, ...preferences?.doc }),
      items: page.items.map(({ doc }) => doc).sort(compareDebts),
    };
  });

  queryRoute(app, QUERY_ROUTES.debt, async ({ user, params }) => {
    const found = await readStore.get<DebtDetail>(DEBTS_VIEW, user.uid, itemIdOr404(params.id, 'debt_not_found'));
    if (found === null) throw debtNotFound();
    return found.doc;
  });

  queryRoute(app, QUERY_ROUTES.debtHistory, async ({ user, params, query }) =>
    historyPage(readStore, {
      view: DEBT_HISTORY_VIEW,
      userId: user.uid,
      where: { debtId: itemIdOr404(params.id, 'debt_not_found') },
      query,
      notFound: debtNotFound,
      entry: (doc: DebtHistoryDoc) => ({
        revision: doc.revision,
        type: doc.type,
        occurredAt: doc.occurredAt,
        currency: doc.currency,
        changes: doc.changes,
        amount: doc.amount,
        date: doc.date,
        installmentNumber: doc.installmentNumber,
      }),
    }),
  );
}
