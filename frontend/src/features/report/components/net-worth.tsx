import { FormattedMessage, useIntl } from 'react-intl';
import { useNetWorthQuery } from '../../../lib/api/wallets';
import type { MessageId } from '../../../lib/messages';
import { Card } from '../../../ui/card/card';
import { QueryLoadError } from '../../../ui/load-error/load-error';
import { NetWorthChart, perCurrencyNet } from '../../../ui/net-worth/net-worth-chart';
import { OutOfRangeNote } from '../../../ui/out-of-range-note';
import { SkeletonBlock } from '../../../ui/skeleton/skeleton';
import { Stat, StatList, toneClass } from '../../../ui/stat/stat';
import { useMonthWriters } from '../../../ui/budget-status/use-month-writers';
import styles from '../reports.module.css';
import type { ReportPartProps } from './report-card';
import { netWorthDay } from '../net-worth-day';

/**
 * Net worth in the report: wallets, debts still owed and the difference at the end of the
 * report's month (as of its day), the change since the month before, and the last 12 month
 * ends as a chart and table.
 */
export function NetWorth({ data: report, asOf }: Pick<ReportPartProps, 'data'> & { readonly asOf: string | null }) {
  const intl = useIntl();
  const query = useNetWorthQuery({ asOf: netWorthDay(report.month, report.today, asOf) });
  const data = query.data;
  const write = useMonthWriters(data?.displayCurrency ?? report.currency);
  const say = (id: MessageId) => intl.formatMessage({ id });
  const title = <FormattedMessage id="reports.netWorth.title" />;
  if (data === undefined) {
    return (
      <Card title={title} testId="reports-net-worth" wide>
        {query.isError ? (
          <QueryLoadError query={query} message="reports.netWorth.error" retry="reports.error.retry" />
        ) : (
          <SkeletonBlock height="14rem" />
        )}
      </Card>
    );
  }
  const { current } = data;
  const before = data.months.at(-2);
  const change = before === undefined ? null : current.net - before.net;
  const recorded = perCurrencyNet(current, data.displayCurrency, write);
  const tone = (amount: number) => (amount < 0 ? toneClass.expense : undefined);
  return (
    <Card title={title} testId="reports-net-worth" wide>
      <p className={styles.muted}>
        <FormattedMessage id="reports.netWorth.lead" values={{ date: write.longDate(data.asOf) }} />
      </p>
      <StatList>
        <Stat label={<FormattedMessage id="reports.netWorth.assets" />} testId="reports-net-worth-assets">
          {write.money(current.assets)}
        </Stat>
        <Stat label={<FormattedMessage id="reports.netWorth.debts" />} testId="reports-net-worth-debts">
          {write.money(current.debts)}
        </Stat>
        <Stat
          label={<FormattedMessage id="reports.netWorth.net" />}
          className={tone(current.net)}
          testId="reports-net-worth-net"
          note={
            recorded === null
              ? undefined
              : intl.formatMessage({ id: 'reports.netWorth.asRecorded' }, { amounts: recorded })
          }
        >
          {write.money(current.net)}
        </Stat>
        {change !== null && (
          <Stat
            label={<FormattedMessage id="reports.netWorth.change" />}
            className={tone(change)}
            testId="reports-net-worth-change"
          >
            {change > 0 ? '+' : ''}
            {write.money(change)}
          </Stat>
        )}
      </StatList>
      <OutOfRangeNote outOfRange={data.outOfRange} />
      <NetWorthChart
        data={data}
        write={write}
        testId="reports-net-worth-chart"
        names={{
          title: say('reports.netWorth.chart'),
          month: say('reports.performance.month'),
          assets: say('reports.netWorth.assets'),
          debts: say('reports.netWorth.debts'),
          net: say('reports.netWorth.net'),
          showTable: say('reports.chart.showTable'),
          showChart: say('reports.chart.showChart'),
        }}
      />
    </Card>
  );
}
