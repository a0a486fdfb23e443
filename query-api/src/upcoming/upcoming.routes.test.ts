import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { convertExact, DEFAULT_RATES } from '@plenty/contracts/rates';
import { upcomingSchema, type RecurringRuleDoc } from '@plenty/contracts/views/recurring';
import { defaultWalletId } from '@plenty/contracts/wallets';
import type { ReadStore } from '@plenty/platform/read-store/port';
import { getAs, routesUnderTest } from '../route-testing.js';
import {
  DEBT,
  BOBS,
  NOW,
  READ_STORES,
  RULE_A,
  RULE_B,
  RULE_C,
  RULE_D,
  RULE_E,
  debtDoc,
  givenRules,
  recurringStore,
  rent,
  row,
  ruleDoc,
  weekly,
  type ReadStoreKind,
} from '../recurring/recurring-fixture.js';
import type * as DateModule from '@plenty/contracts/calendar/date';
import { upcomingOf } from './upcoming.js';
import { upcomingRoutes } from './upcoming.routes.js';

/** Dates computed (each occurrence of a schedule is one): the work of reading rules, counted. */
const datesComputed = vi.hoisted(() => ({ count: 0 }));
vi.mock('@plenty/contracts/calendar/date', async (importOriginal) => {
  const actual = await importOriginal<typeof DateModule>();
  return {
    ...actual,
    addDays: (date: string, count: number) => {
      datesComputed.count += 1;
      return actual.addDays(date, count);
    },
    isoDate: (year: number, month: number, day: number) => {
      datesComputed.count += 1;
      return actual.isoDate(year, month, day);
    },
  };
});

const PAUSED = '0192f0c4-7a1b-7c3d-8e4f-00000000e006';

/** Electricity waits for the user each month (300,000 kip on the 5th). */
const electricity = rent({ amount: { amount: 300_000, currency: 'LAK' }, note: 'Electricity', mode: 'confirm' });
/** A weekly side job: 200,000 kip every Sunday from 22 November. */
const sideJob = rent({
  type: 'income',
  amount: { amount: 200_000, currency: 'LAK' },
  categoryId: 'builtin-salary',
  note: 'Side job',
  schedule: weekly('2026-11-22'),
});
/** The internet: 500 baht every Monday, no reminders. */
const internet = rent({
  amount: { amount: 50_000, currency: 'THB' },
  note: 'Internet',
  remind: false,
  schedule: weekly('2026-11-02'),
});
/** A phone top-up every Tuesday, held since 10 November. */
const topUp = rent({ amount: { amount: 100_000, currency: 'LAK' }, note: 'Phone', schedule: weekly('2026-11-03') });

