import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { recurringRuleDetailSchema, recurringRuleListSchema } from '@plenty/contracts/views/recurring';
import { defaultWalletId } from '@plenty/contracts/wallets';
import type { ReadStore } from '@plenty/platform/read-store/port';
import { getAs, routesUnderTest } from '../route-testing.js';
import {
  BOBS,
  NOW,
  READ_STORES,
  RULE_A,
  RULE_B,
  RULE_C,
  RULE_D,
  RULE_E,
  givenRules,
  recurringStore,
  rent,
  ruleDoc,
  weekly,
  type ReadStoreKind,
} from './recurring-fixture.js';
import { recurringRoutes } from './recurring.routes.js';

const CARD = '0192f0c4-7a1b-7c3d-8e4f-00000000c003';

/** The phone top-up: 100,000 kip every week, paid from a card. */
const topUp = (startDate: string) =>
  rent({ amount: { amount: 100_000, currency: 'LAK' }, note: 'Phone', walletId: CARD, schedule: weekly(startDate) });

/** Electricity: varies, so each month waits for the user; from February 2027 it is 400,000 kip. */
const electricity = rent({ amount: { amount: 300_000, currency: 'LAK' }, note: 'Electricity', mode: 'confirm' });
const electricityFromFebruary = { ...electricity, amount: { amount: 400_000, currency: 'LAK' as const } };

