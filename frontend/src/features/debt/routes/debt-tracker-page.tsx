import { overdueNumbers, type DebtList, type DebtListItem } from '@plenty/contracts/debts';
import { uuidV7 } from '@plenty/contracts/uuid-v7';
import { useId, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useDispatch } from 'react-redux';
import type { ApiError } from '../../../lib/api/api-error';
import { loadFailedMessageId } from '../../../lib/api/api-error';
import { LocalizedLink } from '../../../lib/localized-link';
import { OutOfRangeNote } from '../../../ui/out-of-range-note';
import { usePreferences } from '../../../lib/preferences';
import { useFormat } from '../../../lib/use-format';
import { usePageTitle } from '../../../lib/use-page-title';
import { buttonClass } from '../../../ui/button';
import { todayIn } from '@plenty/contracts/calendar/zone';
import { showApiError, showSuccess } from '../../../ui/toast/toasts-slice';
import { useDebtsQuery, useOpenDebtMutation } from '../api';
import { DebtDialog, DEBT_TYPE_LABELS } from '../components/debt-dialog';
import { DebtIcon, DebtProgressBar, DebtStatusBadge, useDebtName, wholePercent } from '../components/debt-progress';
import styles from '../debts.module.css';
import { withDebtMessages } from '../with-debt-messages';
import { emptyDraft, openDebtCommand, type DebtDraft, type ValidDebt } from '../form';

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
  const [openDebt] = useOpenDebtMutation();
  const [adding, setAdding] = useState<DebtDraft | null>(null);
  const ids = useRef({ commandId: '', debtId: '' });

  const startAdding = () => {
    // The ids are fixed when the form opens, so a double click or a retry opens one debt.
    ids.current = { commandId: uuidV7(), debtId: uuidV7() };
    setAdding(emptyDraft(preferences?.currency ?? 'LAK', todayIn(preferences?.timeZone)));
  };

  const submit = async (value: ValidDebt) => {
    try {
      await openDebt(openDebtCommand(value, ids.current)).unwrap();
    } catch (caught) {
      const error = caught as ApiError;
      if (error.code === 'debt_exists') {
        setAdding(null);
        return;
      }
      dispatch(showApiError(error));
      throw caught;
    }
    dispatch(showSuccess('debts.toast.created', { name: value.name }));
    setAdding(null);
  };

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <div>
          <h1 id="page-title" className={styles.title}>
            <FormattedMessage id="page.debtTracker" />
          </h1>
          <p className={styles.lead}>
            <FormattedMessage id="debts.lead" />
          </p>
        </div>
        {query.data !== undefined && query.data.items.length > 0 && (
          <button type="button" className={buttonClass('primary')} onClick={startAdding} data-testid="add-debt">
            <span aria-hidden="true">+</span>
            <FormattedMessage id="debts.add" />
          </button>
        )}
      </header>

      {query.isLoading ? (
        <Skeleton />
      ) : query.data === undefined ? (
        <div className={styles.error} role="alert" data-testid="debts-error">
          <p>
            <FormattedMessage id={loadFailedMessageId(query.error, 'debts.loadFailed')} />
          </p>
          <button
            type="button"
            className={buttonClass('secondary')}
            onClick={() => void query.refetch()}
            disabled={query.isFetching}
          >
            <FormattedMessage id="debts.retry" />
          </button>
        </div>
      ) : (
        <Tracker data={query.data} onAdd={startAdding} />
      )}

      {adding !== null && (
        <DebtDialog open mode="add" initial={adding} onSubmit={submit} onClose={() => setAdding(null)} />
      )}
    </div>
  );
}

