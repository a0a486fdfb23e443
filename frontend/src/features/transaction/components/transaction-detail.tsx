import type { TransactionView } from '@plenty/contracts/views/transactions';
import { Fragment, useId, useMemo, useState, type ReactNode } from 'react';
import type { MessageId } from '../../../lib/messages';
import { FormattedMessage, useIntl } from 'react-intl';
import { useDispatch } from 'react-redux';
import { useLocation, useNavigate } from 'react-router';
import { LocalizedLink, useLocalizedPath } from '../../../lib/localized-link';
import { useLocale } from '../../../lib/use-locale';
import { RuleDialog, type RuleEditing } from '../../../ui/recurring/rule-dialog';
import { WaitingDialog } from '../../../ui/dialog-form/waiting-dialog';
import { useOpenWhenCurrent, useServerAnswer } from '../../../lib/api/server-answer';
import { draftFromTransaction } from '../../../ui/recurring/rule-form';
import { buttonClass } from '../../../ui/button';
import { HistoryEntry } from '../../../ui/history-entry/history-entry';
import { OlderPagesControl, useOlderPages } from '../../../ui/older-pages/older-pages';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { showError, showSuccess } from '../../../ui/toast/toasts-slice';
import { useCommand } from '../../../lib/api/use-command';
import dialogForm from '../../../ui/dialog-form/dialog-form.module.css';
import { ModalDialog } from '../../../ui/dialog-form/modal-dialog';
import { useTransactionHistoryInfiniteQuery, useTransactionQuery } from '../api';
import { uniqueEntriesNewestFirst } from '../../../lib/history/history-pages';
import { entrySentences } from '../../../lib/history/transaction-history';
import { isMissing } from '../errors';
import field from '../../../ui/field/field.module.css';
import amounts from './transaction-list.module.css';
import styles from './transaction-detail.module.css';
import { listSearchOf } from '../return-to-list';
import { useWriters } from '../../../ui/history/use-transaction-writers';
import { ReceiptView } from './receipt-view';
import { overlayRow } from '../../../lib/outbox/pending';
import { usePendingEntries } from '../../../ui/pending/pending';
import { useRecurringRuleNamesQuery } from '../../../ui/upcoming/api';
import { loadFailedMessageId } from '../../../lib/api/api-error';

export interface TransactionDetailProps {
  /** The transaction shown, or null when the dialog is closed. */
  readonly id: string | null;
  onClose(): void;
}

/** A modal with every field, the receipt, edit and delete, and the history of the transaction. */
export function TransactionDetail({ id, onClose }: TransactionDetailProps) {
  const titleId = useId();
  const intl = useIntl();

  return (
    <ModalDialog
      open={id !== null}
      onClose={onClose}
      className={`${dialogForm.dialog} ${styles.dialog}`}
      labelledBy={titleId}
      testId="transaction-detail"
    >
      <div className={styles.dialogHeader}>
        <h2 id={titleId} className={styles.dialogTitle}>
          <FormattedMessage id="transactions.detail.title" />
        </h2>
        <button
          type="button"
          className={styles.closeButton}
          onClick={onClose}
          aria-label={intl.formatMessage({ id: 'common.close' })}
        >
          <span aria-hidden="true">×</span>
        </button>
      </div>
      {id !== null && <DetailBody id={id} onClose={onClose} />}
    </ModalDialog>
  );
}

function DetailBody({ id, onClose }: { readonly id: string; onClose(): void }) {
  const transaction = useTransactionQuery(id);
  const current = useServerAnswer(transaction);
  if (transaction.isLoading) {
    return (
      <div className={styles.dialogBody} role="status">
        <FormattedMessage id="common.loading" />
      </div>
    );
  }
  if (transaction.data === undefined) {
    const missing = isMissing(transaction.error);
    return (
      <div className={styles.dialogBody}>
        <p className={field.error} role="alert">
          <FormattedMessage
            id={
              missing
                ? 'transactions.form.notFound'
                : loadFailedMessageId(transaction.error, 'transactions.form.loadError')
            }
          />
        </p>
        {!missing && (
          <div className={field.actions}>
            <button type="button" className={buttonClass('secondary')} onClick={() => void transaction.refetch()}>
              <FormattedMessage id="transactions.retry" />
            </button>
          </div>
        )}
      </div>
    );
  }
  return <DetailContent server={transaction.data} current={current} onClose={onClose} />;
}

/**
 * `current`: the row is the server's answer, not the device copy a page load paints first; a
 * rule repeating it starts from the server's values, so it waits for it.
 */
