import type { CategoryShare, Reports } from '@plenty/contracts/views/dashboard';
import { useId, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { wordInsight } from '../../../lib/insights';
import { LocalizedLink } from '../../../lib/localized-link';
import type { MessageId } from '../../../lib/messages';
import { formatMonth, monthOf, monthOfDate } from '../../../lib/month';
import { usePageTitle } from '../../../lib/use-page-title';
import { useLocale } from '../../../lib/use-locale';
import { withPageMessages, type PageMessageLoaders } from '../../../lib/with-page-messages';
import { AsOfPanel, isAsOfRefused, useAsOfParam } from '../../../ui/as-of/as-of';
import { BudgetStatusBadge, budgetStatusTone, BUDGET_STATUS_LABELS } from '../../../ui/budget-status/budget-status';
import { useMonthWriters, type MonthWriters } from '../../../ui/budget-status/use-month-writers';
import { buttonClass } from '../../../ui/button';
import { CategoryChip } from '../../../ui/category-form/category-chip';
import { ChartFigure, LazyBarChart } from '../../../ui/chart/chart-figure';
import { MonthPicker, useMonthParam } from '../../../ui/month-picker/month-picker';
import { OutOfRangeNote } from '../../../ui/out-of-range-note';
import { useReportsQuery } from '../api';
import styles from '../reports.module.css';
import { loadFailedMessageId } from '../../../lib/api/api-error';
import { StrokeIcon } from '../../../ui/icon/stroke-icon';

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
  const { asked, setMonth } = useMonthParam();
  const { asOf, setAsOf, todaySearch } = useAsOfParam();
  const query = useReportsQuery({ month: asked, asOf });
  const data = query.currentData;
  // In the past, the latest month is the past day's.
  const latest =
    asOf !== null ? monthOfDate(asOf) : query.data === undefined ? monthOf() : monthOfDate(query.data.today);
  const refused = isAsOfRefused(query.error) && !query.isFetching;
  const month = data?.month ?? asked ?? latest;

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <div>
          <h1 id="page-title" className={styles.title}>
            <FormattedMessage id="page.reports" />
          </h1>
          <p className={styles.lead}>
            <FormattedMessage id="reports.lead" />
          </p>
          <p className={styles.printMonth}>{formatMonth(month, locale)}</p>
        </div>
        <div className={styles.tools}>
          <MonthPicker
            month={month}
            latest={latest}
            onChange={(next) => setMonth(next, latest)}
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
      </header>
      <AsOfPanel
        asOf={asOf}
        todaySearch={todaySearch}
        onChange={setAsOf}
        loading={query.isFetching && data === undefined}
        refused={refused}
      />
      {data !== undefined ? (
        <Report data={data} />
      ) : refused ? null : query.isError && !query.isFetching ? (
        <div className={`${styles.card} ${styles.error}`} role="alert" data-testid="reports-error">
          <h2 className={styles.cardTitle}>
            <FormattedMessage id="reports.error.title" />
          </h2>
          <p className={styles.muted}>
            <FormattedMessage id={loadFailedMessageId(query.error, 'reports.error.body')} />
          </p>
          <button type="button" className={buttonClass('secondary')} onClick={() => void query.refetch()}>
            <FormattedMessage id="reports.error.retry" />
          </button>
        </div>
      ) : (
        <div className={styles.loading} role="status" aria-busy="true" data-testid="reports-loading">
          <span className="visually-hidden">
            <FormattedMessage id="common.loading" />
          </span>
          {[0, 1, 2].map((key) => (
            <div key={key} className={`${styles.card} ${styles.skeleton}`} aria-hidden="true" />
          ))}
        </div>
      )}
    </div>
  );
}

function Report({ data }: { readonly data: Reports }) {
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
      <Insights data={data} write={write} />
    </div>
  );
}

function Card({
  title,
  children,
  testId,
  wide = false,
}: {
  readonly title: string;
  readonly children: ReactNode;
  readonly testId: string;
  readonly wide?: boolean;
}) {
  const headingId = useId();
  return (
    <section
      className={wide ? `${styles.card} ${styles.wide}` : styles.card}
      aria-labelledby={headingId}
      data-testid={testId}
    >
      <h2 id={headingId} className={styles.cardTitle}>
        {title}
      </h2>
      {children}
    </section>
  );
}

