import { describe, expect, it } from 'vitest';
import { DEFAULT_PREFERENCES_VIEW } from '@plenty/contracts/preferences';
import type { BudgetAlert } from '@plenty/contracts/views/budget-alerts';
import { alertMail } from './spending-alert-mailer.js';

const alert: BudgetAlert = {
  level: 'critical',
  at: '2026-11-20T05:00:00.000Z',
  eventId: 'e1',
  transactionId: 't1',
  // 9,460,000 of 10,000,000: 94.6 % used.
  spent: 9_460_000,
  limit: 10_000_000,
  currency: 'LAK',
};

const mailIn = (language: 'en' | 'th' | 'lo') =>
  alertMail('noy@example.com', alert, '2026-11', { ...DEFAULT_PREFERENCES_VIEW, language });

describe('the spending alert mail', () => {
  it('says 94 % for 94.6 % used, as the dashboard does, in every language', () => {
    for (const language of ['en', 'th', 'lo'] as const) {
      expect(mailIn(language).subject).toContain('94%');
      expect(mailIn(language).text).not.toContain('95%');
    }
  });

  it('writes kip with its sign in every language, never as "LAK"', () => {
    expect(mailIn('en').text).toContain('₭9,460,000');
    expect(mailIn('en').text).toContain('₭10,000,000');
    expect(mailIn('th').text).toContain('₭9,460,000');
    expect(mailIn('lo').text).toContain('₭9.460.000');
    for (const language of ['en', 'th', 'lo'] as const) expect(mailIn(language).text).not.toContain('LAK');
  });

  it('names the month in the reader’s calendar: Buddhist era in Thai', () => {
    expect(mailIn('th').text).toContain('2569');
    expect(mailIn('en').text).toContain('November 2026');
  });
});
