import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import en from '../../../locales/en.json';
import lo from '../../../locales/lo.json';
import th from '../../../locales/th.json';
import { wordInsight, type InsightWriters } from './insights';

const catalogs = { en, th, lo } as Record<string, Record<string, string>>;

const write: InsightWriters = {
  money: (amount) => `₭${amount}`,
  percent: (basisPoints) => `${basisPoints / 100}%`,
  category: () => 'Food',
};

function say(locale: string, previous: number, current: number): string {
  const { text } = wordInsight({ kind: 'spending_up', previous, current }, write);
  return String(new IntlMessageFormat(catalogs[locale]?.[text.id] ?? '', locale).format(text.values));
}

describe('a big rise worded in each language', () => {
  it('says "about 47 times as much" in English, Thai and Lao', () => {
    expect(say('en', 100, 4_734)).toBe('You spent about 47 times as much as last month (₭100 → ₭4734).');
    expect(say('th', 100, 4_734)).toContain('ประมาณ 47 เท่าของเดือนที่แล้ว');
    expect(say('lo', 100, 4_734)).toContain('ປະມານ 47 ເທົ່າຂອງເດືອນແລ້ວ');
    for (const locale of ['en', 'th', 'lo']) expect(say(locale, 100, 4_734)).not.toContain('%');
  });
});