describe.each(Object.keys(READ_STORES) as ReadStoreKind[])('GET /upcoming on %s', (kind) => {
  let store: ReadStore;
  let app: FastifyInstance;

  beforeEach(async () => {
    store = await recurringStore(kind);
    await givenRules(store, {
      alice: {
        preferences: { timeZone: 'Asia/Vientiane', currency: 'LAK', reminderDaysBefore: 2 },
        rules: [
          ruleDoc(RULE_A, electricity, { handledThrough: '2026-09-05' }),
          ruleDoc(RULE_B, sideJob),
          ruleDoc(RULE_C, internet, { handledThrough: '2026-11-16' }),
          ruleDoc(RULE_D, topUp, {
            handledThrough: '2026-11-03',
            status: 'held',
            heldOn: '2026-11-10',
            heldReason: 'wallet_archived',
          }),
          // The rent is posted through December; a paused rule shows nothing.
          ruleDoc(RULE_E, rent(), { handledThrough: '2026-12-05' }),
          ruleDoc(PAUSED, rent({ schedule: weekly('2026-11-21') }), { status: 'paused', pausedOn: '2026-11-19' }),
        ],
        debts: [
          debtDoc({
            schedule: [
              row(1, '2026-08-15', 300_000, true),
              row(2, '2026-09-15', 300_000, true),
              row(3, '2026-10-15', 300_000),
              row(4, '2026-11-15', 300_000),
              row(5, '2026-11-22', 300_000),
              row(6, '2026-12-15', 300_000),
            ],
          }),
          debtDoc({
            id: '0192f0c4-7a1b-7c3d-8e4f-00000000f002',
            status: 'paid_off',
            schedule: [row(1, '2026-11-21', 10_000)],
          }),
        ],
      },
      bob: { rules: [ruleDoc(BOBS, rent({ mode: 'confirm' }), { handledThrough: '2026-10-05' })] },
    });
    app = await routesUnderTest((scope) => upcomingRoutes(scope, store, () => NOW));
  });

  afterEach(async () => {
    await app.close();
    await store.close();
  });

  const upcoming = async (query = '', uid = 'alice') => {
    const answer = await getAs(app, `/upcoming${query}`, uid);
    expect(answer.statusCode, answer.body).toBe(200);
    return upcomingSchema.parse(answer.json());
  };

  it('lists what waits (however old) and what comes in the next seven days, by date, with reminders in their window', async () => {
    const answer = await upcoming();
    expect(answer).toMatchObject({ today: '2026-11-20', through: '2026-11-27', displayCurrency: 'LAK' });
    expect(
      answer.items.map((item) =>
        item.kind === 'recurring'
          ? [item.date, item.ruleId, item.state, item.overdue, item.remind]
          : [item.date, `installment ${item.number}`, item.overdue, item.remind],
      ),
    ).toEqual([
      ['2026-10-05', RULE_A, 'due', true, false],
      ['2026-10-15', 'installment 3', true, false],
      ['2026-11-05', RULE_A, 'due', true, false],
      ['2026-11-10', RULE_D, 'held', true, false],
      ['2026-11-15', 'installment 4', true, false],
      ['2026-11-17', RULE_D, 'held', true, false],
      ['2026-11-22', 'installment 5', false, true],
      ['2026-11-22', RULE_B, 'scheduled', false, true],
      ['2026-11-23', RULE_C, 'scheduled', false, false],
    ]);
    expect(answer.waitingCount).toBe(6);
  });

  it('says what each occurrence posts and why a held one waits', async () => {
    const { items } = await upcoming();
    expect(items.find((item) => item.date === '2026-11-23')).toEqual({
      kind: 'recurring',
      ruleId: RULE_C,
      date: '2026-11-23',
      type: 'expense',
      amount: { amount: 50_000, currency: 'THB' },
      categoryId: 'builtin-housing',
      walletId: defaultWalletId('alice', 'THB'),
      note: 'Internet',
      mode: 'auto',
      state: 'scheduled',
      heldReason: null,
      edited: false,
      overdue: false,
      remind: false,
    });
    expect(items.find((item) => item.date === '2026-11-10')).toMatchObject({ heldReason: 'wallet_archived' });
    expect(items.find((item) => item.kind === 'installment' && item.number === 5)).toEqual({
      kind: 'installment',
      debtId: DEBT,
      name: 'Motorbike loan',
      number: 5,
      date: '2026-11-22',
      amount: { amount: 300_000, currency: 'LAK' },
      overdue: false,
      remind: true,
    });
  });

  it('totals income and expenses in the display currency, each currency summed then converted once', async () => {
    const { totals } = await upcoming();
    const lak = 2 * 300_000 + 2 * 100_000 + 3 * 300_000;
    expect(totals).toEqual({
      income: 200_000,
      expense: lak + Number(convertExact(50_000n, 'THB', 'LAK', DEFAULT_RATES)),
      outOfRange: false,
    });
  });

  it('looks further ahead when asked, and the user sees only their own', async () => {
    const { items, through } = await upcoming('?days=30');
    expect(through).toBe('2026-12-20');
    expect(items.filter((item) => item.kind === 'recurring' && item.ruleId === RULE_B)).toHaveLength(5);
    expect(items.some((item) => item.kind === 'installment' && item.number === 6)).toBe(true);
    expect(items.some((item) => item.kind === 'recurring' && item.ruleId === RULE_E)).toBe(false);
    const bobs = await upcoming('', 'bob');
    expect(bobs.items.map((item) => item.date)).toEqual(['2026-11-05']);
  });

  it('refuses a look ahead of less than a day or more than 62', async () => {
    for (const days of ['0', '63', 'x']) {
      const answer = await getAs(app, `/upcoming?days=${days}`);
      expect(answer.statusCode).toBe(400);
    }
  });
});

describe('upcoming of a user with 1,000 rules', () => {
  /** 900 monthly rules on every day of the month and 100 weekly ones from `since`; a third wait for the user. */
  const rulesSince = (since: string) =>
    Array.from({ length: 1000 }, (_, i) => {
      const id = `0192f0c4-7a1b-7c3d-8e4f-${String(i).padStart(12, '0')}`;
      const weeklyRule = i % 10 === 0;
      const schedule = weeklyRule ? weekly(since) : { ...rent().schedule, startDate: since, monthDay: (i % 28) + 1 };
      return ruleDoc(id, rent({ schedule, mode: i % 3 === 0 ? 'confirm' : 'auto' }), {
        handledThrough: weeklyRule ? '2026-11-13' : '2026-10-31',
      });
    });
  const upcomingOfRules = (rules: readonly RecurringRuleDoc[]) =>
    upcomingOf({
      userId: 'alice',
      today: '2026-11-20',
      days: 7,
      preferences: { currency: 'LAK' as const, rates: DEFAULT_RATES, reminderDaysBefore: 2 },
      rules,
      debts: [],
    });

  it('reads each rule from where it stands: ten-year-old rules cost what new ones do', () => {
    const old = rulesSince('2016-01-01');
    const fresh = rulesSince('2026-09-04');
    const datesOf = (rules: readonly RecurringRuleDoc[]) => {
      const before = datesComputed.count;
      const { items } = upcomingOfRules(rules);
      return { items, dates: datesComputed.count - before };
    };
    const [ofOld, ofFresh] = [datesOf(old), datesOf(fresh)];
    expect(ofOld.items).toEqual(ofFresh.items);
    // Work, not time: read from its start, each old rule would compute its 130 months or 520
    // weeks of dates (250,544 here, against 11,785 for new ones); from where it stands, as many.
    expect(ofFresh.dates).toBeGreaterThan(0);
    expect(ofOld.dates).toBeLessThan(ofFresh.dates * 1.5);
  });
});
