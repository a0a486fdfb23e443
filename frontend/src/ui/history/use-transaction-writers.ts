import type { Currency } from '@plenty/contracts/money';
import { TRANSACTION_FIELD_LABEL_KEYS } from '@plenty/contracts/history-labels';
import { convertMoney } from '@plenty/contracts/rates';
import type { CategoryView } from '@plenty/contracts/views/categories';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import type { MessageId } from '../../lib/messages';
import { usePreferences } from '../../lib/preferences';
import { useFormat } from '../../lib/use-format';
import { useCategoriesQuery } from '../category-form/api';
import { todayIn } from '@plenty/contracts/calendar/zone';
import type { HistoryWriters } from '../../lib/history/transaction-history';
import { useWalletsQuery } from '../../lib/api/wallets';
import { walletName, walletNameById } from '../../lib/wallet-name';
import { useUserId } from '../wallet-picker/wallet-picker';

const FIELD_LABELS: Record<string, MessageId> = {
  ...TRANSACTION_FIELD_LABEL_KEYS,
  currency: 'transactions.field.currency',
  walletId: 'transaction.wallet.label',
};

export function categoryLabel(category: CategoryView, translate: (id: MessageId) => string): string {
  if (category.nameKey !== null) return translate(category.nameKey as MessageId);
  return category.name ?? '';
}

/** How the transactions pages write categories, types, money and times in the reader's language. */
export function useWriters() {
  const intl = useIntl();
  const format = useFormat();
  const categories = useCategoriesQuery();
  const { preferences } = usePreferences();
  const userId = useUserId();
  const walletList = useWalletsQuery({ asOf: null }, { skip: userId === '' }).data;
  return useMemo(() => {
    const wallets = walletList?.items ?? [];
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
      wallet: (id) => walletNameById(intl, wallets, userId, id),
      walletDefault: (currency) => walletName(intl, { name: null, currency }),
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
    /**
     * An amount in another currency than the one the user displays, converted with the user's
     * rates ("about ₭2,185,000"); null when it is already in that currency or the rates are not read yet.
     */
    const approx = (amount: number, currency: Currency): string | null => {
      if (preferences === null || currency === preferences.currency) return null;
      const converted = convertMoney({ amount, currency }, preferences.currency, preferences.rates);
      return intl.formatMessage({ id: 'transactions.approx' }, { amount: format.money(converted) });
    };
    /** A saved position as the form shows it: "Latitude 17.96667, longitude 102.6". */
    const location = (value: { latitude: number; longitude: number }): string =>
      intl.formatMessage(
        { id: 'transactions.location.coordinates' },
        { latitude: format.number(value.latitude, 5), longitude: format.number(value.longitude, 5) },
      );
    return {
      ...writers,
      approx,
      location,
      preferences,
      categories: categories.data ?? [],
      categoriesState: categories,
      wallets,
      /** More than one wallet: lists name each row's wallet. */
      manyWallets: wallets.filter((w) => !w.archived).length > 1,
    };
  }, [intl, format, categories, preferences, walletList, userId]);
}
