import { ColumnHeads, type ColumnHead } from '../../../ui/table/table';
import type { Currency } from '@plenty/contracts/money';
import type { ScheduleRow } from '@plenty/contracts/loan-schedule';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { MessageId } from '../../../lib/messages';
import { useFormat } from '../../../lib/use-format';
import dialogForm from '../../../ui/dialog-form/dialog-form.module.css';
import styles from '../debts.module.css';
import type { SchedulePreview } from '../preview';

function Row({ row, currency }: { readonly row: ScheduleRow; readonly currency: Currency }) {
  const format = useFormat();
  const money = (amount: number) => format.money({ amount, currency });
  return (
    <tr data-testid="preview-row">
      <td>{format.number(row.number)}</td>
      <td className={styles.start}>{format.longDate(row.dueDate)}</td>
      <td>{money(row.amount)}</td>
      <td>{money(row.principal)}</td>
      <td>{money(row.interest)}</td>
      <td>{money(row.balance)}</td>
    </tr>
  );
}

/** The ready preview's figures: each one's term, test id and value, in the order they are read. */
function figures(
  preview: Extract<SchedulePreview, { kind: 'ready' }>,
  money: (amount: number) => string,
  longDate: (date: string) => string,
): readonly { label: MessageId; testId: string; value: ReactNode }[] {
  return [
    { label: 'debts.preview.installment', testId: 'preview-installment', value: money(preview.installment) },
    {
      label: 'debts.field.termMonths',
      testId: 'preview-count',
      value: <FormattedMessage id="debts.months" values={{ count: preview.rowCount }} />,
    },
    { label: 'debts.totalInterest', testId: 'preview-interest', value: money(preview.totalInterest) },
    { label: 'debts.totalPayment', testId: 'preview-total', value: money(preview.totalPayment) },
    { label: 'debts.maturityDate', testId: 'preview-maturity', value: longDate(preview.maturityDate) },
  ];
}

/** The schedule the form's terms make, updated as the user types (announced politely). */
export function SchedulePreviewView({
  preview,
  currency,
}: {
  readonly preview: SchedulePreview;
  readonly currency: Currency;
}) {
  const intl = useIntl();
  const format = useFormat();
  const money = (amount: number) => format.money({ amount, currency });
  return (
    <section className={styles.preview} aria-labelledby="debt-preview-title" data-testid="schedule-preview">
      <h3 id="debt-preview-title" className={styles.previewTitle}>
        <FormattedMessage id="debts.preview.title" />
      </h3>
      <div aria-live="polite">
        {preview.kind === 'incomplete' && (
          <p className={styles.muted}>
            <FormattedMessage id="debts.preview.incomplete" />
          </p>
        )}
        {preview.kind === 'error' && (
          <p className={dialogForm.fieldError} data-testid="preview-error">
            <FormattedMessage id={preview.message} />
          </p>
        )}
        {preview.kind === 'ready' && (
          <dl className={styles.details}>
            {figures(preview, money, format.longDate).map((figure) => (
              <div key={figure.testId}>
                <dt>
                  <FormattedMessage id={figure.label} />
                </dt>
                <dd data-testid={figure.testId}>{figure.value}</dd>
              </div>
            ))}
          </dl>
        )}
      </div>
      {preview.kind === 'ready' && (
        <div
          className={styles.tableWrap}
          role="region"
          aria-label={intl.formatMessage({ id: 'debts.preview.caption' })}
          tabIndex={0}
        >
          <table className={styles.table}>
            <caption className="visually-hidden">{intl.formatMessage({ id: 'debts.preview.caption' })}</caption>
            <ScheduleHead />
            <tbody>
              {preview.firstRows.map((row) => (
                <Row key={row.number} row={row} currency={currency} />
              ))}
              {preview.lastRow !== null && (
                <>
                  {preview.lastRow.number > preview.firstRows.length + 1 && (
                    <tr className={styles.ellipsis} aria-hidden="true">
                      <td colSpan={6}>⋯</td>
                    </tr>
                  )}
                  <Row row={preview.lastRow} currency={currency} />
                </>
              )}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** Column headings shared by the preview and the debt's schedule. */
export function ScheduleHead({ withStatus = false }: { readonly withStatus?: boolean }) {
  const columns: ColumnHead[] = [
    { id: 'debts.schedule.number' },
    { id: 'debts.schedule.dueDate', start: true },
    { id: 'debts.schedule.amount' },
    { id: 'debts.schedule.principal' },
    { id: 'debts.schedule.interest' },
    { id: 'debts.schedule.balance' },
  ];
  if (withStatus) {
    columns.push({ id: 'debts.schedule.status', start: true }, { id: 'debts.schedule.actions', hidden: true });
  }
  return <ColumnHeads columns={columns} startClass={styles.start} />;
}
