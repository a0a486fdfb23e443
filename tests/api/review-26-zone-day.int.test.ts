import { describe, expect, it } from 'vitest';
import { uuidV7 } from '@plenty/contracts/uuid-v7';
import { rangeReportSchema } from '@plenty/contracts/views/dashboard';
import type { TransactionList } from '@plenty/contracts/views/transactions';
import { ApiClient } from '../support/api-client.js';
import { useTestStandalone } from '../support/standalone-app.js';
import { createTestUser } from '../support/users.js';
import { queryOk, sendOk } from '../support/wallets.js';

/*
 * Date ranges are days of the calendar, whatever the user's zone did on them: Samoa (no daylight
 * saving) skipped 30 December 2011 when it moved across the date line.
 */

const env = useTestStandalone();

describe('date ranges over the day a zone skipped', () => {
  it('counts every calendar day of the range, the skipped one included', async () => {
    const api = new ApiClient(env.standalone.app, await createTestUser(env.standalone));
    await sendOk(api, 'ChangePreferences', { changes: { currency: 'USD', timeZone: 'Pacific/Apia' } });
    const ids: string[] = [];
    for (const date of ['2011-12-29', '2011-12-30', '2011-12-31']) {
      const transactionId = uuidV7();
      ids.push(transactionId);
      await sendOk(api, 'AddTransaction', {
        transactionId,
        type: 'expense',
        amount: { amount: 1_000, currency: 'USD' },
        categoryId: 'builtin-food',
        date,
      });
    }
    const report = rangeReportSchema.parse(await queryOk(api, 'reports/range?from=2011-12-28&to=2012-01-01'));
    expect(report.daily.map((day) => [day.date, day.expense])).toEqual([
      ['2011-12-28', 0],
      ['2011-12-29', 1_000],
      ['2011-12-30', 1_000],
      ['2011-12-31', 1_000],
      ['2012-01-01', 0],
    ]);
    expect(report.count).toBe(3);
    expect(report.months.map((month) => month.expense)).toEqual([3_000, 0]);
    const oneDay = await queryOk<TransactionList>(api, 'transactions?from=2011-12-30&to=2011-12-30');
    expect(oneDay.items.map((item) => item.id)).toEqual([ids[1]]);
    const across = await queryOk<TransactionList>(api, 'transactions?from=2011-12-29&to=2011-12-31');
    expect(across.items.map((item) => item.id)).toEqual([...ids].reverse());
  });
});
