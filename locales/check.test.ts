import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
// @ts-expect-error: plain ESM script without type declarations
import { checkCatalogs, checkGlossary, parseGlossary, readErrorCodes, readGlossary } from './check.mjs';

type Catalogs = Record<string, Record<string, string>>;
type Glossary = {
  terms: { english: string[]; th: string[]; lo: string[]; avoid: Record<'en' | 'th' | 'lo', string[]> }[];
  exceptions: { key: string; rule: string; languages: string[] }[];
};
const check = checkCatalogs as (catalogs: Catalogs, codes: string[]) => string[];
const glossaryProblems = checkGlossary as (catalogs: Catalogs, glossary: Glossary) => string[];
const parse = parseGlossary as (markdown: string) => Glossary;

describe('locale check', () => {
  const good = {
    en: { 'a.hello': 'Hello {name}', 'error.internal': 'Oops' },
    th: { 'a.hello': 'สวัสดี {name}', 'error.internal': 'ขออภัย' },
    lo: { 'a.hello': 'ສະບາຍດີ {name}', 'error.internal': 'ຂໍອະໄພ' },
  };

  it('passes complete, translated catalogs', () => {
    expect(check(good, ['internal'])).toEqual([]);
  });

  it('reports a missing, empty, copied or unparsable message and a different argument', () => {
    const problems = check(
      {
        en: good.en,
        th: { 'a.hello': 'Hello {name}' },
        lo: { 'a.hello': 'ສະບາຍດີ {who}', 'error.internal': '{broken' },
      },
      ['internal', 'forbidden'],
    );
    expect(problems).toEqual(
      expect.arrayContaining([
        'th: missing "error.internal"',
        'th: "a.hello" is still the English text',
        'lo: "a.hello" uses arguments {who}, English uses {name}',
        'en: missing "error.forbidden" for the server error code forbidden',
      ]),
    );
    expect(problems.some((p) => p.startsWith('lo: "error.internal" does not parse'))).toBe(true);
  });

  it('reports Thai letters in a Lao message and Lao letters in a Thai one', () => {
    const problems = check(
      {
        en: good.en,
        th: { ...good.th, 'a.hello': 'ໂປຣໄຟລ໌ {name}' },
        lo: { ...good.lo, 'a.hello': 'โปรไฟล์ {name}' },
      },
      ['internal'],
    );
    expect(problems).toEqual([
      'th: "a.hello" has Lao letters, which look alike but are not this language\'s',
      'lo: "a.hello" has Thai letters, which look alike but are not this language\'s',
    ]);
  });

  it('reads the server error codes from the contracts', () => {
    expect(readErrorCodes()).toContain('amount_not_positive');
  });
});

