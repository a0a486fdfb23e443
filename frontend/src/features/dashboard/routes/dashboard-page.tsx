import type { Dashboard } from '@plenty/contracts/views/dashboard';
import { useId, useMemo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSelector } from 'react-redux';
import type { AuthState } from '../../../lib/auth/auth-slice';
import { LocalizedLink } from '../../../lib/localized-link';
import { formatMonth } from '../../../lib/month';
import { usePageTitle } from '../../../lib/use-page-title';
import { useLocale } from '../../../lib/use-locale';
import { AsOfPanel } from '../../../ui/as-of/as-of';
import { useMonthView } from '../../../ui/as-of/use-month-view';
import { useMonthWriters, type MonthWriters } from '../../../ui/budget-status/use-month-writers';
import { buttonClass } from '../../../ui/button';
import { GoalsCard } from '../../../ui/goal/goals-card';
import { MonthPicker } from '../../../ui/month-picker/month-picker';
import { Reveal } from '../../../ui/reveal';
import { Card, cardClass, SectionTitle } from '../../../ui/card/card';
import { LoadError } from '../../../ui/load-error/load-error';
import { Page, PageHeader } from '../../../ui/page/page';
import { Loading, SkeletonBlock } from '../../../ui/skeleton/skeleton';
import { statCardsClass } from '../../../ui/stat/stat';
import { useDashboardQuery } from '../api';
import { BudgetCard } from '../components/budget-card';
import { CategoryBudgetsCard } from '../components/category-budgets-card';
import { CategoryChart, MonthlyChart, SpendingPaceChart } from '../components/charts';
import { RecentTransactions } from '../components/recent';
import { monthRange, pendingSums } from '../../../lib/outbox/pending';
import { PendingTotalsLine, usePendingAdds, usePendingEntries } from '../../../ui/pending/pending';
import { Summary } from '../components/summary';
import { ReminderStrip } from '../components/reminder-strip';
import { InsightCard, QuickActions, RuleCard } from '../components/tips';
import { UpcomingCard } from '../components/upcoming-card';
import { NetWorthCard, WalletsCard } from '../components/wallets';
import styles from '../dashboard.module.css';
import { loadFailedMessageId } from '../../../lib/api/api-error';

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
 * The month's figures. In the past (`asOf`) nothing can be added, and the goals, which are
 * today's, are left out; the wallets and net worth are as of that day.
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
  const past = asOf !== null;
  // The device's adds waiting to sync: the month's are summed under its figures (not counted
  // in them yet), and the newest come first in the recent list.
  const entries = usePendingEntries();
  const pending = usePendingAdds({});
  const monthAdds = usePendingAdds(monthRange(data.month));
  const monthSums = useMemo(() => pendingSums(monthAdds), [monthAdds]);
  const isNewUser = data.count === 0 && data.recent.length === 0 && pending.length === 0;
  if (isNewUser && !past) return <Welcome write={write} data={data} />;
  const isCurrentMonth = data.month === latest;
  return (
    <div className={styles.content} data-testid="dashboard-content" data-today={data.today}>
      {data.count === 0 && (
        <p className={styles.quietMonth} role="status">
          <FormattedMessage id="dashboard.emptyMonth" values={{ month: formatMonth(data.month, locale) }} />
        </p>
      )}
      <Summary data={data} write={write} />
      {!past && <PendingTotalsLine sums={monthSums} className={styles.pendingTotals} />}
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
      <Reveal>
        <div className={styles.grid}>
          <WalletsCard asOf={asOf} />
          <NetWorthCard asOf={asOf} />
        </div>
      </Reveal>
      <Reveal>
        <div className={styles.grid}>
          <MonthlyChart data={data} write={write} />
          <CategoryChart data={data} write={write} />
        </div>
      </Reveal>
      <Reveal>
        <div className={styles.grid}>
          <RecentTransactions
            items={data.recent}
            write={write}
            pending={past ? [] : pending}
            entries={past ? [] : entries}
          />
          <InsightCard insight={data.insight} write={write} />
        </div>
      </Reveal>
      <Reveal>
        <div className={styles.grid}>
          <RuleCard rule={data.rule503020} expense={data.totals.expense} write={write} />
          {!past && <GoalsCard className={cardClass} />}
        </div>
      </Reveal>
    </div>
  );
}

/** A new user: nothing recorded yet, an invitation to the first transaction. */
function Welcome({ data, write }: { readonly data: Dashboard; readonly write: MonthWriters }) {
  return (
    <div className={styles.content} data-testid="dashboard-empty">
      <Card as="div" className={styles.welcome}>
        <span className={styles.welcomeIcon} aria-hidden="true">
          +
        </span>
        <h2 className={styles.welcomeTitle}>
          <FormattedMessage id="dashboard.empty.title" />
        </h2>
        <p className={styles.muted}>
          <FormattedMessage id="dashboard.empty.body" />
        </p>
        <div className={styles.welcomeActions}>
          <LocalizedLink to="/dashboard/transactions/add?type=expense" className={buttonClass('primary')}>
            <FormattedMessage id="dashboard.empty.action" />
          </LocalizedLink>
          <LocalizedLink to="/dashboard/transactions/add?type=income" className={buttonClass('secondary')}>
            <FormattedMessage id="dashboard.actions.addIncome" />
          </LocalizedLink>
        </div>
        <p className={styles.muted} data-testid="dashboard-restore-offer">
          <FormattedMessage
            id="restore.dashboard.offer"
            values={{ link: (chunks) => <LocalizedLink to="/dashboard/restore">{chunks}</LocalizedLink> }}
          />
        </p>
      </Card>
      <div className={styles.grid}>
        <BudgetCard budget={data.budget} write={write} isCurrentMonth />
        <RuleCard rule={data.rule503020} expense={0} write={write} />
      </div>
      <div className={styles.grid}>
        <WalletsCard asOf={null} />
        <GoalsCard className={cardClass} />
      </div>
    </div>
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
