import type { Dashboard } from '@plenty/contracts/views/dashboard';
import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSelector } from 'react-redux';
import type { AuthState } from '../../../lib/auth/auth-slice';
import { formatMonth } from '../../../lib/month';
import { usePageTitle } from '../../../lib/use-page-title';
import { useLocale } from '../../../lib/use-locale';
import { AsOfPanel } from '../../../ui/as-of/as-of';
import { useMonthView } from '../../../ui/as-of/use-month-view';
import { useMonthWriters } from '../../../ui/budget-status/use-month-writers';
import { MonthPicker } from '../../../ui/month-picker/month-picker';
import { Card, SectionTitle } from '../../../ui/card/card';
import { LoadError } from '../../../ui/load-error/load-error';
import { Page, PageHeader } from '../../../ui/page/page';
import { Loading, SkeletonBlock } from '../../../ui/skeleton/skeleton';
import { statCardsClass } from '../../../ui/stat/stat';
import { useDashboardQuery } from '../api';
import { BudgetCard } from '../components/budget-card';
import { CategoryBudgetsCard } from '../components/category-budgets-card';
import { SpendingPaceChart } from '../components/charts';
import { Summary } from '../components/summary';
import { ReminderStrip } from '../components/reminder-strip';
import { QuickActions } from '../components/tips';
import { UpcomingCard } from '../components/upcoming-card';
import styles from '../dashboard.module.css';
import { loadFailedMessageId } from '../../../lib/api/api-error';
import { deferredModule, useAfterFirstPaint } from '../../../app/after-first-paint';

/**
 * The rest of the dashboard (dashboard-more.tsx: wallets, the year's charts, recent entries,
 * tips, goals, the device's adds waiting to sync). The first cards (the month's totals, its
 * budget and pace, the category budgets) paint without it; it is downloaded and evaluated once
 * they are on screen, so a repeat visit's first paint does not wait for its code.
 */
export const dashboardMore = deferredModule(() => import('./dashboard-more'));

export function DashboardPage() {
  usePageTitle('page.dashboard');
  const intl = useIntl();
  const user = useSelector((state: { auth: AuthState }) => state.auth.user);
  const name = user?.displayName ?? null;
  const { query, data, asOf, latest, refused, month, setMonth, asOfPanel } = useMonthView(useDashboardQuery);
  const trackerId = useId();

  return (
    <Page>
      <PageHeader
        title={<FormattedMessage id="page.dashboard" />}
        lead={
          name === null ? (
            <FormattedMessage id="dashboard.lead" />
          ) : (
            <FormattedMessage id="dashboard.welcome" values={{ name }} />
          )
        }
        actions={<QuickActions asOf={asOf} />}
      />
      {/* Reminders and what is coming are today's: a past day shows neither. */}
      {asOf === null && <ReminderStrip />}
      <AsOfPanel {...asOfPanel} />
      {asOf === null && <UpcomingCard />}

      <section className={styles.tracker} aria-labelledby={trackerId}>
        <div className={styles.trackerHeader}>
          <SectionTitle id={trackerId}>
            <FormattedMessage id="dashboard.tracker.title" />
          </SectionTitle>
          <MonthPicker
            month={month}
            latest={latest}
            onChange={setMonth}
            labels={{
              previous: intl.formatMessage({ id: 'dashboard.month.previous' }),
              next: intl.formatMessage({ id: 'dashboard.month.next' }),
              input: intl.formatMessage({ id: 'dashboard.month.input' }),
            }}
          />
        </div>
        {data !== undefined ? (
          <Content data={data} latest={latest} asOf={asOf} />
        ) : refused ? null : query.isError && !query.isFetching ? (
          <LoadError
            title="dashboard.error.title"
            message={loadFailedMessageId(query.error, 'dashboard.error.body')}
            retry="dashboard.error.retry"
            onRetry={() => void query.refetch()}
            testId="dashboard-error"
          />
        ) : (
          <Skeleton />
        )}
      </section>
    </Page>
  );
}

/**
 * The month's figures: its first cards at once, the rest (`dashboardMore`) once they are
 * painted, in a space of its size held meanwhile. In the past (`asOf`) nothing can be added.
 */
function Content({
  data,
  latest,
  asOf,
}: {
  readonly data: Dashboard;
  readonly latest: string;
  readonly asOf: string | null;
}) {
  const write = useMonthWriters(data.currency);
  const { locale } = useLocale();
  const more = useAfterFirstPaint(dashboardMore, true);
  const past = asOf !== null;
  const mayBeNew = data.count === 0 && data.recent.length === 0 && !past;
  const isCurrentMonth = data.month === latest;
  const figures = (
    <div className={styles.content} data-testid="dashboard-content" data-today={data.today}>
      {data.count === 0 && (
        <p className={styles.quietMonth} role="status">
          <FormattedMessage id="dashboard.emptyMonth" values={{ month: formatMonth(data.month, locale) }} />
        </p>
      )}
      <Summary data={data} write={write} />
      {!past && more !== null && <more.PendingLine month={data.month} />}
      <div className={styles.trackerGrid}>
        <BudgetCard budget={data.budget} write={write} isCurrentMonth={isCurrentMonth} />
        <Card>
          <SpendingPaceChart data={data} write={write} />
        </Card>
      </div>
      <CategoryBudgetsCard
        summary={data.categoryBudgets}
        month={data.month}
        isCurrentMonth={isCurrentMonth}
        write={write}
      />
      {more === null ? <MorePlaceholder past={past} /> : <more.MoreCards data={data} write={write} asOf={asOf} />}
    </div>
  );
  if (!mayBeNew) return figures;
  // A new user (nothing recorded, nothing waiting to sync: the outbox's commands are read by
  // dashboardMore) is welcomed instead.
  if (more === null) return <Skeleton />;
  return <more.NewUserOr data={data} write={write} otherwise={figures} />;
}

/**
 * The space of the cards below the first ones while their code loads: a card's height for each
 * row (wallets and net worth, the year's charts, recent entries and tips, the rule and goals).
 */
function MorePlaceholder({ past }: { readonly past: boolean }) {
  return (
    <Loading className={styles.content} testId="dashboard-more-loading">
      {['20rem', '24rem', '26rem', past ? '16rem' : '20rem'].map((height, row) => (
        <div key={row} className={styles.grid} aria-hidden="true">
          <SkeletonBlock height={height} />
          <SkeletonBlock height={height} />
        </div>
      ))}
    </Loading>
  );
}

function Skeleton() {
  return (
    <Loading className={styles.content} testId="dashboard-loading">
      <div className={statCardsClass} aria-hidden="true">
        {[0, 1, 2].map((key) => (
          <SkeletonBlock key={key} height="7rem" />
        ))}
      </div>
      <div className={styles.trackerGrid} aria-hidden="true">
        <SkeletonBlock height="15rem" />
        <SkeletonBlock height="15rem" />
      </div>
      <div className={styles.grid} aria-hidden="true">
        <SkeletonBlock height="20rem" />
        <SkeletonBlock height="20rem" />
      </div>
    </Loading>
  );
}
