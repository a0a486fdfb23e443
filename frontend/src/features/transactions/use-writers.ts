import type { CategoryView } from '@plenty/contracts/views/categories';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import type { MessageId } from '../../lib/messages';
import { useFormat } from '../../lib/use-format';
import { useTransactionCategoriesQuery } from './api';
import { todayIn } from './form';
import type { HistoryWriters } from './history';

const FIELD_LABELS: Record<string, MessageId> = {
  type: 'transactions.field.type',
  amount: 'transactions.field.amount',
  currency: 'transactions.field.currency',
  categoryId: 'transactions.field.categoryId',
  date: 'transactions.field.date',
  time: 'transactions.field.time',
  note: 'transactions.field.note',
  receipt: 'transactions.field.receipt',
  location: 'transactions.field.location',
};

export function categoryLabel(category: CategoryView, translate: (id: MessageId) => string): string {
  if (category.nameKey !== null) return translate(category.nameKey as MessageId);
  return category.name ?? '';
}

/** How the transactions pages write categories, types, money and times in the reader's language. */
export function useWriters() {
  const intl = useIntl();
  const format = useFormat();
  const categories = useTransactionCategoriesQuery();
  return useMemo(() => {
    const translate = (id: MessageId) => intl.formatMessage({ id });
    const byId = new Map((categories.data ?? []).map((category) => [category.id, category]));
    const category = (id: string) => {
      const found = byId.get(id);
      return found === undefined ? translate('transactions.category.unknown') : categoryLabel(found, translate);
    };
    const writers: HistoryWriters & {
      categoryColor(id: string): string;
      dateTime(instant: string): string;
      dateAndTime(date: string, time: string | null): string;
    } = {
      money: (amount, currency) => format.money({ amount, currency }),
      date: (isoDate) => format.longDate(isoDate),
      category,
      categoryColor: (id) => byId.get(id)?.color ?? '#64748b',
      type: (type) => translate(type === 'income' ? 'transactions.type.income' : 'transactions.type.expense'),
      field: (field) => {
        const label = FIELD_LABELS[field];
        return label === undefined ? field : translate(label);
      },
      dateTime: (instant) => {
        const moment = new Date(instant);
        if (Number.isNaN(moment.getTime())) return instant;
        const time = `${String(moment.getHours()).padStart(2, '0')}:${String(moment.getMinutes()).padStart(2, '0')}`;
        return `${format.longDate(todayIn(undefined, moment))} ${time}`;
      },
      dateAndTime: (date, time) => (time === null ? format.longDate(date) : `${format.longDate(date)} · ${time}`),
    };
    return { ...writers, categories: categories.data ?? [], categoriesState: categories };
  }, [intl, format, categories]);
}
