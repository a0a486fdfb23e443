import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useTestStandalone } from '../support/standalone-app.js';
import { ApiClient } from '../support/api-client.js';
import { createTestUser } from '../support/users.js';
import { parseCsv } from '../support/csv.js';

const env = useTestStandalone();

describe('CSV export through a signed link', () => {
  it('exports every transaction in the chosen language, parseable back to the same rows', async () => {
    const api = new ApiClient(env.standalone.app, await createTestUser(env.standalone));
    const categoryId = randomUUID();
    expect(
      (
        await api.command('AddCategory', {
          categoryId,
          name: 'ร้านกาแฟ, "ดี"',
          type: 'expense',
          icon: 'cup',
          color: '#112233',
        })
      ).status,
    ).toBe(200);
    const walletId = randomUUID();
    const opened = await api.command('OpenWallet', {
      walletId,
      name: 'K PLUS, "หลัก"',
      kind: 'bank',
      currency: 'THB',
      openingBalance: 0,
      openingDate: '2026-10-01',
      icon: 'wallet',
      color: '#112233',
      excludeFromTotals: false,
    });
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    const rows = [
      {
        type: 'expense',
        amount: { amount: 12050, currency: 'THB' },
        categoryId: 'builtin-food',
        date: '2026-11-01',
        time: '08:05',
        note: 'ข้าวมันไก่, "พิเศษ"\nสองจาน',
        walletId,
      },
      {
        type: 'income',
        amount: { amount: 5000000, currency: 'LAK' },
        categoryId: 'builtin-salary',
        date: '2026-11-02',
        note: '=HYPERLINK("http://evil","x")',
      },
      { type: 'expense', amount: { amount: 7, currency: 'USD' }, categoryId, date: '2026-11-03', note: '@SUM(A1)' },
      {
        type: 'expense',
        amount: { amount: 100, currency: 'EUR' },
        categoryId: 'builtin-transport',
        date: '2026-11-04',
      },
      // A split transaction with tags: one record per line, the tags one a line in their cell.
      {
        type: 'expense',
        amount: { amount: 30000, currency: 'THB' },
        categoryId: 'builtin-food',
        date: '2026-11-05',
        note: 'ตลาด',
        splits: [
          { categoryId: 'builtin-food', amount: 20000, note: 'ผัก, ผลไม้' },
          { categoryId, amount: 10000 },
        ],
        tags: ['=trip', 'งานแต่ง, เชียงใหม่'],
      },
    ];
    const ids = rows.map(() => randomUUID());
    for (const [index, row] of rows.entries()) {
      const answer = await api.command('AddTransaction', { transactionId: ids[index], ...row });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    }
    await api.query('transactions');

    const link = await api.query<{ url: string }>('export/link?locale=th');
    expect(link.status).toBe(200);
    expect(link.body.url).toMatch(/^\/api\/files\/export\.csv\?token=/);
    const response = await env.standalone.app.inject({ method: 'GET', url: link.body.url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="plenty-transactions-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const bytes = response.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString('utf8');
    const [a, b, c, d, e] = ids;
    expect(parseCsv(text)).toEqual([
      [
        'วันที่',
        'เวลา',
        'ประเภท',
        'หมวดหมู่',
        'จำนวนเงิน',
        'สกุลเงิน',
        'หมายเหตุ',
        'กระเป๋าเงิน',
        'แท็ก',
        'แบ่งรายการ',
        'หมายเหตุของบรรทัดที่แบ่ง',
        'รหัสรายการ',
      ],
      [
        '2026-11-01',
        '08:05',
        'รายจ่าย',
        'อาหาร',
        '120.50',
        'THB',
        'ข้าวมันไก่, "พิเศษ"\nสองจาน',
        'K PLUS, "หลัก"',
        '',
        '',
        '',
        a,
      ],
      [
        '2026-11-02',
        '',
        'รายรับ',
        'เงินเดือน',
        '5000000',
        'LAK',
        `'=HYPERLINK("http://evil","x")`,
        'เงินสด',
        '',
        '',
        '',
        b,
      ],
      ['2026-11-03', '', 'รายจ่าย', 'ร้านกาแฟ, "ดี"', '0.07', 'USD', "'@SUM(A1)", 'เงินสด', '', '', '', c],
      ['2026-11-04', '', 'รายจ่าย', 'การเดินทาง', '1.00', 'EUR', '', 'เงินสด', '', '', '', d],
      [
        '2026-11-05',
        '',
        'รายจ่าย',
        'อาหาร',
        '200.00',
        'THB',
        'ตลาด',
        'เงินสด',
        "'=trip\nงานแต่ง, เชียงใหม่",
        '1/2',
        'ผัก, ผลไม้',
        e,
      ],
      [
        '2026-11-05',
        '',
        'รายจ่าย',
        'ร้านกาแฟ, "ดี"',
        '100.00',
        'THB',
        'ตลาด',
        'เงินสด',
        "'=trip\nงานแต่ง, เชียงใหม่",
        '2/2',
        '',
        e,
      ],
    ]);
    const parsed = parseCsv(text);
    expect(parsed.slice(1).every((row) => !/^[=+\-@]/.test(row[6] ?? ''))).toBe(true);

    const english = await api.query<{ url: string }>('export/link?locale=en');
    const englishText = (await env.standalone.app.inject({ method: 'GET', url: english.body.url })).rawPayload
      .subarray(3)
      .toString('utf8');
    expect(parseCsv(englishText)[0]).toEqual([
      'Date',
      'Time',
      'Type',
      'Category',
      'Amount',
      'Currency',
      'Note',
      'Wallet',
      'Tags',
      'Split',
      'Split line note',
      'Transaction ID',
    ]);
    expect(parseCsv(englishText)[1]?.slice(2, 4)).toEqual(['Expense', 'Food']);
    expect(parseCsv(englishText).map((row) => row[7])).toEqual([
      'Wallet',
      'K PLUS, "หลัก"',
      'Cash',
      'Cash',
      'Cash',
      'Cash',
      'Cash',
    ]);
  });

  it('refuses a link without a valid token, and another user gets only their own rows', async () => {
    expect((await env.standalone.app.inject({ method: 'GET', url: '/api/files/export.csv' })).statusCode).toBe(401);
    expect(
      (await env.standalone.app.inject({ method: 'GET', url: '/api/files/export.csv?token=x.y' })).statusCode,
    ).toBe(401);
    const stranger = new ApiClient(env.standalone.app, await createTestUser(env.standalone));
    expect((await stranger.query('export/link?locale=fr')).status).toBe(400);
    const link = await stranger.query<{ url: string }>('export/link');
    const text = (await env.standalone.app.inject({ method: 'GET', url: link.body.url })).rawPayload.toString('utf8');
    expect(text).toBe(
      '\uFEFFDate,Time,Type,Category,Amount,Currency,Note,Wallet,Tags,Split,Split line note,Transaction ID\r\n',
    );
    // An export link opens nothing else: not a receipt, whatever object is named in the path.
    const exportToken = new URL(link.body.url, 'http://x').searchParams.get('token') ?? '';
    const asReceipt = `/api/files/receipts/${randomUUID()}?token=${encodeURIComponent(exportToken)}`;
    expect((await env.standalone.app.inject({ method: 'GET', url: asReceipt })).statusCode).toBe(401);
    expect((await new ApiClient(env.standalone.app, null).query('export/link')).status).toBe(401);
  });
});