function Overview({ data, write }: { readonly data: Reports; readonly write: MonthWriters }) {
  const intl = useIntl();
  const { budget } = data;
  const percent = budget.percentUsed ?? 0;
  return (
    <Card title={intl.formatMessage({ id: 'reports.overview.title' })} testId="reports-overview">
      <BudgetStatusBadge status={budget.status} />
      {budget.status === 'no_data' ? (
        <p className={styles.muted} data-testid="budget-no-data">
          <FormattedMessage id="dashboard.budget.noData" />
        </p>
      ) : budget.limit === null ? (
        <>
          <p className={styles.muted}>
            <FormattedMessage id="reports.overview.noBudget" values={{ spent: write.money(budget.spent) }} />
          </p>
          <LocalizedLink to="/dashboard/settings?tab=preferences" className={styles.inlineAction}>
            <FormattedMessage id="reports.overview.setBudget" />
          </LocalizedLink>
        </>
      ) : (
        <>
          <p className={styles.figureLine}>
            <FormattedMessage
              id="reports.overview.spentOf"
              values={{
                spent: <strong className={styles.figure}>{write.money(budget.spent)}</strong>,
                limit: write.money(budget.limit),
              }}
            />
          </p>
          <div
            className={`${styles.progress} ${budgetStatusTone(budget.status)}`}
            role="progressbar"
            aria-label={intl.formatMessage({ id: 'reports.overview.used' }, { percent: write.percent(percent) })}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.min(100, Math.floor(percent / 100))}
            aria-valuetext={intl.formatMessage(
              { id: 'reports.overview.progressText' },
              {
                percent: write.percent(percent),
                status: intl.formatMessage({ id: BUDGET_STATUS_LABELS[budget.status] }),
              },
            )}
          >
            <span className={styles.progressFill} style={{ width: `${Math.min(100, percent / 100)}%` }} />
          </div>
          <p className={styles.muted}>
            <FormattedMessage id="reports.overview.used" values={{ percent: write.percent(percent) }} />
          </p>
        </>
      )}
      <dl className={styles.pairs}>
        <div>
          <dt>
            <FormattedMessage id="reports.income" />
          </dt>
          <dd className={styles.income}>{write.money(data.totals.income)}</dd>
        </div>
        <div>
          <dt>
            <FormattedMessage id="reports.expense" />
          </dt>
          <dd className={styles.expense}>{write.money(data.totals.expense)}</dd>
        </div>
        <div>
          <dt>
            <FormattedMessage id="reports.dailyAverage" />
          </dt>
          <dd>{write.money(budget.dailyAverage)}</dd>
        </div>
      </dl>
    </Card>
  );
}

function NetIncome({ data, write }: { readonly data: Reports; readonly write: MonthWriters }) {
  const intl = useIntl();
  const positive = data.netIncome >= 0;
  return (
    <Card title={intl.formatMessage({ id: 'reports.netIncome.title' })} testId="reports-net-income">
      <p className={`${styles.bigFigure} ${positive ? styles.income : styles.expense}`} data-testid="net-income-value">
        {write.money(data.netIncome)}
      </p>
      {data.count > 0 && (
        <p className={styles.muted}>
          <FormattedMessage
            id={positive ? 'reports.netIncome.kept' : 'reports.netIncome.short'}
            values={{ amount: write.money(Math.abs(data.netIncome)) }}
          />
        </p>
      )}
      <p className={styles.muted}>
        <FormattedMessage id="reports.transactions" values={{ count: data.count }} />
      </p>
    </Card>
  );
}

function DaysRemaining({ data, write }: { readonly data: Reports; readonly write: MonthWriters }) {
  const intl = useIntl();
  const { budget } = data;
  const perDay =
    budget.remaining !== null && budget.remaining > 0 && data.daysRemaining > 0
      ? Math.floor(budget.remaining / data.daysRemaining)
      : null;
  return (
    <Card title={intl.formatMessage({ id: 'reports.daysRemaining.title' })} testId="reports-days-remaining">
      <p className={styles.bigFigure} data-testid="days-remaining-value">
        <FormattedMessage id="reports.daysRemaining.value" values={{ count: data.daysRemaining }} />
      </p>
      <p className={styles.muted}>
        {budget.daysElapsed === 0 ? (
          <FormattedMessage id="reports.daysRemaining.future" />
        ) : data.daysRemaining === 0 ? (
          <FormattedMessage id="reports.daysRemaining.over" />
        ) : perDay !== null ? (
          <FormattedMessage id="reports.daysRemaining.perDay" values={{ amount: write.money(perDay) }} />
        ) : budget.spent === 0 ? (
          <FormattedMessage id="reports.daysRemaining.nothingYet" />
        ) : (
          <FormattedMessage
            id="reports.daysRemaining.projected"
            values={{ amount: write.money(budget.projectedTotal) }}
          />
        )}
      </p>
    </Card>
  );
}

