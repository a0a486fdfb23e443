import type { Currency } from '@plenty/contracts/money';
import { todayIn } from '@plenty/contracts/calendar/zone';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useLocation, useParams } from 'react-router';
import { usePreferences } from '../../../lib/preferences';
import { useLocale } from '../../../lib/use-locale';
import { usePageTitle } from '../../../lib/use-page-title';
import { buttonClass } from '../../../ui/button';
import { PageHeader } from '../../../ui/page/page';
import { PageLoading } from '../../../ui/page-loading';
import { useTransactionQuery } from '../api';
import { BackToListActions } from '../components/back-to-list';
import { TransactionForm } from '../components/transaction-form';
import styles from '../components/transaction-form.module.css';
import list from '../components/transaction-list.module.css';
import { isMissing } from '../errors';
import { emptyForm, formFromTransaction, typeFromSearch } from '../form';

export function AddTransactionPage() {
  usePageTitle('page.transactionAdd');
  const { preferences, isLoading } = usePreferences();
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

export function EditTransactionPage() {
  usePageTitle('page.transactionEdit');
  const { id = '' } = useParams();
  const { locale } = useLocale();
  const transaction = useTransactionQuery(id, { refetchOnMountOrArgChange: true });
  if (transaction.isLoading) return <PageLoading />;
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
  return (
    <TransactionForm
      key={transaction.data.id}
      title="page.transactionEdit"
      initial={formFromTransaction(transaction.data, locale)}
      existing={transaction.data}
    />
  );
}
