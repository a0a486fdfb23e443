import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { localDate } from '@plenty/contracts/calendar/zone';
import { eventIdFor } from '@plenty/contracts/ids';
import { DEFAULT_RATES } from '@plenty/contracts/rates';
import { ApiClient } from '../support/api-client.js';
import { useTestStandalone } from '../support/standalone-app.js';
import { createTestUser, type TestUser } from '../support/users.js';

/**
 * The largest amounts the API accepts (2^51 minor units), the most extreme rates a table may
 * hold, and a table recorded before rates were bounded: every query answers 200 with figures
 * exact or saturated and marked `outOfRange`, the projector keeps up, and another user's
 * write is read back right after.
 */

const env = useTestStandalone();
const MAX = 2 ** 51;
const today = localDate(new Date(), 'UTC');
const EXTREME_RATES = { ...DEFAULT_RATES, LAK: '1000000000', THB: '0.000001' };
const HOSTILE_RATES = { ...DEFAULT_RATES, LAK: '999999999999', THB: '0.00000001' };

let extreme: TestUser;
let legacy: TestUser;
let other: TestUser;
/** Each user's client: it sends the position of the user's last write, so queries read it. */
const clients = new Map<TestUser, ApiClient>();
const client = (user: TestUser): ApiClient => {
  const known = clients.get(user) ?? new ApiClient(env.standalone.app, user);
  clients.set(user, known);
  return known;
};

const transaction = (amount: number, currency: string, type = 'expense') => ({
  transactionId: randomUUID(),
  type,
  amount: { amount, currency },
  categoryId: type === 'expense' ? 'builtin-food' : 'builtin-salary',
  date: today,
  note: 'large',
});

const debt = (amount: number, annualRatePercent = '0') => ({
  debtId: randomUUID(),
  name: 'Largest loan',
  type: 'loan',
  initialAmount: amount,
  currentAmount: amount,
  annualRatePercent,
  paymentDueDay: 15,
  icon: 'bank',
  color: '#336699',
  currency: 'THB',
  loanType: 'emi',
  termMonths: 1,
  openDate: today,
  startDate: today,
});

async function ok(api: ApiClient, name: string, payload: Record<string, unknown>): Promise<void> {
  const answer = await api.command(name, payload);
  expect(answer.status, `${name}: ${JSON.stringify(answer.body)}`).toBe(200);
}

beforeAll(async () => {
  [extreme, legacy, other] = await Promise.all([
    createTestUser(env.standalone),
    createTestUser(env.standalone),
    createTestUser(env.standalone),
  ]);
  // A rate table recorded before rates were bounded, as it sits in an older event store.
  const commandId = randomUUID();
  await env.standalone.eventStore.appendToStream(
    `profile-${legacy.uid}`,
    [
      {
        id: eventIdFor(commandId, 0),
        type: 'ExchangeRatesSet',
        data: { rates: HOSTILE_RATES },
        metadata: {
          userId: legacy.uid,
          commandId,
          correlationId: commandId,
          occurredAt: new Date().toISOString(),
          schemaVersion: 1,
        },
      },
    ],
    'no_stream',
  );
  const legacyApi = client(legacy);
  await ok(legacyApi, 'ChangePreferences', {
    changes: { currency: 'LAK', monthlyBudget: { amount: 100, currency: 'THB' } },
  });
  await ok(legacyApi, 'AddTransaction', transaction(100, 'THB'));
  await ok(legacyApi, 'AddTransaction', transaction(MAX, 'THB'));

  const api = client(extreme);
  await ok(api, 'SetExchangeRates', { rates: EXTREME_RATES });
  await ok(api, 'ChangePreferences', { changes: { currency: 'LAK', monthlyBudget: { amount: MAX, currency: 'THB' } } });
  for (let i = 0; i < 5; i += 1) await ok(api, 'AddTransaction', transaction(MAX, 'THB'));
  for (let i = 0; i < 3; i += 1) await ok(api, 'AddTransaction', transaction(MAX, 'USD', 'income'));
  await ok(api, 'AddTransaction', transaction(100, 'THB'));
  for (let i = 0; i < 5; i += 1) await ok(api, 'OpenDebt', debt(MAX));
}, 60_000);