function ShareList({
  items,
  write,
  tone,
}: {
  readonly items: readonly CategoryShare[];
  readonly write: MonthWriters;
  readonly tone: 'income' | 'expense';
}) {
  if (items.length === 0) {
    return (
      <p className={styles.muted}>
        <FormattedMessage id="reports.categories.none" />
      </p>
    );
  }
  return (
    <ul className={styles.shares}>
      {items.map((item) => (
        <li key={item.categoryId} className={styles.share}>
          <CategoryChip
            icon={write.categoryIcon(item.categoryId)}
            color={write.categoryColor(item.categoryId)}
            size="small"
          />
          <span className={styles.shareMain}>
            <span className={styles.shareName}>
              <span className={styles.ellipsis}>{write.category(item.categoryId)}</span>
              <span className={styles.shareCount}>
                <FormattedMessage id="reports.transactions.short" values={{ count: item.count }} />
              </span>
            </span>
            <span className={styles.shareBar} aria-hidden="true">
              <span
                className={`${styles.shareFill} ${styles[tone]}`}
                style={{ width: `${Math.max(1, item.share / 100)}%`, background: write.categoryColor(item.categoryId) }}
              />
            </span>
          </span>
          <span className={styles.shareFigures}>
            <span className={styles.shareAmount}>{write.money(item.amount)}</span>
            <span className={styles.sharePercent}>{write.percent(item.share)}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}

function CategoryBreakdown({ data, write }: { readonly data: Reports; readonly write: MonthWriters }) {
  const intl = useIntl();
  return (
    <Card title={intl.formatMessage({ id: 'reports.categories.title' })} testId="reports-categories" wide>
      <div className={styles.columns}>
        <div>
          <h3 className={styles.subTitle}>
            <FormattedMessage id="reports.expense" />
          </h3>
          <ShareList items={data.categoryBreakdown.expense} write={write} tone="expense" />
        </div>
        <div>
          <h3 className={styles.subTitle}>
            <FormattedMessage id="reports.income" />
          </h3>
          <ShareList items={data.categoryBreakdown.income} write={write} tone="income" />
        </div>
      </div>
    </Card>
  );
}

function HighSpending({ data, write }: { readonly data: Reports; readonly write: MonthWriters }) {
  const intl = useIntl();
  return (
    <Card title={intl.formatMessage({ id: 'reports.high.title' })} testId="reports-high-spending" wide>
      {data.highSpending.length === 0 ? (
        <p className={styles.muted}>
          <FormattedMessage id="reports.high.none" />
        </p>
      ) : (
        <div
          className={styles.tableWrap}
          role="region"
          aria-label={intl.formatMessage({ id: 'reports.high.title' })}
          tabIndex={0}
        >
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">
                  <FormattedMessage id="reports.high.date" />
                </th>
                <th scope="col">
                  <FormattedMessage id="reports.high.category" />
                </th>
                <th scope="col" className={styles.hideNarrow}>
                  <FormattedMessage id="reports.high.note" />
                </th>
                <th scope="col" className={styles.number}>
                  <FormattedMessage id="reports.high.amount" />
                </th>
              </tr>
            </thead>
            <tbody>
              {data.highSpending.map((item) => (
                <tr key={item.id}>
                  <td className={styles.nowrap}>
                    <LocalizedLink to={`/dashboard/transactions?view=${encodeURIComponent(item.id)}`}>
                      {write.longDate(item.date)}
                    </LocalizedLink>
                  </td>
                  <td>{write.category(item.categoryId)}</td>
                  <td className={`${styles.hideNarrow} ${styles.note}`}>{item.note ?? ''}</td>
                  <td className={styles.number}>
                    {write.money(item.converted)}
                    {item.amount.currency !== data.currency && (
                      <span className={styles.original}>{write.moneyIn(item.amount.amount, item.amount.currency)}</span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}

function Performance({ data, write }: { readonly data: Reports; readonly write: MonthWriters }) {
  const intl = useIntl();
  const hasBudget = data.budgetPerformance.some((row) => row.limit !== null);
  const spent = intl.formatMessage({ id: 'reports.performance.spent' });
  const limit = intl.formatMessage({ id: 'reports.performance.limit' });
  const points = data.budgetPerformance.map((row) => ({
    label: write.shortMonth(row.month),
    key: row.month,
    spent: row.spent,
    limit: row.limit,
  }));
  return (
    <Card title={intl.formatMessage({ id: 'reports.performance.title' })} testId="reports-performance" wide>
      <p className={styles.muted}>
        <FormattedMessage id={hasBudget ? 'reports.performance.lead' : 'reports.performance.noBudget'} />
      </p>
      {points.every((point) => point.spent === 0) ? (
        <p className={styles.muted} data-testid="performance-no-data">
          <FormattedMessage id="reports.performance.noData" />
        </p>
      ) : (
        <ChartFigure
          title={intl.formatMessage({ id: 'reports.performance.chart' })}
          labels={{
            showTable: intl.formatMessage({ id: 'reports.chart.showTable' }),
            showChart: intl.formatMessage({ id: 'reports.chart.showChart' }),
          }}
          height={220}
          chart={
            <LazyBarChart
              data={points}
              height={220}
              series={[
                { key: 'spent', name: spent, color: 'var(--color-danger)' },
                ...(hasBudget ? [{ key: 'limit', name: limit, color: 'var(--color-info)' }] : []),
              ]}
              formatValue={write.money}
              formatTick={write.tick}
            />
          }
          table={{
            headers: [intl.formatMessage({ id: 'reports.performance.month' }), spent, ...(hasBudget ? [limit] : [])],
            rows: points.map((point) => ({
              key: point.key,
              label: write.monthName(point.key),
              cells: [
                write.money(point.spent),
                ...(hasBudget ? [point.limit === null ? '—' : write.money(point.limit)] : []),
              ],
            })),
          }}
        />
      )}
      <div
        className={styles.tableWrap}
        role="region"
        aria-label={intl.formatMessage({ id: 'reports.performance.title' })}
        tabIndex={0}
      >
        <table className={styles.table} data-testid="performance-table">
          <caption className="visually-hidden">
            <FormattedMessage id="reports.performance.title" />
          </caption>
          <thead>
            <tr>
              <th scope="col">
                <FormattedMessage id="reports.performance.month" />
              </th>
              <th scope="col" className={styles.number}>
                {spent}
              </th>
              <th scope="col" className={`${styles.number} ${styles.hideNarrow}`}>
                {limit}
              </th>
              <th scope="col" className={`${styles.number} ${styles.hideNarrow}`}>
                <FormattedMessage id="reports.performance.used" />
              </th>
              <th scope="col">
                <FormattedMessage id="reports.performance.status" />
              </th>
            </tr>
          </thead>
          <tbody>
            {data.budgetPerformance.map((row) => (
              <tr key={row.month} aria-current={row.month === data.month ? 'true' : undefined}>
                <th scope="row" className={styles.rowHeader}>
                  {write.monthName(row.month)}
                </th>
                <td className={styles.number}>{write.money(row.spent)}</td>
                <td className={`${styles.number} ${styles.hideNarrow}`}>
                  {row.limit === null ? '—' : write.money(row.limit)}
                </td>
                <td className={`${styles.number} ${styles.hideNarrow}`}>
                  {row.percentUsed === null ? '—' : write.percent(row.percentUsed)}
                </td>
                <td>
                  <BudgetStatusBadge status={row.status} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
}

const TONE_LABELS: Record<'positive' | 'warning' | 'neutral', MessageId> = {
  positive: 'dashboard.insights.tone.positive',
  warning: 'dashboard.insights.tone.warning',
  neutral: 'dashboard.insights.tone.neutral',
};
const TONE_SYMBOLS = { positive: '✓', warning: '!', neutral: 'i' } as const;

function Insights({ data, write }: { readonly data: Reports; readonly write: MonthWriters }) {
  const intl = useIntl();
  return (
    <Card title={intl.formatMessage({ id: 'reports.insights.title' })} testId="reports-insights" wide>
      <ul className={styles.insights}>
        {data.insights.map((insight, index) => {
          const wording = wordInsight(insight, write.insight);
          return (
            <li key={`${insight.kind}-${index}`} className={styles.insight}>
              <span className={`${styles.insightMark} ${styles[wording.tone]}`} aria-hidden="true">
                {TONE_SYMBOLS[wording.tone]}
              </span>
              <span className={styles.insightText}>
                <span>
                  <span className="visually-hidden">
                    <FormattedMessage id={TONE_LABELS[wording.tone]} />{' '}
                  </span>
                  <FormattedMessage id={wording.text.id} values={wording.text.values} />
                </span>
                <span className={styles.insightTip}>
                  <strong>
                    <FormattedMessage id="dashboard.insights.tip" />
                  </strong>{' '}
                  <FormattedMessage id={wording.tip.id} values={wording.tip.values} />
                </span>
              </span>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