describe.each(Object.keys(READ_STORES) as ReadStoreKind[])('on %s', (kind) => {
  let store: ReadStore;
  let app: FastifyInstance;

  beforeEach(async () => {
    store = await recurringStore(kind);
    await givenRules(store, {
      alice: {
        preferences: { timeZone: 'Asia/Vientiane' },
        rules: [
          ruleDoc(RULE_A, rent(), { handledThrough: '2026-11-05' }),
          ruleDoc(RULE_B, topUp('2026-11-01'), {
            handledThrough: '2026-11-15',
            status: 'paused',
            pausedOn: '2026-11-18',
          }),
          ruleDoc(RULE_C, topUp('2026-11-03'), {
            handledThrough: '2026-11-03',
            status: 'held',
            heldOn: '2026-11-10',
            heldReason: 'wallet_archived',
          }),
          ruleDoc(RULE_D, rent({ schedule: { ...rent().schedule, end: { kind: 'after', count: 2 } } }), {
            handledThrough: '2026-09-05',
          }),
          ruleDoc(
            RULE_E,
            rent({
              schedule: { ...rent().schedule, startDate: '2026-09-01', end: { kind: 'on', date: '2026-11-01' } },
            }),
            { handledThrough: '2026-11-01' },
          ),
        ],
      },
      bob: { rules: [ruleDoc(BOBS, rent(), { handledThrough: '2026-10-05' })] },
    });
    app = await routesUnderTest((scope) => recurringRoutes(scope, store, () => NOW));
  });

  afterEach(async () => {
    await app.close();
    await store.close();
  });

  const list = async (uid = 'alice') => {
    const answer = await getAs(app, '/recurring', uid);
    expect(answer.statusCode, answer.body).toBe(200);
    return recurringRuleListSchema.parse(answer.json());
  };

  const detail = async (id: string, uid = 'alice') => {
    const answer = await getAs(app, `/recurring/${id}`, uid);
    expect(answer.statusCode, answer.body).toBe(200);
    return recurringRuleDetailSchema.parse(answer.json());
  };

  it("lists the user's own rules: held, paused and active ones by their next date, then ended ones latest first", async () => {
    const { items } = await list();
    expect(items.map((rule) => [rule.id, rule.status, rule.nextDue])).toEqual([
      [RULE_C, 'held', '2026-11-10'],
      [RULE_B, 'paused', '2026-11-22'],
      [RULE_A, 'active', '2026-12-05'],
      [RULE_E, 'ended', null],
      [RULE_D, 'ended', null],
    ]);
    expect((await list('bob')).items.map((rule) => rule.id)).toEqual([BOBS]);
    expect((await list('carol')).items).toEqual([]);
  });

  it('shows the current version with its wallet resolved: the default wallet of its currency when it names none', async () => {
    const { items } = await list();
    const rentRule = items.find((rule) => rule.id === RULE_A);
    expect(rentRule).toMatchObject({
      type: 'expense',
      amount: { amount: 1_500_000, currency: 'LAK' },
      walletId: defaultWalletId('alice', 'LAK'),
      note: 'Rent',
      mode: 'auto',
      lastPostedOn: '2026-11-05',
    });
    expect(items.find((rule) => rule.id === RULE_C)).toMatchObject({
      walletId: CARD,
      heldOn: '2026-11-10',
      heldReason: 'wallet_archived',
    });
  });

  it("a confirm rule's detail: the occurrences waiting up to today, then the next twelve not handled, with their versions and own changes", async () => {
    await givenRules(store, {
      alice: {
        rules: [
          ruleDoc(RULE_A, electricity, {
            versions: [
              { from: '2026-08-05', rule: electricity },
              { from: '2027-02-05', rule: electricityFromFebruary },
            ],
            handledThrough: '2026-09-05',
            skipped: ['2026-12-05'],
            overrides: { '2027-01-05': { amount: { amount: 350_000, currency: 'LAK' }, note: null } },
          }),
        ],
      },
    });
    const rule = await detail(RULE_A);
    expect(rule.versions.map((version) => version.from)).toEqual(['2026-08-05', '2027-02-05']);
    expect(rule.amount).toEqual({ amount: 400_000, currency: 'LAK' });
    expect(rule.waiting.map((o) => [o.date, o.state, o.amount.amount])).toEqual([
      ['2026-10-05', 'due', 300_000],
      ['2026-11-05', 'due', 300_000],
    ]);
    expect(rule.next).toHaveLength(12);
    expect(rule.next[0]).toEqual({
      date: '2027-01-05',
      state: 'scheduled',
      type: 'expense',
      amount: { amount: 350_000, currency: 'LAK' },
      categoryId: 'builtin-housing',
      walletId: defaultWalletId('alice', 'LAK'),
      note: null,
      splits: null,
      tags: [],
      edited: true,
      transactionId: null,
    });
    expect(rule.next.slice(1).map((o) => [o.date, o.amount.amount, o.edited])).toEqual(
      ['02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12'].map((month) => [
        `2027-${month}-05`,
        400_000,
        false,
      ]),
    );
  });

  it("a held rule waits from the held occurrence to today; a paused rule's next ones are paused", async () => {
    const held = await detail(RULE_C);
    expect(held.waiting.map((o) => [o.date, o.state])).toEqual([
      ['2026-11-10', 'held'],
      ['2026-11-17', 'held'],
    ]);
    expect(held.next.slice(0, 2).map((o) => [o.date, o.state])).toEqual([
      ['2026-11-24', 'scheduled'],
      ['2026-12-01', 'scheduled'],
    ]);
    const paused = await detail(RULE_B);
    expect(paused.waiting).toEqual([]);
    expect(paused.next.slice(0, 2).map((o) => [o.date, o.state])).toEqual([
      ['2026-11-22', 'paused'],
      ['2026-11-29', 'paused'],
    ]);
    const ended = await detail(RULE_D);
    expect([ended.waiting, ended.next]).toEqual([[], []]);
  });

  it("an auto rule's due occurrences are the server's to post, not the user's", async () => {
    await givenRules(store, { alice: { rules: [ruleDoc(RULE_A, rent(), { handledThrough: '2026-09-05' })] } });
    const rule = await detail(RULE_A);
    expect(rule.waiting).toEqual([]);
    expect(rule.next[0]?.date).toBe('2026-12-05');
  });

  it("answers 404 recurring_not_found for another user's, an unknown or a malformed id", async () => {
    for (const [id, uid] of [
      [BOBS, 'alice'],
      [RULE_A, 'bob'],
      ['0192f0c4-7a1b-7c3d-8e4f-00000000eeee', 'alice'],
      ['not-a-uuid', 'alice'],
    ] as const) {
      const answer = await getAs(app, `/recurring/${id}`, uid);
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toMatchObject({ error: { code: 'recurring_not_found' } });
    }
  });
});
