import { weekday } from '@plenty/contracts/calendar/date';
import type { UpcomingItem } from '@plenty/contracts/views/recurring';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import type { MessageId } from '../../lib/messages';
import { useFormat } from '../../lib/use-format';
import { useLocale } from '../../lib/use-locale';
import { useCategoriesQuery } from '../category-form/api';
import { weekdayNames } from '../date-field/date-text';
import { categoryLabel } from '../history/use-transaction-writers';
import { whenOf } from './upcoming';

/**
 * How upcoming items read in the reader's language: a name (the note, else the category; a
 * debt's name and the installment's number), when ("Today", "Tomorrow", "Friday", a date) and
 * the amount in its own currency.
 */
export function useUpcomingWords() {
  const intl = useIntl();
  const format = useFormat();
  const { locale } = useLocale();
  const categories = useCategoriesQuery();
  return useMemo(() => {
    const translate = (id: MessageId, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
    const byId = new Map((categories.data ?? []).map((category) => [category.id, category]));
    const weekdays = weekdayNames(locale);
    const category = (id: string) => {
      const found = byId.get(id);
      return found === undefined ? translate('transactions.category.unknown') : categoryLabel(found, translate);
    };
    return {
      category,
      categoryColor: (id: string) => byId.get(id)?.color ?? '#64748b',
      name: (item: UpcomingItem): string => {
        if (item.kind === 'recurring') return item.note ?? category(item.categoryId);
        const debt = item.name ?? translate('upcoming.debtUntitled');
        return translate('upcoming.installment', { name: debt, number: format.number(item.number) });
      },
      /** "Today", "Tomorrow", "Friday" within the week, else the date. */
      when: (date: string, today: string): string => {
        switch (whenOf(date, today)) {
          case 'today':
            return translate('upcoming.when.today');
          case 'tomorrow':
            return translate('upcoming.when.tomorrow');
          case 'weekday':
            return weekdays[weekday(date)]?.long ?? format.longDate(date);
          default:
            return format.longDate(date);
        }
      },
      /** Why a held rule posts nothing: the message of the code its occurrence was refused with. */
      heldReason: (code: string | null): string => {
        const id = `error.${code ?? ''}`;
        return code !== null && id in intl.messages ? translate(id as MessageId) : translate('upcoming.heldUnknown');
      },
      date: format.longDate,
      money: format.money,
      number: format.number,
    };
  }, [categories.data, format, intl, locale]);
}

export type UpcomingWords = ReturnType<typeof useUpcomingWords>;
