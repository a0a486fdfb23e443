import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import rule, { contractsLists } from './no-copied-constants.js';

RuleTester.describe = describe;
RuleTester.it = it;

const tester = new RuleTester({
  languageOptions: { parser: tseslint.parser, ecmaVersion: 2023, sourceType: 'module' },
});
const options = [{ atLeast: { CURRENCIES: 3, LOCALES: 2 } }];

describe('contracts lists', () => {
  it('reads the string lists contracts exports, from its source', () => {
    const lists = contractsLists();
    expect(lists.get('CURRENCIES')).toMatchObject({ module: 'contracts/src/money.ts' });
    expect(lists.get('CURRENCIES')?.values).toContain('THB');
    expect(lists.get('LOCALES')?.values).toEqual(['en', 'th', 'lo']);
  });
});

tester.run('no-copied-constants', rule, {
  valid: [
    { code: "import { CURRENCIES } from '@plenty/contracts/money'; const fallback = 'LAK';", options },
    { code: "if (locale === 'th') write('th');", options },
    { code: "const labels: Record<Locale, string> = { en: 'English', th: 'ไทย', lo: 'ລາວ' };", options },
    { code: "const codes = ['THB', 'USD'];", options },
    { code: "type RowState = 'paid' | 'overdue' | 'pending';", options },
    { code: "const columns = ['income', 'expense', 'net'];", options },
    { code: 'const pattern = /^(\\d{4})-(\\d{2})-(\\d{2})$/;', options: [{ datePattern: false }] },
  ],
  invalid: [
    {
      code: "const CURRENCIES = new Set(['LAK', 'THB', 'USD', 'EUR']);",
      options,
      errors: [{ messageId: 'list', data: { name: 'CURRENCIES', module: 'contracts/src/money.ts', count: '4' } }],
    },
    {
      code: "export const LOCALES = ['en', 'th', 'lo'] as const;",
      options,
      errors: [{ messageId: 'list', data: { name: 'LOCALES', module: 'contracts/src/account-rules.ts', count: '3' } }],
    },
    {
      code: "type Language = 'th' | 'lo';",
      options,
      errors: [{ messageId: 'list', data: { name: 'LOCALES', module: 'contracts/src/account-rules.ts', count: '2' } }],
    },
    {
      code: "const total = (pick: 'income' | 'expense') => pick;",
      options,
      errors: [
        { messageId: 'list', data: { name: 'TRANSACTION_TYPES', module: 'contracts/src/categories.ts', count: '2' } },
      ],
    },
    { code: 'const DATE = /^(\\d{4})-(\\d{2})-(\\d{2})$/;', options, errors: [{ messageId: 'date' }] },
    { code: "const DATE = new RegExp('^[0-9]{4}-[0-9]{2}-[0-9]{2}$');", options, errors: [{ messageId: 'date' }] },
  ],
});
