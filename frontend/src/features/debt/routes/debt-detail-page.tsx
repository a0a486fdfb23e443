import type { DebtDetail, DebtPaymentView, DebtScheduleRow } from '@plenty/contracts/debts';
import { uuidV7 } from '@plenty/contracts/uuid-v7';
import { useId, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useDispatch } from 'react-redux';
import { useNavigate, useParams } from 'react-router';
import type { ApiError } from '../../../lib/api/api-error';
import { loadFailedMessageId } from '../../../lib/api/api-error';
import type { MessageId } from '../../../lib/messages';
import { LocalizedLink, useLocalizedPath } from '../../../lib/localized-link';
import { usePreferences } from '../../../lib/preferences';
import { useFormat } from '../../../lib/use-format';
import { useLocale } from '../../../lib/use-locale';
import { usePageTitle } from '../../../lib/use-page-title';
import { amountInput } from '../../../lib/amount';
import { buttonClass } from '../../../ui/button';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { todayIn } from '@plenty/contracts/calendar/zone';
import { showApiError, showSuccess } from '../../../ui/toast/toasts-slice';
import {
  useDebtQuery,
  useDeleteDebtMutation,
  useDeletePaymentMutation,
  useEditDebtMutation,
  useEditPaymentMutation,
  useMarkInstallmentPaidMutation,
  useMarkInstallmentUnpaidMutation,
  useRecordPaymentMutation,
} from '../api';
import { DebtDialog, DEBT_TYPE_LABELS } from '../components/debt-dialog';
import { DebtHistorySection } from '../components/debt-history';
import { DebtIcon, DebtProgressBar, DebtStatusBadge, useDebtName, wholePercent } from '../components/debt-progress';
import { DeleteDebtDialog } from '../components/delete-debt-dialog';
import { PaymentDialog, type PaymentValue } from '../components/payment-dialog';
import { ScheduleHead } from '../components/schedule-preview';
import styles from '../debts.module.css';
import { DELETE_PHRASE, debtChanges, draftOf, type DebtDraft, type PaymentDraft, type ValidDebt } from '../form';
import { rowState, rowsSkippedBy } from '../schedule-actions';
import { withDebtMessages } from '../with-debt-messages';

/** A row being marked; `skipped` are the earlier pending rows a payment would skip (asked about first). */
type Marking = {
  readonly kind: 'paid' | 'unpaid';
  readonly row: DebtScheduleRow;
  readonly skipped: readonly number[];
} | null;
type PaymentEditing =
  | { readonly mode: 'add'; readonly draft: PaymentDraft }
  | { readonly mode: 'edit'; readonly draft: PaymentDraft; readonly payment: DebtPaymentView }
  | null;

const STATE_LABELS: Record<ReturnType<typeof rowState>, MessageId> = {
  paid: 'debts.schedule.paid',
  overdue: 'debts.schedule.overdue',
  pending: 'debts.schedule.pending',
};

/** The question before a row is marked: paying a row that skips earlier pending ones says so. */
function confirmTexts(marking: Marking): { title: MessageId; body: MessageId; confirm: MessageId } {
  if (marking?.kind === 'unpaid') {
    return {
      title: 'debts.confirm.markUnpaid.title',
      body: 'debts.confirm.markUnpaid.body',
      confirm: 'debts.schedule.markUnpaid',
    };
  }
  if (marking !== null && marking.skipped.length > 0) {
    return {
      title: 'debts.confirm.skip.title',
      body: 'debts.confirm.skip.body',
      confirm: 'debts.confirm.skip.confirm',
    };
  }
  return {
    title: 'debts.confirm.markPaid.title',
    body: 'debts.confirm.markPaid.body',
    confirm: 'debts.schedule.markPaid',
  };
}

/** The debt detail page with its texts (see with-debt-messages.tsx). */
export const DebtDetailPage = withDebtMessages(DetailPage);

