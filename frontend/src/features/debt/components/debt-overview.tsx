import type { DebtDetail } from '@plenty/contracts/views/debts';
import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { MessageId } from '../../../lib/messages';
import { useFormat } from '../../../lib/use-format';
import { Card } from '../../../ui/card/card';
import { TermList } from '../../../ui/stat/stat';
import styles from '../debts.module.css';
import { DEBT_TYPE_LABELS } from '../labels';
import { DebtProgressBar, wholePercent } from './debt-progress';

/** How much of the debt is repaid: the bar, what is repaid, owed and still to pay, and the installments. */
export function DebtProgressCard({ debt, name }: { readonly debt: DebtDetail; readonly name: string }) {
  const format = useFormat();
  const owedId = useId();
  const money = (amount: number) => format.money({ amount, currency: debt.currency });
  const percent = wholePercent(debt.progress.percent);
  const figures: readonly { key: string; label: MessageId; value: string; describedBy?: string }[] = [
    {
      key: 'repaid',
      label: 'debts.detail.repaid',
      value: `${money(debt.progress.repaid)} · ${format.number(percent)}%`,
    },
    {
      key: 'outstanding',
      label: 'debts.detail.outstanding',
      value: money(debt.progress.outstanding),
      describedBy: owedId,
    },
    { key: 'remaining-payment', label: 'debts.detail.remainingPayment', value: money(debt.totals.remainingPayment) },
    { key: 'total-interest', label: 'debts.totalInterest', value: money(debt.totals.totalInterest) },
    { key: 'total-payment', label: 'debts.totalPayment', value: money(debt.totals.totalPayment) },
  ];
  return (
    <Card title={<FormattedMessage id="debts.detail.progress" />} gap="medium">
      <DebtProgressBar name={name} debt={debt} />
      <TermList
        items={figures.map((figure) => ({
          key: figure.key,
          label: <FormattedMessage id={figure.label} />,
          value: figure.value,
          testId: `debt-${figure.key}`,
          describedBy: figure.describedBy,
        }))}
      />
      <p id={owedId} className={styles.muted} data-testid="debt-owed-definition">
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
    </Card>
  );
}

/** The debt's terms: type, amounts, rate, installment, term, due day, lender and dates. */
export function DebtTermsCard({ debt }: { readonly debt: DebtDetail }) {
  const intl = useIntl();
  const format = useFormat();
  const money = (amount: number) => format.money({ amount, currency: debt.currency });
  const none = intl.formatMessage({ id: 'debts.detail.none' });
  const rate = format.number(Number(debt.annualRatePercent), debt.annualRatePercent.split('.')[1]?.length ?? 0);
  const terms: readonly { readonly label: MessageId; readonly value: string }[] = [
    { label: 'debts.field.type', value: intl.formatMessage({ id: DEBT_TYPE_LABELS[debt.type] }) },
    {
      label: 'debts.field.loanType',
      value: intl.formatMessage({ id: debt.loanType === 'emi' ? 'debts.loanType.emi' : 'debts.loanType.fixed' }),
    },
    { label: 'debts.field.initialAmount', value: money(debt.initialAmount) },
    { label: 'debts.field.currentAmount', value: money(debt.currentAmount) },
    { label: 'debts.detail.rate', value: intl.formatMessage({ id: 'debts.detail.ratePerYear' }, { rate }) },
    { label: 'debts.preview.installment', value: money(debt.installment) },
    { label: 'debts.field.termMonths', value: intl.formatMessage({ id: 'debts.months' }, { count: debt.termMonths }) },
    {
      label: 'debts.field.dueDay',
      value: intl.formatMessage({ id: 'debts.detail.dueDayValue' }, { day: format.number(debt.paymentDueDay) }),
    },
    {
      label: 'debts.detail.minimumPayment',
      value: debt.minimumPayment === null ? none : money(debt.minimumPayment),
    },
    { label: 'debts.detail.lender', value: debt.lender ?? none },
    { label: 'debts.field.openDate', value: format.longDate(debt.openDate) },
    { label: 'debts.field.startDate', value: format.longDate(debt.startDate) },
    { label: 'debts.maturityDate', value: debt.maturityDate === null ? none : format.longDate(debt.maturityDate) },
  ];
  return (
    <Card title={<FormattedMessage id="debts.detail.details" />} gap="medium">
      <TermList
        items={terms.map((term) => ({
          key: term.label,
          label: <FormattedMessage id={term.label} />,
          value: term.value,
        }))}
      />
      {debt.description !== null && <p className={styles.muted}>{debt.description}</p>}
    </Card>
  );
}