describe('rates and schedules that would overflow', () => {
  it('refuses a rate table outside 0.000001 to 1,000,000,000 per dollar, naming each rate', async () => {
    const answer = await client(other).command('SetExchangeRates', { rates: HOSTILE_RATES });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      error: {
        code: 'validation_failed',
        fields: { 'rates.LAK': 'rate_out_of_range', 'rates.THB': 'rate_out_of_range' },
      },
    });
  });

  it('refuses a debt whose schedule would pay more than 2^51, so no installment can break its event', async () => {
    const answer = await client(other).command('OpenDebt', {
      ...debt(MAX, '100'),
      termMonths: 600,
    });
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({
      error: { code: 'schedule_total_too_large', fields: { currentAmount: 'schedule_total_too_large' } },
    });
  });
});

describe('every query for extreme but accepted data', () => {
  it.each([
    'dashboard',
    'reports',
    `dashboard?asOf=${today}`,
    `reports?asOf=${today}`,
    'debts',
    'transactions',
    'transactions/totals',
    'transactions/totals?q=large',
    `budget-alerts?month=${today.slice(0, 7)}`,
    'activity',
    'preferences',
    'export/link?locale=en',
  ])('answers %s with 200', async (path) => {
    for (const user of [extreme, legacy]) {
      const answer = await client(user).query(path);
      expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBe(200);
    }
  });

  it('answers the figures past 2^53 − 1 saturated there and says so; the exact ones stay exact', async () => {
    const api = client(extreme);
    const dashboard = await api.query<{
      totals: { income: number; expense: number };
      perCurrency: { currency: string; income: number; expense: number }[];
      outOfRange: boolean;
    }>('dashboard');
    expect(dashboard.body.outOfRange).toBe(true);
    expect(dashboard.body.totals.expense).toBe(Number.MAX_SAFE_INTEGER);
    // 5 × 2^51 + 100 baht passes 2^53; 3 × 2^51 cents of dollars does not.
    expect(dashboard.body.perCurrency).toEqual([
      { currency: 'THB', income: 0, expense: Number.MAX_SAFE_INTEGER },
      { currency: 'USD', income: 3 * MAX, expense: 0 },
    ]);
    const debts = await api.query<{ summary: { totalOutstanding: number; outOfRange: boolean; activeCount: number } }>(
      'debts',
    );
    expect(debts.body.summary).toMatchObject({
      totalOutstanding: Number.MAX_SAFE_INTEGER,
      outOfRange: true,
      activeCount: 5,
    });
    const totals = await api.query<{ count: number; outOfRange: boolean }>('transactions/totals?q=large');
    expect(totals.body).toMatchObject({ count: 9, outOfRange: true });
  });

  it('exports the largest amounts exactly', async () => {
    const api = client(extreme);
    const link = await api.query<{ url: string }>('export/link?locale=en');
    const csv = await env.standalone.app.inject({ method: 'GET', url: link.body.url });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('22517998136852.48,THB');
    expect(csv.body).toContain('22517998136852.48,USD');
  });

  it('keeps the read side ready and another user’s write visible right after', async () => {
    const ready = await env.standalone.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode, ready.body).toBe(200);
    // Applied, not set aside: no projection had to quarantine anyone for these figures.
    expect(ready.json()).toMatchObject({ projections: { quarantinedUsers: 0 } });
    const api = client(other);
    const written = await api.command('AddTransaction', transaction(4_500, 'THB'));
    expect(written.status).toBe(200);
    const list = await api.query<{ items: { amount: { amount: number } }[] }>('transactions');
    expect(list.status).toBe(200);
    expect(list.body.items.map((item) => item.amount.amount)).toEqual([4_500]);
  });
});
