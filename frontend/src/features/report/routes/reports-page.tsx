import { todayIn } from '@plenty/contracts/calendar/zone';
import type { Reports } from '@plenty/contracts/views/dashboard';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { loadFailedMessageId, type ApiError } from '../../../lib/api/api-error';
import { presetRange, rangeFromParams, type DateRange } from '../../../lib/date-range';
import type { MessageId } from '../../../lib/messages';
import { usePreferences } from '../../../lib/preferences';
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
import { useReportsQuery, useReportsRangeQuery } from '../api';
import { CategoryBudgets } from '../components/category-budgets';
import { ModeSelect, RangeControls } from '../components/range-controls';
import { RangeReportView } from '../components/range-report';
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

/** The codes with which the server refuses a range: said next to the range's fields. */
const RANGE_CODES = new Set(['date_range_invalid', 'date_range_too_long', 'date_invalid', 'field_invalid']);

function rangeRefusal(error: unknown): MessageId | null {
  if (typeof error !== 'object' || error === null || !('code' in error) || !('messageId' in error)) return null;
  const { code, messageId } = error as ApiError;
  return RANGE_CODES.has(code) ? messageId : null;
}

/** The report's period in the address: `?from=&to=` for a range, else the month view's `?month=&asOf=`. */
function useReportRange() {
  const [params, setParams] = useSearchParams();
  const range = rangeFromParams(params);
  const setRange = (next: DateRange | null) =>
    setParams(
      (previous) => {
        const updated = new URLSearchParams(previous);
        updated.delete('month');
        updated.delete('asOf');
        updated.delete('from');
        updated.delete('to');
        if (next !== null) {
          updated.set('from', next.from);
          updated.set('to', next.to);
        }
        return updated;
      },
      { preventScrollReset: true },
    );
  return { range, setRange };
}

function ReportsContent() {
  usePageTitle('page.reports');
  const intl = useIntl();
  const { locale } = useLocale();
  const { preferences } = usePreferences();
  const today = todayIn(preferences?.timeZone);
  const { range, setRange } = useReportRange();
  const { query, data, asOf, refused, latest, month, setMonth, asOfPanel } = useMonthView((args) =>
    // eslint-disable-next-line react-hooks/rules-of-hooks -- always called, once per render, by useMonthView
    useReportsQuery(args, { skip: range !== null }),
  );
  const rangeQuery = useReportsRangeQuery(range ?? { from: today, to: today }, { skip: range === null });
  const rangeRefused = range === null || rangeQuery.isFetching ? null : rangeRefusal(rangeQuery.error);
  const rangeWrite = useMonthWriters(rangeQuery.currentData?.currency ?? 'LAK');
  const print = (
    <button type="button" className={`${buttonClass('secondary')} ${styles.print}`} onClick={() => window.print()}>
      <StrokeIcon size={18}>
        <path d="M6 9V3h12v6" />
        <rect x="6" y="14" width="12" height="7" rx="1" />
        <path d="M6 18H4a2 2 0 0 1-2-2v-5a2 2 0 0 1 2-2h16a2 2 0 0 1 2 2v5a2 2 0 0 1-2 2h-2" />
      </StrokeIcon>
      <FormattedMessage id="reports.print" />
    </button>
  );
  const mode = (
    <ModeSelect
      range={range !== null}
      onMonth={() => setRange(null)}
      onRange={() => setRange(presetRange('thisMonth', today))}
    />
  );

  if (range !== null) {
    const shown = rangeQuery.currentData;
    return (
      <Page>
        <PageHeader
          title={<FormattedMessage id="page.reports" />}
          lead={<FormattedMessage id="reports.range.lead" />}
          actions={
            <div className={styles.tools}>
              {mode}
              {print}
            </div>
          }
        >
          <p className={styles.printMonth}>
            <FormattedMessage
              id="reports.range.period"
              values={{ from: rangeWrite.longDate(range.from), to: rangeWrite.longDate(range.to) }}
            />
          </p>
        </PageHeader>
        <div className={styles.tools}>
          <RangeControls range={range} today={today} refused={rangeRefused} onChange={setRange} />
        </div>
        {shown !== undefined ? (
          <RangeReportView data={shown} write={rangeWrite} />
        ) : rangeRefused !== null ? null : (
          <ReportPending query={rangeQuery} title="reports.range.error.title" body="reports.range.error.body" />
        )}
      </Page>
    );
  }

  return (
    <Page>
      <PageHeader
        title={<FormattedMessage id="page.reports" />}
        lead={<FormattedMessage id="reports.lead" />}
        actions={
          <div className={styles.tools}>
            {mode}
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
            {print}
          </div>
        }
      >
        <p className={styles.printMonth}>{formatMonth(month, locale)}</p>
      </PageHeader>
      <AsOfPanel {...asOfPanel} />
      {data !== undefined ? (
        <Report data={data} asOf={asOf} />
      ) : refused ? null : (
        <ReportPending query={query} title="reports.error.title" body="reports.error.body" />
      )}
    </Page>
  );
}

/** Until a report is read: its error with a way to try again once the query has failed, else the cards' skeletons. */
function ReportPending({
  query,
  title,
  body,
}: {
  readonly query: {
    readonly isError: boolean;
    readonly isFetching: boolean;
    readonly error?: unknown;
    readonly refetch: () => Promise<unknown>;
  };
  readonly title: MessageId;
  readonly body: MessageId;
}) {
  if (query.isError && !query.isFetching) {
    return (
      <LoadError
        title={title}
        message={loadFailedMessageId(query.error, body)}
        retry="reports.error.retry"
        onRetry={() => void query.refetch()}
        testId="reports-error"
      />
    );
  }
  return (
    <Loading className={styles.loading} testId="reports-loading">
      {[0, 1, 2].map((key) => (
        <SkeletonBlock key={key} height="12rem" />
      ))}
    </Loading>
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
      <CategoryBudgets data={data} write={write} />
      <CategoryBreakdown data={data} write={write} />
      <HighSpending data={data} write={write} />
      <Performance data={data} write={write} month={data.month} />
      <NetWorth data={data} asOf={asOf} />
      <Insights data={data} write={write} />
    </div>
  );
}
