import type { DebtList } from '@plenty/contracts/views/debts';
import { todayIn } from '@plenty/contracts/calendar/zone';
import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useDispatch } from 'react-redux';
import { useCommand } from '../../../lib/api/use-command';
import { usePreferences } from '../../../lib/preferences';
import { useFormat } from '../../../lib/use-format';
import { usePageTitle } from '../../../lib/use-page-title';
import { buttonClass } from '../../../ui/button';
import { Card } from '../../../ui/card/card';
import { EmptyState } from '../../../ui/empty-state/empty-state';
import { QueryLoadError } from '../../../ui/load-error/load-error';
import { OutOfRangeNote } from '../../../ui/out-of-range-note';
import { Page, PageHeader } from '../../../ui/page/page';
import { Loading, SkeletonBlock } from '../../../ui/skeleton/skeleton';
import { StatCard, StatCards, statCardsClass } from '../../../ui/stat/stat';
import { showApiError, showSuccess } from '../../../ui/toast/toasts-slice';
import { useDebtsQuery } from '../api';
import { openDebtCommand } from '../commands';
import { rememberWallet } from '../../../ui/wallet-picker/choices';
import { useUserId } from '../../../ui/wallet-picker/wallet-picker';
import { DebtDialog } from '../components/debt-dialog';
import { DebtItems } from '../components/debt-list';
import styles from '../debts.module.css';
import { emptyDraft, type DebtDraft, type ValidDebt } from '../form';
import { withDebtMessages } from '../with-debt-messages';

/** The debt tracker page with its texts (see with-debt-messages.tsx). */
export const DebtTrackerPage = withDebtMessages(TrackerPage);

/**
 * The debt tracker: total debt, active and paid-off counts, the add-debt form with its live
 * schedule, and every debt with its repayment progress; paid-off debts behind a toggle.
 */
function TrackerPage() {
  usePageTitle('page.debtTracker');
  const dispatch = useDispatch();
  const { preferences } = usePreferences();
  const query = useDebtsQuery();
  const openDebt = useCommand('OpenDebt');
  const userId = useUserId();
  const [adding, setAdding] = useState<DebtDraft | null>(null);

  const startAdding = () => {
    // A new submission: its command and debt ids stay the same across a double click or a retry.
    openDebt.reset();
    setAdding(emptyDraft(preferences?.currency ?? 'LAK', todayIn(preferences?.timeZone)));
  };

  const submit = async (value: ValidDebt) => {
    const outcome = await openDebt.run(openDebtCommand(value, openDebt.newId()));
    if (!outcome.ok) {
      // The first attempt went through, only its answer was lost.
      if (outcome.error.code === 'debt_exists') {
        setAdding(null);
        return;
      }
      dispatch(showApiError(outcome.error));
      throw outcome.error;
    }
    rememberWallet(userId, 'debt', value.initialAmount.currency, value.walletId);
    dispatch(showSuccess('debts.toast.created', { name: value.name }));
    setAdding(null);
  };

  return (
    <Page>
      <PageHeader
        size="compact"
        align="start"
        title={<FormattedMessage id="page.debtTracker" />}
        lead={<FormattedMessage id="debts.lead" />}
        actions={
          query.data !== undefined &&
          query.data.items.length > 0 && (
            <button type="button" className={buttonClass('primary')} onClick={startAdding} data-testid="add-debt">
              <span aria-hidden="true">+</span>
              <FormattedMessage id="debts.add" />
            </button>
          )
        }
      />

      {query.isLoading ? (
        <Skeleton />
      ) : query.data === undefined ? (
        <QueryLoadError query={query} message="debts.loadFailed" retry="debts.retry" testId="debts-error" />
      ) : (
        <Tracker data={query.data} onAdd={startAdding} />
      )}

      {adding !== null && (
        <DebtDialog open mode="add" initial={adding} onSubmit={submit} onClose={() => setAdding(null)} />
      )}
    </Page>
  );
}

function Tracker({ data, onAdd }: { readonly data: DebtList; readonly onAdd: () => void }) {
  const intl = useIntl();
  const format = useFormat();
  const paidOffId = useId();
  const [showPaidOff, setShowPaidOff] = useState(false);
  const active = data.items.filter((item) => item.status === 'active');
  const paidOff = data.items.filter((item) => item.status === 'paid_off');
  const { summary } = data;

  const cards = [
    {
      key: 'total',
      label: 'debts.summary.total',
      value: format.money({ amount: summary.totalOutstanding, currency: summary.currency }),
    },
    { key: 'active', label: 'debts.summary.active', value: format.number(summary.activeCount) },
    { key: 'paidOff', label: 'debts.summary.paidOff', value: format.number(summary.paidOffCount) },
  ] as const;

  return (
    <>
      <StatCards label={intl.formatMessage({ id: 'debts.summary.title' })}>
        {cards.map((card) => (
          <StatCard
            key={card.key}
            label={<FormattedMessage id={card.label} />}
            figure={card.value}
            testId={`debts-summary-${card.key}`}
            note={
              card.key === 'total' &&
              summary.perCurrency.some((money) => money.currency !== summary.currency) && (
                <span className={styles.muted}>
                  {summary.perCurrency.map((money) => format.money(money)).join(' + ')}
                </span>
              )
            }
          />
        ))}
      </StatCards>
      <OutOfRangeNote outOfRange={summary.outOfRange} />

      <Card title={<FormattedMessage id="debts.list.title" />} gap="medium">
        {data.items.length === 0 ? (
          <EmptyState
            title={<FormattedMessage id="debts.empty.title" />}
            testId="debts-empty"
            action={
              <button type="button" className={buttonClass('primary')} onClick={onAdd} data-testid="add-first-debt">
                <span aria-hidden="true">+</span>
                <FormattedMessage id="debts.empty.action" />
              </button>
            }
          >
            <FormattedMessage id="debts.empty.body" />
          </EmptyState>
        ) : (
          <>
            {active.length === 0 ? (
              <p className={styles.muted}>
                <FormattedMessage id="debts.noActive" />
              </p>
            ) : (
              <DebtItems items={active} testId="debts-active" />
            )}
            {paidOff.length > 0 && (
              <button
                type="button"
                className={`${buttonClass('secondary')} ${styles.toggle}`}
                aria-expanded={showPaidOff}
                aria-controls={paidOffId}
                onClick={() => setShowPaidOff((shown) => !shown)}
                data-testid="toggle-paid-off"
              >
                <FormattedMessage
                  id={showPaidOff ? 'debts.hidePaidOff' : 'debts.showPaidOff'}
                  values={{ count: format.number(paidOff.length) }}
                />
              </button>
            )}
            <div id={paidOffId} hidden={!showPaidOff}>
              {showPaidOff && <DebtItems items={paidOff} testId="debts-paid-off" />}
            </div>
          </>
        )}
      </Card>
    </>
  );
}

function Skeleton() {
  return (
    <Loading testId="debts-loading" className={styles.loading}>
      <div className={statCardsClass} aria-hidden="true">
        {[0, 1, 2].map((key) => (
          <SkeletonBlock key={key} />
        ))}
      </div>
      <SkeletonBlock height="16rem" />
    </Loading>
  );
}