function Tracker({ data, onAdd }: { readonly data: DebtList; readonly onAdd: () => void }) {
  const intl = useIntl();
  const format = useFormat();
  const listId = useId();
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
      <ul className={styles.summary} aria-label={intl.formatMessage({ id: 'debts.summary.title' })}>
        {cards.map((card) => (
          <li key={card.key} className={styles.stat} data-testid={`debts-summary-${card.key}`}>
            <span className={styles.statLabel}>
              <FormattedMessage id={card.label} />
            </span>
            <span className={styles.statValue}>{card.value}</span>
            {card.key === 'total' && summary.perCurrency.some((money) => money.currency !== summary.currency) && (
              <span className={styles.muted}>
                {summary.perCurrency.map((money) => format.money(money)).join(' + ')}
              </span>
            )}
          </li>
        ))}
      </ul>
      <OutOfRangeNote outOfRange={summary.outOfRange} />

      <section className={styles.card} aria-labelledby={listId}>
        <h2 id={listId} className={styles.cardTitle}>
          <FormattedMessage id="debts.list.title" />
        </h2>
        {data.items.length === 0 ? (
          <div className={styles.empty} data-testid="debts-empty">
            <h3 className={styles.emptyTitle}>
              <FormattedMessage id="debts.empty.title" />
            </h3>
            <p className={styles.muted}>
              <FormattedMessage id="debts.empty.body" />
            </p>
            <button type="button" className={buttonClass('primary')} onClick={onAdd} data-testid="add-first-debt">
              <span aria-hidden="true">+</span>
              <FormattedMessage id="debts.empty.action" />
            </button>
          </div>
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
      </section>
    </>
  );
}

function DebtItems({ items, testId }: { readonly items: readonly DebtListItem[]; readonly testId: string }) {
  const format = useFormat();
  const debtName = useDebtName();
  const { preferences } = usePreferences();
  // Overdue against the user's own calendar day, in their time zone.
  const today = todayIn(preferences?.timeZone);
  return (
    <ul className={styles.list} data-testid={testId}>
      {items.map((debt) => {
        const name = debtName(debt);
        const money = (amount: number) => format.money({ amount, currency: debt.currency });
        const percent = wholePercent(debt.progress.percent);
        const overdue = overdueNumbers(debt, today).length;
        return (
          <li
            key={debt.id}
            className={styles.item}
            data-paid-off={debt.status === 'paid_off'}
            data-status={overdue > 0 ? 'overdue' : debt.status}
            data-testid="debt-item"
          >
            <DebtIcon icon={debt.icon} color={debt.color} />
            <div className={styles.itemBody}>
              <div className={styles.itemTop}>
                <h3 className={styles.name}>
                  <LocalizedLink to={`/dashboard/debt-tracker/${debt.id}`}>{name}</LocalizedLink>
                </h3>
                <span className={styles.actions}>
                  <span className={styles.badge}>
                    <FormattedMessage id={DEBT_TYPE_LABELS[debt.type]} />
                  </span>
                  <DebtStatusBadge status={debt.status} />
                  {overdue > 0 && (
                    <span className={styles.badge} data-kind="overdue" data-testid="debt-overdue-count">
                      <span aria-hidden="true">!</span>
                      <FormattedMessage id="debts.overdueCount" values={{ count: overdue }} />
                    </span>
                  )}
                </span>
              </div>
              <DebtProgressBar
                name={name}
                percent={percent}
                outstanding={debt.progress.outstanding}
                initial={debt.initialAmount}
                currency={debt.currency}
              />
              <div className={styles.figures}>
                <span>
                  <FormattedMessage
                    id="debts.remainingOf"
                    values={{
                      remaining: money(debt.progress.outstanding),
                      initial: money(debt.initialAmount),
                      strong: (chunks) => <strong>{chunks}</strong>,
                    }}
                  />
                </span>
                <span>
                  <FormattedMessage id="debts.percentRepaid" values={{ percent: format.number(percent) }} />
                </span>
              </div>
              {debt.status === 'paid_off' && debt.paidOffAt !== null ? (
                <p className={styles.muted}>
                  <FormattedMessage id="debts.paidOffOn" values={{ date: format.longDate(debt.paidOffAt) }} />
                </p>
              ) : debt.nextInstallment !== null ? (
                <p className={styles.muted}>
                  <FormattedMessage
                    id="debts.nextDue"
                    values={{
                      amount: money(debt.nextInstallment.amount),
                      date: format.longDate(debt.nextInstallment.dueDate),
                    }}
                  />
                </p>
              ) : null}
              {debt.lender !== null && (
                <p className={styles.muted}>
                  <FormattedMessage id="debts.lenderLine" values={{ lender: debt.lender }} />
                </p>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}

function Skeleton() {
  return (
    <div role="status" aria-busy="true" data-testid="debts-loading" className={styles.page}>
      <span className="visually-hidden">
        <FormattedMessage id="common.loading" />
      </span>
      <div className={styles.summary} aria-hidden="true">
        {[0, 1, 2].map((key) => (
          <div key={key} className={styles.skeleton} />
        ))}
      </div>
      <div className={styles.skeleton} style={{ minHeight: '16rem' }} aria-hidden="true" />
    </div>
  );
}
