import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { TransactionChanges } from '@plenty/contracts/events/transaction';
import { HISTORY_FIELDS, type TransactionView } from '@plenty/contracts/views/transactions';
import { LocalizedLink } from '../../lib/localized-link';
import type { OutboxEntry } from '../../lib/outbox/types';
import { useWriters } from '../../ui/history/use-transaction-writers';
import { fieldWord } from '../../ui/sync-status/describe-entry';
import { useLocale } from '../../lib/use-locale';
import type { MessageId } from '../../lib/messages';
import { useSyncReviewTransactionQuery } from './api';
import styles from './sync-panel.module.css';

type Field = keyof TransactionChanges;

/**
 * An edit the server refused because the transaction changed on another device: each field the
 * edit changes, the device's value beside the one the server holds now, and a link to the
 * transaction's form as it is on the server.
 */
export function ReviewChanges({
  entry,
  id,
  onLeave,
}: {
  readonly entry: OutboxEntry<'EditTransaction'>;
  readonly id: string;
  /** The link to the transaction's form leaves the panel. */
  onLeave(): void;
}) {
  const intl = useIntl();
  const { locale } = useLocale();
  const writers = useWriters();
  const titleId = useId();
  const { transactionId, changes } = entry.body;
  const server = useSyncReviewTransactionQuery(transactionId);
  const translate = (messageId: MessageId, values?: Readonly<Record<string, string | number>>) =>
    intl.formatMessage({ id: messageId }, values);
  const none = translate('sync.review.cleared');

  const write = (field: Field, value: unknown, currency: TransactionView['amount']['currency'] | undefined): string => {
    if (value === null || value === undefined) return none;
    switch (field) {
      case 'amount': {
        const money = value as TransactionView['amount'];
        return writers.money(money.amount, money.currency);
      }
      case 'categoryId':
        return writers.category(String(value));
      case 'walletId':
        return writers.wallet(String(value));
      case 'date':
        return writers.date(String(value));
      case 'type':
        return translate(value === 'income' ? 'sync.entry.income' : 'sync.entry.expense');
      case 'tags':
        return Array.isArray(value) && value.length > 0 ? value.join(', ') : none;
      case 'splits':
        return Array.isArray(value)
          ? value
              .map((line: { categoryId: string; amount: number }) =>
                currency === undefined
                  ? writers.category(line.categoryId)
                  : `${writers.category(line.categoryId)} ${writers.money(line.amount, currency)}`,
              )
              .join(', ')
          : none;
      case 'location': {
        const place = value as { latitude: number; longitude: number };
        return writers.location(place);
      }
      case 'receipt':
        return translate('sync.field.receipt');
      default:
        return String(value);
    }
  };

  const fields: readonly Field[] = HISTORY_FIELDS.filter((field) => field in changes);
  const now = server.data;
  const yourCurrency = changes.amount?.currency ?? now?.amount.currency;
  return (
    <section className={styles.review} id={id} aria-labelledby={titleId}>
      <h4 id={titleId} className={styles.reviewTitle}>
        <FormattedMessage id="sync.review.title" />
      </h4>
      <table className={styles.reviewTable} data-testid="sync-review">
        <thead>
          <tr>
            <th scope="col">
              <FormattedMessage id="sync.review.field" />
            </th>
            <th scope="col">
              <FormattedMessage id="sync.review.yours" />
            </th>
            <th scope="col">
              <FormattedMessage id="sync.review.server" />
            </th>
          </tr>
        </thead>
        <tbody>
          {fields.map((field) => (
            <tr key={field}>
              <th scope="row">{fieldWord(field, { locale, translate })}</th>
              <td>{write(field, changes[field], yourCurrency)}</td>
              <td>{now === undefined ? '…' : write(field, now[field] ?? null, now.amount.currency)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {server.isError && (
        <p className={styles.muted}>
          <FormattedMessage id="sync.review.unavailable" />
        </p>
      )}
      {server.isLoading && (
        <p className={styles.muted}>
          <FormattedMessage id="sync.review.loading" />
        </p>
      )}
      <LocalizedLink
        to={`/dashboard/transactions/edit/${encodeURIComponent(transactionId)}`}
        className={styles.link}
        onClick={onLeave}
      >
        <FormattedMessage id="sync.review.open" />
      </LocalizedLink>
    </section>
  );
}
