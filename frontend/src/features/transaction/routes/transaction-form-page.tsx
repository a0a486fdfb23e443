import type { Currency } from '@plenty/contracts/money';
import { todayIn } from '@plenty/contracts/calendar/zone';
import type { TransactionView } from '@plenty/contracts/views/transactions';
import { useMemo, useRef, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useSelector } from 'react-redux';
import { useLocation, useParams } from 'react-router';
import { useOutboxEntry } from '../../../lib/outbox/outbox';
import type { OutboxSliceState } from '../../../lib/outbox/outbox-slice';
import { applyChanges, overlayRow, pendingEdits, rowFromAdd } from '../../../lib/outbox/pending';
import type { AnyOutboxEntry } from '../../../lib/outbox/types';
import { usePendingEntries } from '../../../ui/pending/pending';
import type { OutboxFix } from '../use-transaction-form';
import { usePreferences } from '../../../lib/preferences';
import { useLocale } from '../../../lib/use-locale';
import { usePageTitle } from '../../../lib/use-page-title';
import { buttonClass } from '../../../ui/button';
import { PageHeader } from '../../../ui/page/page';
import { PageLoading } from '../../../ui/page-loading';
import { useServerAnswer } from '../../../lib/api/server-answer';
import { useTransactionQuery } from '../api';
import { BackToListActions } from '../components/back-to-list';
import { TransactionForm } from '../components/transaction-form';
import styles from '../components/transaction-form.module.css';
import list from '../components/transaction-list.module.css';
import { isMissing } from '../errors';
import { emptyForm, formFromTransaction, typeFromSearch } from '../form';

/** The outbox entry a navigation opens the form on (`OutboxFixState`), or null. */
export function outboxSeqOf(state: unknown): number | null {
  if (typeof state !== 'object' || state === null || !('outboxSeq' in state)) return null;
  const seq = (state as { outboxSeq: unknown }).outboxSeq;
  return typeof seq === 'number' && Number.isInteger(seq) && seq > 0 ? seq : null;
}

/**
 * The entry `seq` as it was when the form opened: it stays the form's even when it is sent
 * meanwhile. `undefined` while the outbox has not been read yet; null when it is not there.
 */
function useOpenedEntry(seq: number | null): AnyOutboxEntry | null | undefined {
  const entry = useOutboxEntry(seq);
  const read = useSelector((state: { readonly outbox?: OutboxSliceState }) => (state.outbox?.uid ?? null) !== null);
  const opened = useRef<AnyOutboxEntry | null>(null);
  if (opened.current === null && entry !== null) opened.current = entry;
  if (opened.current !== null) return opened.current;
  return read ? null : undefined;
}

/** The entry the form was opened on is not waiting any more (sent or discarded meanwhile). */
function EntryGone({ title }: { readonly title: 'page.transactionAdd' | 'page.transactionEdit' }) {
  return (
    <section className={styles.page} aria-labelledby="page-title">
      <PageHeader title={<FormattedMessage id={title} />} />
      <div className={list.state} role="alert" data-testid="pending-fix-gone">
        <p className={list.stateTitle}>
          <FormattedMessage id="pending.form.gone" />
        </p>
        <BackToListActions variant="primary">{null}</BackToListActions>
      </div>
    </section>
  );
}

export function AddTransactionPage() {
  usePageTitle('page.transactionAdd');
  const { preferences, isLoading } = usePreferences();
  const fixSeq = outboxSeqOf(useLocation().state);
  if (fixSeq !== null) return <FixAddForm seq={fixSeq} />;
  // Without preferences (still loading or unreadable) the language's currency and the browser's day apply.
  if (isLoading) return <PageLoading />;
  return <AddTransactionForm currency={preferences?.currency ?? null} timeZone={preferences?.timeZone} />;
}

function AddTransactionForm({
  currency,
  timeZone,
}: {
  readonly currency: Currency | null;
  readonly timeZone?: string;
}) {
  const { locale } = useLocale();
  // Quick actions open the form as income or expense (`?type=income`).
  const { search } = useLocation();
  const [initial] = useState(() => emptyForm(locale, todayIn(timeZone), currency, typeFromSearch(search)));
  return <TransactionForm title="page.transactionAdd" initial={initial} existing={null} />;
}