/** A debt: its terms, repayment progress, schedule with paid and pending rows, and payments. */
function DetailPage() {
  usePageTitle('page.debtDetail');
  const { id = '' } = useParams();
  const query = useDebtQuery(id);
  const error = query.error as ApiError | undefined;

  if (query.isLoading) {
    return (
      <div className={styles.page} role="status" aria-busy="true" data-testid="debt-loading">
        <span className="visually-hidden">
          <FormattedMessage id="common.loading" />
        </span>
        <div className={styles.skeleton} aria-hidden="true" />
        <div className={styles.skeleton} style={{ minHeight: '20rem' }} aria-hidden="true" />
      </div>
    );
  }
  if (query.data === undefined) {
    const notFound = error?.status === 404 || error?.code === 'debt_not_found';
    return (
      <div className={styles.page}>
        <BackLink />
        <h1 id="page-title" className={styles.title}>
          <FormattedMessage id="page.debtDetail" />
        </h1>
        <div className={styles.error} role="alert" data-testid={notFound ? 'debt-not-found' : 'debt-error'}>
          <p>
            <FormattedMessage
              id={notFound ? 'debts.detail.notFound' : loadFailedMessageId(error, 'debts.detail.loadFailed')}
            />
          </p>
          {!notFound && (
            <button
              type="button"
              className={buttonClass('secondary')}
              onClick={() => void query.refetch()}
              disabled={query.isFetching}
            >
              <FormattedMessage id="debts.retry" />
            </button>
          )}
        </div>
      </div>
    );
  }
  return <Detail debt={query.data} />;
}

function BackLink() {
  return (
    <LocalizedLink to="/dashboard/debt-tracker" className={styles.back}>
      <span aria-hidden="true">← </span>
      <FormattedMessage id="debts.detail.back" />
    </LocalizedLink>
  );
}