describe('glossary check', () => {
  const glossary = parse(`
Some prose the check ignores.

<!-- glossary:terms -->
| English | Thai | Lao | Avoid | Why |
|---|---|---|---|---|
| \`budget\`, \`budgets\` | \`งบประมาณ\` also \`งบ\` | \`ງົບປະມານ\` also \`ງົບ\` | — | Thai apps say งบประมาณ. |
| \`limit\` | \`งบ\` | \`ງົບ\` | \`th: วงเงิน\`, \`lo: ວົງເງິນ\` | วงเงิน is a credit line. |
| \`insights\` | \`บทวิเคราะห์\` | \`ບົດວິເຄາະ\` | \`th: ข้อมูลเชิงลึก\`, \`lo: ຂໍ້ມູນເຊີງເລິກ\` | Calques. |
| — | — | — | \`en: she\`, \`th: ค่ะ\` | Gender-neutral voice. |
<!-- /glossary:terms -->

<!-- glossary:exceptions -->
| Key | Rule | Language | Why |
|---|---|---|---|
| \`phrase.typed\` | \`budget\` | th, lo | Quotes the English phrase. |
| \`legacy.*\` | \`avoid: วงเงิน\` | th | Talks about a bank's credit line. |
<!-- /glossary:exceptions -->
`);
  const good: Catalogs = {
    en: {
      'budget.title': 'Monthly budget',
      'budget.over': 'You are over your budget limit.',
      'budget.amount': '{limit} left',
      'insights.title': 'Insights',
      'phrase.typed': 'Type Budget exactly.',
      'legacy.credit': 'Your card has a credit line.',
      'mail.body': 'Hello,\n\nYou are close to your budget.',
      'date.short': 'Jan.',
    },
    th: {
      'budget.title': 'งบประมาณรายเดือน',
      'budget.over': 'คุณใช้จ่ายเกินงบแล้ว',
      'budget.amount': 'เหลือ {limit}',
      'insights.title': 'บทวิเคราะห์',
      'phrase.typed': 'พิมพ์ Budget ให้ตรง',
      'legacy.credit': 'บัตรของคุณมีวงเงิน',
      'mail.body': 'สวัสดี\n\nคุณใช้ใกล้เต็มงบแล้ว',
      'date.short': 'ม.ค.',
    },
    lo: {
      'budget.title': 'ງົບປະມານປະຈຳເດືອນ',
      'budget.over': 'ທ່ານໃຊ້ຈ່າຍເກີນງົບແລ້ວ.',
      'budget.amount': 'ເຫຼືອ {limit}',
      'insights.title': 'ບົດວິເຄາະ',
      'phrase.typed': 'ພິມ Budget ໃຫ້ກົງ.',
      'legacy.credit': 'ບັດຂອງທ່ານມີສິນເຊື່ອ.',
      'mail.body': 'ສະບາຍດີ\n\nທ່ານໃຊ້ໃກ້ເຕັມງົບແລ້ວ.',
      'date.short': 'ມ.ກ.',
    },
  };
  const withMessage = (language: string, key: string, text: string): Catalogs => ({
    ...good,
    [language]: { ...good[language], [key]: text },
  });

  it('reads the terms, their variants, avoided words and exceptions from the Markdown tables', () => {
    expect(glossary.terms[0]).toEqual({
      english: ['budget', 'budgets'],
      th: ['งบประมาณ', 'งบ'],
      lo: ['ງົບປະມານ', 'ງົບ'],
      avoid: { en: [], th: [], lo: [] },
    });
    expect(glossary.terms[1]?.avoid).toEqual({ en: [], th: ['วงเงิน'], lo: ['ວົງເງິນ'] });
    expect(glossary.terms[3]).toMatchObject({ english: [], avoid: { en: ['she'], th: ['ค่ะ'] } });
    expect(glossary.exceptions).toEqual([
      { key: 'phrase.typed', rule: 'budget', languages: ['th', 'lo'] },
      { key: 'legacy.*', rule: 'avoid: วงเงิน', languages: ['th'] },
    ]);
  });

  it('passes catalogs that use the glossary terms or an accepted variant', () => {
    expect(glossaryProblems(good, glossary)).toEqual([]);
  });

  it('reports a Thai or Lao message that renders an English term without the glossary word', () => {
    const thai = withMessage('th', 'budget.title', 'แผนการเงินรายเดือน');
    expect(glossaryProblems(thai, glossary)).toEqual([
      'th: "budget.title" translates "budget" without the glossary term "งบประมาณ" / "งบ"',
    ]);
    const lao = withMessage('lo', 'insights.title', 'ຂໍ້ສັງເກດ');
    expect(glossaryProblems(lao, glossary)).toEqual([
      'lo: "insights.title" translates "insights" without the glossary term "ບົດວິເຄາະ"',
    ]);
  });

  it('ignores argument names, so {limit} is not the word "limit"', () => {
    expect(glossaryProblems(good, glossary).some((p) => p.includes('budget.amount'))).toBe(false);
  });

  it('lets the exceptions table exempt a key from a term or from an avoided word', () => {
    const withoutExceptions = { ...glossary, exceptions: [] };
    expect(glossaryProblems(good, withoutExceptions)).toEqual([
      'th: "phrase.typed" translates "budget" without the glossary term "งบประมาณ" / "งบ"',
      'lo: "phrase.typed" translates "budget" without the glossary term "ງົບປະມານ" / "ງົບ"',
      'th: "legacy.credit" uses "วงเงิน", which the glossary says to avoid',
    ]);
  });

  it('reports avoided calques and gendered words anywhere in a catalog', () => {
    const catalogs = {
      en: { ...good.en, 'mail.body': 'Hello,\n\nShe is close to the budget.' },
      th: { ...good.th, 'budget.over': 'คุณใช้เกินวงเงินงบแล้ว', 'mail.body': 'สวัสดีค่ะ\n\nคุณใช้ใกล้เต็มงบแล้ว' },
      lo: { ...good.lo, 'insights.title': 'ບົດວິເຄາະ ຂໍ້ມູນເຊີງເລິກ' },
    };
    expect(glossaryProblems(catalogs, glossary)).toEqual(
      expect.arrayContaining([
        'th: "budget.over" uses "วงเงิน", which the glossary says to avoid',
        'lo: "insights.title" uses "ຂໍ້ມູນເຊີງເລິກ", which the glossary says to avoid',
        'en: "mail.body" uses "she", which the glossary says to avoid',
        'th: "mail.body" uses "ค่ะ", which the glossary says to avoid',
      ]),
    );
    expect(glossaryProblems(catalogs, glossary)).toHaveLength(4);
  });

  it('reports a Thai full stop at the end of a sentence or between sentences, but not in abbreviations', () => {
    expect(glossaryProblems(withMessage('th', 'budget.over', 'คุณใช้จ่ายเกินงบแล้ว.'), glossary)).toEqual([
      'th: "budget.over" ends a sentence with "."; Thai uses a space between sentences and no full stop',
    ]);
    expect(glossaryProblems(withMessage('th', 'budget.over', 'เกินงบแล้ว. ลดรายจ่าย'), glossary)).toHaveLength(1);
    expect(glossaryProblems(withMessage('th', 'budget.amount', 'เหลือ {limit}.'), glossary)).toHaveLength(1);
    expect(glossaryProblems(withMessage('th', 'date.short', 'ม.ค. 2569'), glossary)).toEqual([]);
  });

  it('reports a Lao sentence without its full stop and a Lao label with one', () => {
    expect(glossaryProblems(withMessage('lo', 'budget.over', 'ທ່ານໃຊ້ຈ່າຍເກີນງົບແລ້ວ'), glossary)).toEqual([
      'lo: "budget.over" is a sentence and must end with "." as the English does',
    ]);
    expect(glossaryProblems(withMessage('lo', 'budget.title', 'ງົບປະມານປະຈຳເດືອນ.'), glossary)).toEqual([
      'lo: "budget.title" is not a sentence in English and must not end with "."',
    ]);
  });

  it('finds the glossary rows the issue asks for in GLOSSARY.md', () => {
    const real = readGlossary() as Glossary;
    const row = (english: string) => real.terms.find((term) => term.english.includes(english));
    expect(row('insights')?.avoid.lo).toContain('ຂໍ້ມູນເຊີງເລິກ');
    expect(row('insights')?.avoid.th).toContain('ข้อมูลเชิงลึก');
    expect(row('limit')?.avoid.th).toContain('วงเงิน');
    for (const english of ['monthly', 'budget', 'chart', 'built-in', 'debt', 'installment', 'overdue', 'receipt']) {
      expect(row(english)?.th.length, english).toBeGreaterThan(0);
      expect(row(english)?.lo.length, english).toBeGreaterThan(0);
    }
  });

  it('passes the app catalogs against GLOSSARY.md', () => {
    const catalogs = Object.fromEntries(
      ['en', 'th', 'lo'].map((l) => [l, JSON.parse(readFileSync(new URL(`./${l}.json`, import.meta.url), 'utf8'))]),
    ) as Catalogs;
    expect(glossaryProblems(catalogs, readGlossary() as Glossary)).toEqual([]);
  });
});
