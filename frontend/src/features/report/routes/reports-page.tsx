import type { Reports } from '@plenty/contracts/views/dashboard';
import { FormattedMessage, useIntl } from 'react-intl';
import { loadFailedMessageId } from '../../../lib/api/api-error';
import { formatMonth } from '../../../lib/month';
import { usePageTitle } from '../../../lib/use-page-title';
import { useLocale } from '../../../lib/use-locale';
import { withPageMessages, type PageMessageLoaders } from '../../../lib/with-page-messages';
import { AsOfPanel } from '../../../ui/as-of/as-of';
import { useMonthView } from '../../../ui/as-of/use-month-view';
import { useMonthWriters } from '../../../ui/budget-status/use-month-writers';
import { buttonClass } from '../../../ui/button';
import { StrokeIcon } from '../../../ui/icon/stroke-icon';
import { LoadError } from '../../../ui/load-error/load-error';
import { MonthPicker } from '../../../ui/month-picker/month-picker';
import { OutOfRangeNote } from '../../../ui/out-of-range-note';
import { Page, PageHeader } from '../../../ui/page/page';
import { Loading, SkeletonBlock } from '../../../ui/skeleton/skeleton';
import { useReportsQuery } from '../api';
import { CategoryBreakdown } from '../components/category-breakdown';
import { HighSpending } from '../components/high-spending';
import { Insights } from '../components/insights';
import { DaysRemaining, NetIncome, Overview } from '../components/overview';
import { Performance } from '../components/performance';
import { NetWorth } from '../components/net-worth';
import styles from '../reports.module.css';

/** The reports' texts ship with this page, not with the app's first download. */
const reportsMessages: PageMessageLoaders = {
  en: () => import('virtual:plenty-reports-messages/en'),
  th: () => import('virtual:plenty-reports-messages/th'),
  lo: () => import('virtual:plenty-reports-messages/lo'),
};

export const ReportsPage = withPageMessages(reportsMessages, ReportsContent);

function ReportsContent() {
  usePageTitle('page.reports');
  const intl = useIntl();
  const { locale } = useLocale();
  const { query, data, asOf, latest, refused, month, setMonth, asOfPanel } = useMonthView(useReportsQuery);

  return (
    <Page>
      <PageHeader
        title={<FormattedMessage id="page.reports" />}
        lead={<FormattedMessage id="reports.lead" />}
        actions={
          <div className={styles.tools}>
            <MonthPicker
              month={month}
              latest={latest}
              onChange={setMonth}
              labels={{
                previous: intl.formatMessage({ id: 'reports.month.previous' }),
                next: intl.formatMessage({ id: 'reports.month.next' }),
                input: intl.formatMessage({ id: 'reports.month.input' }),
              }}
            />
            <button
              type="button"
              className={`${buttonClass('secondary')} ${styles.print}`}
              onClick={() => window.print()}
            >
              <StrokeIcon size={18}>
                <path d="M6 9V3h12v6" />
                <rect x="6" y="14" width="12" height="7" rx="1" />
                <path d="M6 18H4a2 2 0 0 1-2-2v-5a2 2 0 0 1 2-2h16a2 2 0 0 1 2 2v5a2 2 0 0 1-2 2h-2" />
              </StrokeIcon>
              <FormattedMessage id="reports.print" />
            </button>
          </div>
        }
      >
        <p className={styles.printMonth}>{formatMonth(month, locale)}</p>
      </PageHeader>
      <AsOfPanel {...asOfPanel} />
      {data !== undefined ? (
        <Report data={data} asOf={asOf} />
      ) : refused ? null : query.isError && !query.isFetching ? (
        <LoadError
          title="reports.error.title"
          message={loadFailedMessageId(query.error, 'reports.error.body')}
          retry="reports.error.retry"
          onRetry={() => void query.refetch()}
          testId="reports-error"
        />
      ) : (
        <Loading className={styles.loading} testId="reports-loading">
          {[0, 1, 2].map((key) => (
            <SkeletonBlock key={key} height="12rem" />
          ))}
        </Loading>
      )}
    </Page>
  );
}

/** The month's report, card by card. */
function Report({ data, asOf }: { readonly data: Reports; readonly asOf: string | null }) {
  const write = useMonthWriters(data.currency);
  return (
    <div className={styles.content} data-testid="reports-content" data-month={data.month} data-today={data.today}>
      <OutOfRangeNote outOfRange={data.outOfRange} />
      <div className={styles.overview}>
        <Overview data={data} write={write} />
        <NetIncome data={data} write={write} />
        <DaysRemaining data={data} write={write} />
      </div>
      <CategoryBreakdown data={data} write={write} />
      <HighSpending data={data} write={write} />
      <Performance data={data} write={write} />
      <NetWorth data={data} asOf={asOf} />
      <Insights data={data} write={write} />
    </div>
  );
}
