import type { DebtDetail, DebtPaymentView, DebtScheduleRow } from '@plenty/contracts/views/debts';
import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useParams } from 'react-router';
import type { ApiError } from '../../../lib/api/api-error';
import { amountInput } from '../../../lib/amount';
import type { MessageId } from '../../../lib/messages';
import { usePreferences } from '../../../lib/preferences';
import { todayIn } from '@plenty/contracts/calendar/zone';
import { useFormat } from '../../../lib/use-format';
import { useLocale } from '../../../lib/use-locale';
import { usePageTitle } from '../../../lib/use-page-title';
import { Badge } from '../../../ui/badge/badge';
import { buttonClass } from '../../../ui/button';
import { Card } from '../../../ui/card/card';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { Inline } from '../../../ui/list-row/list-row';
import { QueryLoadError } from '../../../ui/load-error/load-error';
import { BackLink, type BackTo } from '../../../ui/page/back-link';
import { Page, PageHeader, PageTitle } from '../../../ui/page/page';
import { Loading, SkeletonBlock } from '../../../ui/skeleton/skeleton';
import { useDebtQuery } from '../api';
import { draftOf } from '../commands';
import { DebtDialog } from '../components/debt-dialog';
import { DebtHistorySection } from '../components/debt-history';
import { DebtProgressCard, DebtTermsCard } from '../components/debt-overview';
import { DebtIcon, DebtStatusBadge, useDebtName } from '../components/debt-progress';
import { DeleteDebtDialog } from '../components/delete-debt-dialog';
import { PaymentDialog } from '../components/payment-dialog';
import { PaymentsCard } from '../components/payments-table';
import { DebtWalletField } from '../components/wallet-field';
import { ScheduleCard } from '../components/schedule-table';
import styles from '../debts.module.css';
import type { DebtDraft } from '../form';
import { DEBT_TYPE_LABELS } from '../labels';
import type { PaymentDraft } from '../payment-form';
import { rowsSkippedBy } from '../schedule-actions';
import { useDebtActions } from '../use-debt-actions';
import { useOpenWhenCurrent, useServerAnswer } from '../../../lib/api/server-answer';
import { WaitingDialog } from '../../../ui/dialog-form/waiting-dialog';
import { withDebtMessages } from '../with-debt-messages';

const BACK: BackTo = { to: '/dashboard/debt-tracker', label: 'debts.detail.back' };

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
  const current = useServerAnswer(query);
  const error = query.error as ApiError | undefined;

  if (query.isLoading) {
    return (
      <Loading className={styles.loading} testId="debt-loading">
        <SkeletonBlock />
        <SkeletonBlock height="20rem" />
      </Loading>
    );
  }
  if (query.data === undefined) {
    const notFound = error?.status === 404 || error?.code === 'debt_not_found';
    return (
      <Page>
        <BackLink {...BACK} />
        <PageTitle size="compact">
          <FormattedMessage id="page.debtDetail" />
        </PageTitle>
        {notFound ? (
          <Card as="div" role="alert" tone="error" testId="debt-not-found">
            <p className={styles.muted}>
              <FormattedMessage id="debts.detail.notFound" />
            </p>
          </Card>
        ) : (
          <QueryLoadError query={query} message="debts.detail.loadFailed" retry="debts.retry" testId="debt-error" />
        )}
      </Page>
    );
  }
  return <Detail debt={query.data} current={current} />;
}

/** Payment edits the page holds: an add starts empty; an edit is filled from the server's payment (`useOpenWhenCurrent`). */
type PaymentAdding = Extract<PaymentEditing, { readonly mode: 'add' }>;
type PaymentEdit = Extract<PaymentEditing, { readonly mode: 'edit' }>;

/**
 * `current`: the debt is the server's answer, not the device copy a page load paints first; the
 * edit dialogs start from the server's values, so they wait for it.
 */