function Detail({ debt }: { readonly debt: DebtDetail }) {
  const intl = useIntl();
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const localized = useLocalizedPath();
  const format = useFormat();
  const { locale } = useLocale();
  const { preferences } = usePreferences();
  const today = todayIn(preferences?.timeZone);
  const debtName = useDebtName();
  const name = debtName(debt);
  const money = (amount: number) => format.money({ amount, currency: debt.currency });
  const percent = wholePercent(debt.progress.percent);
  const ids = { details: useId(), progress: useId(), schedule: useId(), payments: useId(), owed: useId() };
  const overdueCount = debt.schedule.filter((row) => rowState(row, today) === 'overdue').length;

  const [editing, setEditing] = useState<DebtDraft | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [marking, setMarking] = useState<Marking>(null);
  const [paymentEditing, setPaymentEditing] = useState<PaymentEditing>(null);
  const [removingPayment, setRemovingPayment] = useState<DebtPaymentView | null>(null);
  const paymentIds = useRef({ commandId: '', paymentId: '' });

  const [editDebt] = useEditDebtMutation();
  const [deleteDebt, deleteState] = useDeleteDebtMutation();
  const [markPaid] = useMarkInstallmentPaidMutation();
  const [markUnpaid] = useMarkInstallmentUnpaidMutation();
  const [recordPayment] = useRecordPaymentMutation();
  const [editPayment] = useEditPaymentMutation();
  const [deletePayment] = useDeletePaymentMutation();

  const fail = (caught: unknown) => dispatch(showApiError(caught as ApiError));

  const saveDebt = async (value: ValidDebt) => {
    const changes = debtChanges(debt, value);
    if (Object.keys(changes).length > 0) {
      try {
        await editDebt({ commandId: uuidV7(), debtId: debt.id, changes }).unwrap();
      } catch (caught) {
        fail(caught);
        throw caught;
      }
    }
    dispatch(showSuccess('debts.toast.updated', { name: value.name }));
    setEditing(null);
  };

  const confirmDelete = async () => {
    try {
      await deleteDebt({ commandId: uuidV7(), debtId: debt.id, confirmPhrase: DELETE_PHRASE }).unwrap();
      dispatch(showSuccess('debts.toast.deleted', { name }));
      void navigate(localized('/dashboard/debt-tracker'));
    } catch (caught) {
      fail(caught);
    }
  };

  const confirmMark = async () => {
    const current = marking;
    setMarking(null);
    if (current === null) return;
    try {
      if (current.kind === 'paid') {
        await markPaid({
          commandId: uuidV7(),
          debtId: debt.id,
          number: current.row.number,
          paymentId: uuidV7(),
          date: today,
        }).unwrap();
        dispatch(showSuccess('debts.toast.installmentPaid', { number: format.number(current.row.number) }));
      } else {
        await markUnpaid({ commandId: uuidV7(), debtId: debt.id, number: current.row.number }).unwrap();
        dispatch(showSuccess('debts.toast.installmentUnpaid', { number: format.number(current.row.number) }));
      }
    } catch (caught) {
      fail(caught);
    }
  };

  const startPayment = () => {
    paymentIds.current = { commandId: uuidV7(), paymentId: uuidV7() };
    setPaymentEditing({ mode: 'add', draft: { amount: '', date: today, notes: '' } });
  };

  const savePayment = async (value: PaymentValue) => {
    const current = paymentEditing;
    if (current === null) return;
    try {
      if (current.mode === 'add') {
        await recordPayment({
          commandId: paymentIds.current.commandId,
          debtId: debt.id,
          paymentId: paymentIds.current.paymentId,
          amount: value.amount,
          date: value.date,
          ...(value.notes === null ? {} : { notes: value.notes }),
        }).unwrap();
        dispatch(showSuccess('debts.toast.paymentCreated', { amount: money(value.amount) }));
      } else {
        const { payment } = current;
        const changes = {
          ...(value.amount !== payment.amount && payment.installmentNumber === null ? { amount: value.amount } : {}),
          ...(value.date !== payment.date ? { date: value.date } : {}),
          ...(value.notes !== payment.notes ? { notes: value.notes } : {}),
        };
        if (Object.keys(changes).length > 0) {
          await editPayment({ commandId: uuidV7(), debtId: debt.id, paymentId: payment.paymentId, changes }).unwrap();
        }
        dispatch(showSuccess('debts.toast.paymentUpdated'));
      }
      setPaymentEditing(null);
    } catch (caught) {
      const error = caught as ApiError;
      if (error.code === 'payment_exists') {
        setPaymentEditing(null);
        return;
      }
      fail(caught);
      throw caught;
    }
  };

  const confirmRemovePayment = async () => {
    const payment = removingPayment;
    setRemovingPayment(null);
    if (payment === null) return;
    try {
      await deletePayment({ commandId: uuidV7(), debtId: debt.id, paymentId: payment.paymentId }).unwrap();
      dispatch(showSuccess('debts.toast.paymentDeleted'));
    } catch (caught) {
      fail(caught);
    }
  };

  const label = (id: MessageId) => intl.formatMessage({ id });

  const rate = format.number(Number(debt.annualRatePercent), debt.annualRatePercent.split('.')[1]?.length ?? 0);

  const details: readonly { readonly label: MessageId; readonly value: string }[] = [
    { label: 'debts.field.type', value: intl.formatMessage({ id: DEBT_TYPE_LABELS[debt.type] }) },
    {
      label: 'debts.field.loanType',
      value: intl.formatMessage({ id: debt.loanType === 'emi' ? 'debts.loanType.emi' : 'debts.loanType.fixed' }),
    },
    { label: 'debts.field.initialAmount', value: money(debt.initialAmount) },
    { label: 'debts.field.currentAmount', value: money(debt.currentAmount) },
    { label: 'debts.detail.rate', value: intl.formatMessage({ id: 'debts.detail.ratePerYear' }, { rate }) },
    { label: 'debts.preview.installment', value: money(debt.installment) },
    {
      label: 'debts.field.termMonths',
      value: intl.formatMessage({ id: 'debts.months' }, { count: debt.termMonths }),
    },
    {
      label: 'debts.field.dueDay',
      value: intl.formatMessage({ id: 'debts.detail.dueDayValue' }, { day: format.number(debt.paymentDueDay) }),
    },
    {
      label: 'debts.detail.minimumPayment',
      value:
        debt.minimumPayment === null ? intl.formatMessage({ id: 'debts.detail.none' }) : money(debt.minimumPayment),
    },
    { label: 'debts.detail.lender', value: debt.lender ?? intl.formatMessage({ id: 'debts.detail.none' }) },
    { label: 'debts.field.openDate', value: format.longDate(debt.openDate) },
    { label: 'debts.field.startDate', value: format.longDate(debt.startDate) },
    {
      label: 'debts.maturityDate',
      value:
        debt.maturityDate === null
          ? intl.formatMessage({ id: 'debts.detail.none' })
          : format.longDate(debt.maturityDate),
    },
  ];

  return (
    <div className={styles.page} data-testid="debt-detail">
      <BackLink />
      <header className={styles.header}>
        <div className={styles.actions}>
          <DebtIcon icon={debt.icon} color={debt.color} size={28} />
          <div>
            <h1 id="page-title" className={styles.title}>
              {name}
            </h1>
            <span className={styles.actions}>
              <span className={styles.badge}>
                <FormattedMessage id={DEBT_TYPE_LABELS[debt.type]} />
              </span>
              <DebtStatusBadge status={debt.status} />
              {debt.paidOffAt !== null && (
                <span className={styles.muted}>
                  <FormattedMessage id="debts.paidOffOn" values={{ date: format.longDate(debt.paidOffAt) }} />
                </span>
              )}
            </span>
          </div>
        </div>
        <div className={styles.actions}>
          <button type="button" className={buttonClass('secondary')} onClick={() => setEditing(draftOf(debt, locale))}>
            <FormattedMessage id="debts.detail.edit" />
          </button>
          <button
            type="button"
            className={`${buttonClass('secondary')} ${styles.danger}`}
            onClick={() => setDeleting(true)}
            data-testid="delete-debt"
          >
            <FormattedMessage id="debts.detail.delete" />
          </button>
        </div>
      </header>

      <div className={styles.grid}>
        <section className={styles.card} aria-labelledby={ids.progress}>
          <h2 id={ids.progress} className={styles.cardTitle}>
            <FormattedMessage id="debts.detail.progress" />
          </h2>
          <DebtProgressBar
            name={name}
            percent={percent}
            outstanding={debt.progress.outstanding}
            initial={debt.initialAmount}
            currency={debt.currency}
          />
          <dl className={styles.details}>
            <div>
              <dt>
                <FormattedMessage id="debts.detail.repaid" />
              </dt>
              <dd data-testid="debt-repaid">
                {money(debt.progress.repaid)} · {format.number(percent)}%
              </dd>
            </div>
            <div>
              <dt>
                <FormattedMessage id="debts.detail.outstanding" />
              </dt>
              <dd data-testid="debt-outstanding" aria-describedby={ids.owed}>
                {money(debt.progress.outstanding)}
              </dd>
            </div>
            <div>
              <dt>
                <FormattedMessage id="debts.detail.remainingPayment" />
              </dt>
              <dd data-testid="debt-remaining-payment">{money(debt.totals.remainingPayment)}</dd>
            </div>
            <div>
              <dt>
                <FormattedMessage id="debts.totalInterest" />
              </dt>
              <dd data-testid="debt-total-interest">{money(debt.totals.totalInterest)}</dd>
            </div>
            <div>
              <dt>
                <FormattedMessage id="debts.totalPayment" />
              </dt>
              <dd data-testid="debt-total-payment">{money(debt.totals.totalPayment)}</dd>
            </div>
          </dl>
          <p id={ids.owed} className={styles.muted} data-testid="debt-owed-definition">
            <FormattedMessage id="debts.detail.owedDefinition" />
          </p>
          <p className={styles.muted}>
            <FormattedMessage
              id="debts.detail.installmentsPaid"
              values={{
                paid: format.number(debt.progress.paidInstallments),
                total: format.number(debt.progress.totalInstallments),
              }}
            />
          </p>
        </section>

        <section className={styles.card} aria-labelledby={ids.details}>
          <h2 id={ids.details} className={styles.cardTitle}>
            <FormattedMessage id="debts.detail.details" />
          </h2>
          <dl className={styles.details}>
            {details.map((item) => (
              <div key={item.label}>
                <dt>
                  <FormattedMessage id={item.label} />
                </dt>
                <dd>{item.value}</dd>
              </div>
            ))}
          </dl>
          {debt.description !== null && <p className={styles.muted}>{debt.description}</p>}
        </section>
      </div>

      <section className={styles.card} aria-labelledby={ids.payments}>
        <div className={styles.cardHeader}>
          <h2 id={ids.payments} className={styles.cardTitle}>
            <FormattedMessage id="debts.payments.title" />
          </h2>
          {debt.status === 'active' && (
            <button
              type="button"
              className={buttonClass('primary')}
              onClick={startPayment}
              data-testid="record-payment"
            >
              <span aria-hidden="true">+</span>
              <FormattedMessage id="debts.payments.add" />
            </button>
          )}
        </div>
        {debt.payments.length === 0 ? (
          <p className={styles.muted}>
            <FormattedMessage id="debts.payments.empty" />
          </p>
        ) : (
          <div className={`${styles.tableWrap} ${styles.stackWrap}`}>
            <table className={`${styles.table} ${styles.stack}`} data-testid="payments">
              <thead>
                <tr>
                  <th scope="col">
                    <FormattedMessage id="debts.payments.date" />
                  </th>
                  <th scope="col" className={styles.start}>
                    <FormattedMessage id="debts.payments.kind" />
                  </th>
                  <th scope="col">
                    <FormattedMessage id="debts.payments.amount" />
                  </th>
                  <th scope="col" className={styles.start}>
                    <FormattedMessage id="debts.payments.notesColumn" />
                  </th>
                  <th scope="col">
                    <span className="visually-hidden">
                      <FormattedMessage id="debts.schedule.actions" />
                    </span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {debt.payments.map((payment) => {
                  const date = format.longDate(payment.date);
                  return (
                    <tr key={payment.paymentId} data-testid="payment-row">
                      <td data-label={label('debts.payments.date')} className={styles.cardHead}>
                        {date}
                      </td>
                      <td data-label={label('debts.payments.kind')} className={styles.start}>
                        {payment.installmentNumber === null ? (
                          <FormattedMessage id="debts.payments.extra" />
                        ) : (
                          <FormattedMessage
                            id="debts.payments.installment"
                            values={{ number: format.number(payment.installmentNumber) }}
                          />
                        )}
                      </td>
                      <td data-label={label('debts.payments.amount')}>{money(payment.amount)}</td>
                      <td
                        data-label={label('debts.payments.notesColumn')}
                        className={`${styles.start} ${payment.notes === null ? styles.emptyCell : ''}`}
                      >
                        {payment.notes ?? ''}
                      </td>
                      <td className={styles.cardActions}>
                        <span className={styles.rowActions}>
                          <button
                            type="button"
                            className={`${buttonClass('secondary')} ${styles.small}`}
                            aria-label={intl.formatMessage({ id: 'debts.payments.editLabel' }, { date })}
                            onClick={() =>
                              setPaymentEditing({
                                mode: 'edit',
                                payment,
                                draft: {
                                  amount: amountInput(payment.amount, debt.currency, locale),
                                  date: payment.date,
                                  notes: payment.notes ?? '',
                                },
                              })
                            }
                          >
                            <FormattedMessage id="debts.payments.edit" />
                          </button>
                          <button
                            type="button"
                            className={`${buttonClass('secondary')} ${styles.small} ${styles.danger}`}
                            aria-label={intl.formatMessage({ id: 'debts.payments.deleteLabel' }, { date })}
                            onClick={() => setRemovingPayment(payment)}
                          >
                            <FormattedMessage id="debts.payments.delete" />
                          </button>
                        </span>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section className={styles.card} aria-labelledby={ids.schedule}>
        <div className={styles.cardHeader}>
          <h2 id={ids.schedule} className={styles.cardTitle}>
            <FormattedMessage id="debts.schedule.title" />
          </h2>
          {overdueCount > 0 && (
            <span className={styles.badge} data-kind="overdue" data-testid="debt-overdue-count">
              <span aria-hidden="true">!</span>
              <FormattedMessage id="debts.overdueCount" values={{ count: overdueCount }} />
            </span>
          )}
        </div>
        {/* Wide: a table that scrolls inside this labelled region if it must; narrow: each row is a card. */}
        <div
          className={`${styles.tableWrap} ${styles.stackWrap}`}
          role="region"
          aria-label={intl.formatMessage({ id: 'debts.schedule.region' })}
          tabIndex={0}
        >
          <table className={`${styles.table} ${styles.stack}`} data-testid="schedule">
            <caption className="visually-hidden">{intl.formatMessage({ id: 'debts.schedule.caption' })}</caption>
            <ScheduleHead withStatus />
            <tbody>
              {debt.schedule.map((row) => {
                const state = rowState(row, today);
                const number = format.number(row.number);
                return (
                  <tr key={row.number} data-status={row.status} data-state={state} data-testid="schedule-row">
                    <td data-label={label('debts.schedule.number')} className={styles.cardHead}>
                      <span className={styles.narrowOnly}>
                        <FormattedMessage id="debts.payments.installment" values={{ number }} />
                      </span>
                      <span className={styles.wideOnly}>{number}</span>
                    </td>
                    <td data-label={label('debts.schedule.dueDate')} className={styles.start}>
                      {format.longDate(row.dueDate)}
                    </td>
                    <td data-label={label('debts.schedule.amount')}>{money(row.amount)}</td>
                    <td data-label={label('debts.schedule.principal')}>{money(row.principal)}</td>
                    <td data-label={label('debts.schedule.interest')}>{money(row.interest)}</td>
                    <td data-label={label('debts.schedule.balance')}>{money(row.balance)}</td>
                    <td data-label={label('debts.schedule.status')} className={styles.start}>
                      <span className={styles.badge} data-kind={state} data-testid="schedule-status">
                        {state === 'paid' && <span aria-hidden="true">✓</span>}
                        {state === 'overdue' && <span aria-hidden="true">!</span>}
                        <FormattedMessage id={STATE_LABELS[state]} />
                      </span>
                    </td>
                    <td className={styles.cardActions}>
                      {row.status === 'pending' ? (
                        <button
                          type="button"
                          className={`${buttonClass('primary')} ${styles.small}`}
                          aria-label={intl.formatMessage({ id: 'debts.schedule.markPaidLabel' }, { number })}
                          onClick={() => setMarking({ kind: 'paid', row, skipped: rowsSkippedBy(debt.schedule, row) })}
                          data-testid="mark-paid"
                        >
                          <FormattedMessage id="debts.schedule.markPaid" />
                        </button>
                      ) : (
                        <button
                          type="button"
                          className={`${buttonClass('secondary')} ${styles.small}`}
                          aria-label={intl.formatMessage({ id: 'debts.schedule.markUnpaidLabel' }, { number })}
                          onClick={() => setMarking({ kind: 'unpaid', row, skipped: [] })}
                          data-testid="mark-unpaid"
                        >
                          <FormattedMessage id="debts.schedule.markUnpaid" />
                        </button>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" colSpan={2} className={styles.start}>
                  <FormattedMessage id="debts.schedule.total" />
                </th>
                <td data-label={label('debts.schedule.amount')}>{money(debt.totals.totalPayment)}</td>
                <td data-label={label('debts.schedule.principal')}>
                  {money(debt.totals.totalPayment - debt.totals.totalInterest)}
                </td>
                <td data-label={label('debts.schedule.interest')}>{money(debt.totals.totalInterest)}</td>
                <td colSpan={3} className={styles.emptyCell} />
              </tr>
            </tfoot>
          </table>
        </div>
      </section>

      <DebtHistorySection debtId={debt.id} />

      {editing !== null && (
        <DebtDialog open mode="edit" initial={editing} onSubmit={saveDebt} onClose={() => setEditing(null)} />
      )}
      {deleting && (
        <DeleteDebtDialog
          busy={deleteState.isLoading}
          onConfirm={() => void confirmDelete()}
          onCancel={() => setDeleting(false)}
        />
      )}
      {paymentEditing !== null && (
        <PaymentDialog
          mode={paymentEditing.mode}
          initial={paymentEditing.draft}
          currency={debt.currency}
          limit={debt.progress.outstanding + (paymentEditing.mode === 'edit' ? paymentEditing.payment.amount : 0)}
          amountLocked={paymentEditing.mode === 'edit' && paymentEditing.payment.installmentNumber !== null}
          onSubmit={savePayment}
          onClose={() => setPaymentEditing(null)}
        />
      )}
      <ConfirmDialog
        open={marking !== null}
        title={confirmTexts(marking).title}
        body={confirmTexts(marking).body}
        confirm={confirmTexts(marking).confirm}
        values={
          marking === null
            ? {}
            : {
                number: format.number(marking.row.number),
                count: marking.skipped.length,
                list: intl.formatList(marking.skipped.map((number) => format.number(number))),
              }
        }
        danger={marking?.kind === 'unpaid'}
        onConfirm={() => void confirmMark()}
        onCancel={() => setMarking(null)}
      />
      <ConfirmDialog
        open={removingPayment !== null}
        title="debts.paymentDelete.title"
        body="debts.paymentDelete.body"
        confirm="debts.paymentDelete.confirm"
        danger
        onConfirm={() => void confirmRemovePayment()}
        onCancel={() => setRemovingPayment(null)}
      />
    </div>
  );
}