/** The form on a transaction this device adds (waiting or refused): saving corrects the entry. */
function FixAddForm({ seq }: { readonly seq: number }) {
  const { locale } = useLocale();
  const entry = useOpenedEntry(seq);
  const live = useOutboxEntry(seq);
  const opened = entry !== null && entry !== undefined && entry.name === 'AddTransaction' ? entry : null;
  const initial = useMemo(
    () => (opened === null ? null : formFromTransaction(rowFromAdd(opened), locale)),
    [opened, locale],
  );
  if (entry === undefined) return <PageLoading />;
  if (opened === null || initial === null) return <EntryGone title="page.transactionAdd" />;
  const fix: OutboxFix = {
    seq,
    name: 'AddTransaction',
    transactionId: opened.body.transactionId,
    rejection: (live ?? opened).rejection,
  };
  return <TransactionForm title="page.transactionAdd" initial={initial} existing={null} fix={fix} />;
}

/**
 * The transaction as this device has it: the server's row with the device's waiting edits, and,
 * opened on one of them (`fix`), the row under that edit and the edit's place in the queue.
 */
function useDeviceRow(
  server: TransactionView | undefined,
  fixSeq: number | null,
): { row: TransactionView; fix: OutboxFix | null } | null | undefined {
  const entries = usePendingEntries();
  const entry = useOpenedEntry(fixSeq);
  const live = useOutboxEntry(fixSeq);
  // Read once per opened form: later syncs do not change what is being edited.
  const [snapshot] = useState(entries);
  return useMemo(() => {
    if (server === undefined) return null;
    if (fixSeq === null) return { row: overlayRow(server, snapshot).row, fix: null };
    if (entry === undefined) return undefined;
    if (entry === null || entry.name !== 'EditTransaction' || entry.body.transactionId !== server.id) return null;
    const before = pendingEdits(snapshot.filter((other) => other.seq < entry.seq)).get(server.id);
    const base = before === undefined ? server : applyChanges(server, before.changes);
    return {
      row: applyChanges(base, entry.body.changes),
      fix: {
        seq: entry.seq,
        name: 'EditTransaction',
        transactionId: server.id,
        rejection: (live ?? entry).rejection,
        base,
        // Fixed over the row as it is now: made on the server's present revision.
        baseRevision: entry.body.baseRevision === undefined ? undefined : server.revision,
      },
    };
  }, [server, fixSeq, snapshot, entry, live]);
}

export function EditTransactionPage() {
  usePageTitle('page.transactionEdit');
  const { id = '' } = useParams();
  const { locale } = useLocale();
  const transaction = useTransactionQuery(id, { refetchOnMountOrArgChange: true });
  const fixSeq = outboxSeqOf(useLocation().state);
  const device = useDeviceRow(transaction.data, fixSeq);
  // The form starts from the server's row, never from the device copy a page load paints first.
  const current = useServerAnswer(transaction);
  if (transaction.isLoading || !current || (transaction.data !== undefined && device === undefined))
    return <PageLoading />;
  if (transaction.data === undefined) {
    const missing = isMissing(transaction.error);
    return (
      <section className={styles.page} aria-labelledby="page-title">
        <PageHeader title={<FormattedMessage id="page.transactionEdit" />} />
        <div className={list.state} role="alert">
          <p className={list.stateTitle}>
            <FormattedMessage id={missing ? 'transactions.form.notFound' : 'transactions.form.loadError'} />
          </p>
          <BackToListActions variant="primary">
            {!missing && (
              <button type="button" className={buttonClass('secondary')} onClick={() => void transaction.refetch()}>
                <FormattedMessage id="transactions.retry" />
              </button>
            )}
          </BackToListActions>
        </div>
      </section>
    );
  }
  if (device === null || device === undefined) return <EntryGone title="page.transactionEdit" />;
  return (
    <TransactionForm
      key={transaction.data.id}
      title="page.transactionEdit"
      initial={formFromTransaction(device.row, locale)}
      existing={device.row}
      fix={device.fix}
    />
  );
}
