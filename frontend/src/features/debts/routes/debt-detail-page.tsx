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
import { todayIn } from '../../../ui/goals/goal-progress';
import { showApiError, showSuccess } from '../../../ui/toasts/toasts-slice';
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
import { rowActions } from '../schedule-actions';
import { withDebtMessages } from '../with-debt-messages';

type Marking = { readonly kind: 'paid' | 'unpaid'; readonly row: DebtScheduleRow } | null;
type PaymentEditing =
  | { readonly mode: 'add'; readonly draft: PaymentDraft }
  | { readonly mode: 'edit'; readonly draft: PaymentDraft; readonly payment: DebtPaymentView }
  | null;

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
  const ids = { details: useId(), progress: useId(), schedule: useId(), payments: useId() };

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

  const actions = rowActions(debt.schedule);
  const lastPaidNumber = actions.unpayable;

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
      label: 'debts.field.minimumPayment',
      value:
        debt.minimumPayment === null ? intl.formatMessage({ id: 'debts.detail.none' }) : money(debt.minimumPayment),
    },
    { label: 'debts.field.lender', value: debt.lender ?? intl.formatMessage({ id: 'debts.detail.none' }) },
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
              <dd data-testid="debt-outstanding">{money(debt.progress.outstanding)}</dd>
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
          <div className={styles.tableWrap}>
            <table className={styles.table} data-testid="payments">
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
                    <FormattedMessage id="debts.payments.notes" />
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
                  const removable = payment.installmentNumber === null || payment.installmentNumber === lastPaidNumber;
                  return (
                    <tr key={payment.paymentId} data-testid="payment-row">
                      <td>{date}</td>
                      <td className={styles.start}>
                        {payment.installmentNumber === null ? (
                          <FormattedMessage id="debts.payments.extra" />
                        ) : (
                          <FormattedMessage
                            id="debts.payments.installment"
                            values={{ number: format.number(payment.installmentNumber) }}
                          />
                        )}
                      </td>
                      <td>{money(payment.amount)}</td>
                      <td className={styles.start}>{payment.notes ?? ''}</td>
                      <td>
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
                          {removable && (
                            <button
                              type="button"
                              className={`${buttonClass('secondary')} ${styles.small} ${styles.danger}`}
                              aria-label={intl.formatMessage({ id: 'debts.payments.deleteLabel' }, { date })}
                              onClick={() => setRemovingPayment(payment)}
                            >
                              <FormattedMessage id="debts.payments.delete" />
                            </button>
                          )}
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
        <h2 id={ids.schedule} className={styles.cardTitle}>
          <FormattedMessage id="debts.schedule.title" />
        </h2>
        <div className={styles.tableWrap}>
          <table className={styles.table} data-testid="schedule">
            <caption className="visually-hidden">{intl.formatMessage({ id: 'debts.schedule.caption' })}</caption>
            <ScheduleHead withStatus />
            <tbody>
              {debt.schedule.map((row) => (
                <tr key={row.number} data-status={row.status} data-testid="schedule-row">
                  <td>{format.number(row.number)}</td>
                  <td className={styles.start}>{format.longDate(row.dueDate)}</td>
                  <td>{money(row.amount)}</td>
                  <td>{money(row.principal)}</td>
                  <td>{money(row.interest)}</td>
                  <td>{money(row.balance)}</td>
                  <td className={styles.start}>
                    <span className={styles.badge} data-kind={row.status === 'paid' ? 'paid' : 'pending'}>
                      {row.status === 'paid' && <span aria-hidden="true">✓</span>}
                      <FormattedMessage id={row.status === 'paid' ? 'debts.schedule.paid' : 'debts.schedule.pending'} />
                    </span>
                  </td>
                  <td>
                    {row.number === actions.payable && (
                      <button
                        type="button"
                        className={`${buttonClass('primary')} ${styles.small}`}
                        aria-label={intl.formatMessage(
                          { id: 'debts.schedule.markPaidLabel' },
                          { number: format.number(row.number) },
                        )}
                        onClick={() => setMarking({ kind: 'paid', row })}
                        data-testid="mark-paid"
                      >
                        <FormattedMessage id="debts.schedule.markPaid" />
                      </button>
                    )}
                    {row.number === actions.unpayable && (
                      <button
                        type="button"
                        className={`${buttonClass('secondary')} ${styles.small}`}
                        aria-label={intl.formatMessage(
                          { id: 'debts.schedule.markUnpaidLabel' },
                          { number: format.number(row.number) },
                        )}
                        onClick={() => setMarking({ kind: 'unpaid', row })}
                        data-testid="mark-unpaid"
                      >
                        <FormattedMessage id="debts.schedule.markUnpaid" />
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" colSpan={2} className={styles.start}>
                  <FormattedMessage id="debts.schedule.total" />
                </th>
                <td>{money(debt.totals.totalPayment)}</td>
                <td>{money(debt.totals.totalPayment - debt.totals.totalInterest)}</td>
                <td>{money(debt.totals.totalInterest)}</td>
                <td colSpan={3} />
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
        title={marking?.kind === 'unpaid' ? 'debts.confirm.markUnpaid.title' : 'debts.confirm.markPaid.title'}
        body={marking?.kind === 'unpaid' ? 'debts.confirm.markUnpaid.body' : 'debts.confirm.markPaid.body'}
        confirm={marking?.kind === 'unpaid' ? 'debts.schedule.markUnpaid' : 'debts.schedule.markPaid'}
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
