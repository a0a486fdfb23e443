import type { TransactionType } from '@plenty/contracts/categories';
import type { Currency } from '@plenty/contracts/money';
import type { Dashboard } from '@plenty/contracts/views/dashboard';
import { FormattedMessage, useIntl } from 'react-intl';
import type { MessageId } from '../../../lib/messages';
import type { MonthWriters } from '../../../ui/budget-status/use-month-writers';
import { OutOfRangeNote } from '../../../ui/out-of-range-note';
import { StatCard, StatCards, statNoteClass, toneClass } from '../../../ui/stat/stat';

type Kind = TransactionType;

/** Amounts recorded in other currencies than the display one, of one kind, as recorded. */
function originals(data: Dashboard, kind: Kind, write: MonthWriters): string[] {
  const foreign = data.perCurrency.filter((row) => row[kind] > 0);
  if (!foreign.some((row) => row.currency !== data.currency)) return [];
  return foreign.map((row) => write.moneyIn(row[kind], row.currency));
}

function Conversion({
  amounts,
  currency,
  ratesDate,
  write,
}: {
  readonly amounts: readonly string[];
  readonly currency: Currency;
  readonly ratesDate: string | null;
  readonly write: MonthWriters;
}) {
  if (amounts.length === 0) return null;
  const values = { amounts: amounts.join(' + '), currency };
  return (
    <p className={statNoteClass}>
      {ratesDate === null ? (
        <FormattedMessage id="dashboard.totals.convertedOwnRates" values={values} />
      ) : (
        <FormattedMessage id="dashboard.totals.converted" values={{ ...values, date: write.longDate(ratesDate) }} />
      )}
    </p>
  );
}

const CARDS: readonly { readonly kind: Kind | 'balance'; readonly label: MessageId }[] = [
  { kind: 'income', label: 'dashboard.totals.income' },
  { kind: 'expense', label: 'dashboard.totals.expense' },
  { kind: 'balance', label: 'dashboard.totals.balance' },
];

/** Total income, expenses and balance of the month in the display currency. */
export function Summary({ data, write }: { readonly data: Dashboard; readonly write: MonthWriters }) {
  const intl = useIntl();
  const mixed = data.perCurrency.some((row) => row.currency !== data.currency);
  return (
    <>
      <StatCards label={intl.formatMessage({ id: 'dashboard.totals.title' })}>
        {CARDS.map((card) => {
          const amount =
            card.kind === 'income'
              ? data.totals.income
              : card.kind === 'expense'
                ? data.totals.expense
                : data.totals.balance;
          const tone = card.kind === 'expense' || amount < 0 ? toneClass.expense : toneClass.income;
          return (
            <StatCard
              key={card.kind}
              label={<FormattedMessage id={card.label} />}
              mark={card.kind === 'income' ? '↑' : card.kind === 'expense' ? '↓' : '='}
              tone={tone}
              figure={write.money(amount)}
              testId={`total-${card.kind}`}
              figureTestId={`total-${card.kind}-value`}
              note={
                card.kind === 'balance' ? (
                  mixed && (
                    <p className={statNoteClass}>
                      {data.ratesDate === null ? (
                        <FormattedMessage id="dashboard.totals.ownRates" values={{ currency: data.currency }} />
                      ) : (
                        <FormattedMessage
                          id="dashboard.totals.ratesOf"
                          values={{ currency: data.currency, date: write.longDate(data.ratesDate) }}
                        />
                      )}
                    </p>
                  )
                ) : (
                  <Conversion
                    amounts={originals(data, card.kind, write)}
                    currency={data.currency}
                    ratesDate={data.ratesDate}
                    write={write}
                  />
                )
              }
            />
          );
        })}
      </StatCards>
      <OutOfRangeNote outOfRange={data.outOfRange} />
    </>
  );
}