function DetailContent({
  server,
  current,
  onClose,
}: {
  readonly server: TransactionView;
  readonly current: boolean;
  onClose(): void;
}) {
  const writers = useWriters();
  // The device's edit or deletion waiting to sync: shown over what the server has, and said.
  const entries = usePendingEntries();
  const overlay = useMemo(() => overlayRow(server, entries), [server, entries]);
  const transaction = overlay.row;
  const dispatch = useDispatch();
  // The form comes back to the list as it is now (filters, sort) with this row in view.
  const listSearch = listSearchOf(useLocation().search);
  const [confirming, setConfirming] = useState(false);
  const { locale } = useLocale();
  const repeating = useOpenWhenCurrent(current, (): RuleEditing => ({
    kind: 'create',
    draft: draftFromTransaction(transaction, locale),
    fromTransactionId: transaction.id,
  }));
  const navigate = useNavigate();
  const localized = useLocalizedPath();
  const deleteTransaction = useCommand('DeleteTransaction');
  const income = transaction.type === 'income';
  const approx = writers.approx(transaction.amount.amount, transaction.amount.currency);

  const remove = async () => {
    setConfirming(false);
    const outcome = await deleteTransaction.run({ transactionId: transaction.id });
    if (!outcome.ok) {
      dispatch(showError('transactions.delete.failed'));
      return;
    }
    dispatch(showSuccess(outcome.queued ? 'pending.queued' : 'transactions.delete.done'));
    onClose();
  };

  const pendingNote: MessageId | null =
    overlay.deletion !== null
      ? 'pending.detail.delete'
      : overlay.edit === null
        ? null
        : overlay.edit.state === 'rejected'
          ? 'pending.detail.editRejected'
          : 'pending.detail.edit';

  return (
    <div className={styles.dialogBody}>
      {pendingNote !== null && (
        <p
          className={styles.pendingNote}
          data-testid="detail-pending"
          data-state={(overlay.deletion ?? overlay.edit)?.state}
        >
          <FormattedMessage id={pendingNote} />
        </p>
      )}
      <div>
        <span className={`${styles.badge} ${income ? styles.badgeIncome : styles.badgeExpense}`}>
          {writers.type(transaction.type)}
        </span>
        <p className={`${styles.bigAmount} ${income ? amounts.income : amounts.expense}`} data-testid="detail-amount">
          {income ? '+' : '−'}
          {writers.money(transaction.amount.amount, transaction.amount.currency)}
        </p>
        {approx !== null && (
          <p className={amounts.approx} data-testid="detail-approx">
            {approx}
          </p>
        )}
      </div>
      <div className={field.actions}>
        <LocalizedLink
          to={`/dashboard/transactions/edit/${transaction.id}`}
          state={{ listSearch }}
          className={buttonClass('primary')}
          onClick={onClose}
        >
          <FormattedMessage id="transactions.detail.edit" />
        </LocalizedLink>
        {transaction.recurrence == null ? (
          <button
            type="button"
            className={buttonClass('secondary')}
            onClick={() => repeating.open(null)}
            data-testid="repeat-transaction"
          >
            <FormattedMessage id="recurring.repeat" />
          </button>
        ) : (
          <LocalizedLink
            to={`/dashboard/recurring/${transaction.recurrence.ruleId}`}
            className={buttonClass('secondary')}
            onClick={onClose}
            data-testid="transaction-rule-link"
          >
            <FormattedMessage id="recurring.fromRule" />
          </LocalizedLink>
        )}
        <button
          type="button"
          className={buttonClass('danger')}
          onClick={() => setConfirming(true)}
          disabled={deleteTransaction.pending || overlay.deletion !== null}
        >
          <FormattedMessage id="transactions.detail.delete" />
        </button>
      </div>
      <dl className={styles.details}>
        {detailRows(transaction, writers).map(([term, value, testId]) => (
          <Fragment key={term}>
            <dt>
              <FormattedMessage id={term} />
            </dt>
            <dd data-testid={testId}>{value}</dd>
          </Fragment>
        ))}
      </dl>
      <History id={transaction.id} />
      <WaitingDialog open={repeating.waiting} onClose={repeating.close} />
      <RuleDialog
        editing={repeating.value ?? null}
        onClose={repeating.close}
        onCreated={(ruleId) => void navigate(localized(`/dashboard/recurring/${ruleId}`))}
      />
      <ConfirmDialog
        open={confirming}
        title="transactions.delete.title"
        body="transactions.delete.body"
        confirm="transactions.delete.confirm"
        danger
        onConfirm={() => void remove()}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}

/** The detail's terms and values, in the order shown; the location only when there is one. */
function detailRows(
  transaction: TransactionView,
  writers: ReturnType<typeof useWriters>,
): readonly (readonly [MessageId, ReactNode, string?])[] {
  return [
    ['transactions.field.categoryId', writers.category(transaction.categoryId)],
    ...(transaction.splits === undefined || transaction.splits === null || transaction.splits.length === 0
      ? []
      : [
          [
            'transactions.field.splits',
            <ul className={styles.splitLines}>
              {transaction.splits.map((line, index) => (
                <li key={index} className={styles.splitLine}>
                  <span>{writers.category(line.categoryId)}</span>
                  <span className={styles.splitAmount}>{writers.money(line.amount, transaction.amount.currency)}</span>
                  {line.note !== null && <span className={styles.splitNote}>{line.note}</span>}
                </li>
              ))}
            </ul>,
            'detail-splits',
          ] as const,
        ]),
    ['transactions.field.date', writers.date(transaction.date)],
    ['transactions.field.time', transaction.time ?? '—'],
    ['transactions.field.currency', transaction.amount.currency],
    ['transaction.wallet.label', writers.wallet(transaction.walletId), 'detail-wallet'],
    ...(transaction.recurrence === undefined || transaction.recurrence === null
      ? []
      : [['transactions.recurring.postedBy', <PostedBy transaction={transaction} />, 'detail-recurrence'] as const]),
    ['transactions.field.note', transaction.note ?? <FormattedMessage id="transactions.noNote" />],
    [
      'transactions.field.tags',
      transaction.tags === undefined || transaction.tags.length === 0 ? (
        <FormattedMessage id="transactions.noTags" />
      ) : (
        <ul className={styles.tags}>
          {transaction.tags.map((tag) => (
            <li key={tag} className={styles.tag}>
              {tag}
            </li>
          ))}
        </ul>
      ),
      'detail-tags',
    ],
    ...(transaction.location === null
      ? []
      : [['transactions.field.location', writers.location(transaction.location), 'detail-location'] as const]),
    ['transactions.detail.created', writers.dateTime(transaction.createdAt)],
    ['transactions.detail.updated', writers.dateTime(transaction.updatedAt)],
    [
      'transactions.field.receipt',
      transaction.receipt === null ? (
        <FormattedMessage id="transactions.detail.noReceipt" />
      ) : (
        <ReceiptView receiptId={transaction.receipt} />
      ),
    ],
  ];
}

/**
 * The rule an occurrence was posted by, named as the rule pages name it (its note, else its
 * category), linked to the rule; a rule deleted since is said so, without a link.
 */
function PostedBy({ transaction }: { readonly transaction: TransactionView }) {
  const rules = useRecurringRuleNamesQuery();
  const writers = useWriters();
  const recurrence = transaction.recurrence;
  if (recurrence === undefined || recurrence === null) return null;
  const rule = rules.data?.items.find((item) => item.id === recurrence.ruleId);
  const occurrence = writers.date(recurrence.date);
  if (rules.data !== undefined && rule === undefined) {
    return <FormattedMessage id="transactions.recurring.deletedRule" values={{ date: occurrence }} />;
  }
  // Until the rules are read, the rule is named as it named this transaction.
  const named = rule ?? transaction;
  return (
    <FormattedMessage
      id="transactions.recurring.occurrence"
      values={{
        date: occurrence,
        rule: (
          <LocalizedLink to={`/dashboard/recurring/${recurrence.ruleId}`} data-testid="detail-recurrence-link">
            {named.note ?? writers.category(named.categoryId)}
          </LocalizedLink>
        ),
      }}
    />
  );
}

/** A transaction history entry, in the detail's own look. */
const ENTRY_CLASSES = {
  entry: styles.historyEntry,
  heading: styles.historyHeading,
  time: styles.historyTime,
  details: styles.historyChanges,
};

function History({ id }: { readonly id: string }) {
  const history = useTransactionHistoryInfiniteQuery(id);
  const writers = useWriters();
  const headingId = useId();
  const entries = useMemo(() => uniqueEntriesNewestFirst(history.data?.pages ?? []), [history.data]);
  const older = useOlderPages(history, entries.length, (pages) => uniqueEntriesNewestFirst(pages).length);

  return (
    <section aria-labelledby={headingId}>
      <div className={styles.historyHeader}>
        <h3 id={headingId} className={styles.sectionTitle}>
          <FormattedMessage id="transactions.history.title" />
        </h3>
        <LocalizedLink to={`/activity?kind=transaction&subject=${id}`} className={styles.historyLink}>
          <FormattedMessage id="nav.activity" />
        </LocalizedLink>
      </div>
      {history.isLoading ? (
        <p className={field.hint} role="status">
          <FormattedMessage id="common.loading" />
        </p>
      ) : history.data === undefined ? (
        <p className={field.hint}>
          <FormattedMessage id={loadFailedMessageId(history.error, 'transactions.history.error')} />
        </p>
      ) : entries.length === 0 ? (
        <p className={field.hint}>
          <FormattedMessage id="transactions.history.empty" />
        </p>
      ) : (
        <>
          <ol ref={older.list} className={styles.history} data-testid="transaction-history">
            {entries.map((entry) => {
              const { heading, changes } = entrySentences(entry, writers);
              return (
                <HistoryEntry
                  key={entry.revision}
                  classes={ENTRY_CLASSES}
                  heading={<FormattedMessage id={heading} />}
                  occurredAt={entry.occurredAt}
                  when={writers.dateTime(entry.occurredAt)}
                  details={changes}
                />
              );
            })}
          </ol>
          <OlderPagesControl query={history} older={older} messages="transactions.history" testId="history-older" />
        </>
      )}
    </section>
  );
}