function Detail({ debt, current }: { readonly debt: DebtDetail; readonly current: boolean }) {
  const intl = useIntl();
  const format = useFormat();
  const { locale } = useLocale();
  const { preferences } = usePreferences();
  const today = todayIn(preferences?.timeZone);
  const name = useDebtName()(debt);
  const actions = useDebtActions(debt, name);

  const editing = useOpenWhenCurrent(current, (): DebtDraft => draftOf(debt, locale));
  const [deleting, setDeleting] = useState(false);
  const [marking, setMarking] = useState<Marking>(null);
  // The wallet the installment being marked is paid from ('' for none).
  const [markWallet, setMarkWallet] = useState('');
  const markWalletId = useId();
  const [paymentAdding, setPaymentAdding] = useState<PaymentAdding | null>(null);
  const paymentEdit = useOpenWhenCurrent(current, (paymentId: string): PaymentEdit | undefined => {
    const payment = debt.payments.find((each) => each.paymentId === paymentId);
    if (payment === undefined) return undefined;
    const draft = {
      amount: amountInput(payment.amount, debt.currency, locale),
      date: payment.date,
      notes: payment.notes ?? '',
      walletId: payment.walletId ?? '',
    };
    return { mode: 'edit', payment, draft };
  });
  const paymentEditing: PaymentEditing = paymentAdding ?? paymentEdit.value ?? null;
  const closePayment = () => {
    setPaymentAdding(null);
    paymentEdit.close();
  };
  const [removingPayment, setRemovingPayment] = useState<DebtPaymentView | null>(null);
  const texts = confirmTexts(marking);

  return (
    <Page testId="debt-detail">
      <BackLink {...BACK} />
      <PageHeader
        align="start"
        heading={
          <div className={styles.actions}>
            <DebtIcon icon={debt.icon} color={debt.color} size={28} />
            <div>
              <PageTitle size="compact">{name}</PageTitle>
              <Inline>
                <Badge>
                  <FormattedMessage id={DEBT_TYPE_LABELS[debt.type]} />
                </Badge>
                <DebtStatusBadge status={debt.status} />
                {debt.paidOffAt !== null && (
                  <span className={styles.muted}>
                    <FormattedMessage id="debts.paidOffOn" values={{ date: format.longDate(debt.paidOffAt) }} />
                  </span>
                )}
              </Inline>
            </div>
          </div>
        }
        actions={
          <div className={styles.actions}>
            <button type="button" className={buttonClass('secondary')} onClick={() => editing.open(null)}>
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
        }
      />

      <div className={styles.grid}>
        <DebtProgressCard debt={debt} name={name} />
        <DebtTermsCard debt={debt} />
      </div>

      <PaymentsCard
        debt={debt}
        onAdd={() => {
          actions.startPayment();
          paymentEdit.close();
          setPaymentAdding({ mode: 'add', draft: { amount: '', date: today, notes: '', walletId: '' } });
        }}
        onEdit={(payment) => paymentEdit.open(payment.paymentId)}
        onDelete={setRemovingPayment}
      />

      <ScheduleCard
        debt={debt}
        today={today}
        onMark={(kind, row) => {
          setMarkWallet('');
          setMarking({ kind, row, skipped: kind === 'paid' ? rowsSkippedBy(debt.schedule, row) : [] });
        }}
      />

      <DebtHistorySection debtId={debt.id} />

      <WaitingDialog
        open={editing.waiting || paymentEdit.waiting}
        onClose={() => {
          editing.close();
          closePayment();
        }}
      />
      {editing.value !== undefined && (
        <DebtDialog
          open
          mode="edit"
          initial={editing.value}
          onSubmit={async (value) => {
            await actions.saveDebt(value);
            editing.close();
          }}
          onClose={editing.close}
        />
      )}
      {deleting && (
        <DeleteDebtDialog
          busy={actions.deleting}
          onConfirm={() => void actions.deleteDebt()}
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
          onSubmit={async (value) => {
            await actions.savePayment(value, paymentEditing.mode === 'edit' ? paymentEditing.payment : null);
            closePayment();
          }}
          onClose={closePayment}
        />
      )}
      <ConfirmDialog
        open={marking !== null}
        title={texts.title}
        body={texts.body}
        confirm={texts.confirm}
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
        onConfirm={() => {
          const current = marking;
          setMarking(null);
          if (current !== null)
            void actions.mark(current.kind, current.row, today, markWallet === '' ? null : markWallet);
        }}
        onCancel={() => setMarking(null)}
      >
        {marking?.kind === 'paid' && (
          <DebtWalletField
            id={markWalletId}
            label="debts.wallet.paidFrom"
            hint="debts.wallet.paidHint"
            currency={debt.currency}
            value={markWallet}
            onChange={setMarkWallet}
            startWithLastUsed
          />
        )}
      </ConfirmDialog>
      <ConfirmDialog
        open={removingPayment !== null}
        title="debts.paymentDelete.title"
        body="debts.paymentDelete.body"
        confirm="debts.paymentDelete.confirm"
        danger
        onConfirm={() => {
          const payment = removingPayment;
          setRemovingPayment(null);
          if (payment !== null) void actions.deletePayment(payment);
        }}
        onCancel={() => setRemovingPayment(null)}
      />
    </Page>
  );
}
