import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { debtHistoryWriters } from '../../lib/history/debt-history';
import type { MessageId } from '../../lib/messages';
import { useLocale } from '../../lib/use-locale';
import { useWriters } from '../../ui/history/use-transaction-writers';
import type { ActivityWriters } from './sentences';

/** The sentences' writers and the time of an entry. */
export type PageWriters = ActivityWriters & { dateTime(instant: string): string };

/** The writers of the reader's language, for transactions, debts and the rest. */
export function useActivityWriters(): PageWriters {
  const transaction = useWriters();
  const intl = useIntl();
  const { locale } = useLocale();
  return useMemo(
    () => ({
      transaction,
      debt: debtHistoryWriters((id, values) => intl.formatMessage({ id }, values), locale, transaction.wallet),
      translate: (id: MessageId) => intl.formatMessage({ id }),
      count: (value: number) => intl.formatNumber(value),
      dateTime: transaction.dateTime,
    }),
    [transaction, intl, locale],
  );
}
