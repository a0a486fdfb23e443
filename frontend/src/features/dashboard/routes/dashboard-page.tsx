import type { Dashboard } from '@plenty/contracts/views/dashboard';
import { useEffect, useId, useLayoutEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSelector } from 'react-redux';
import { useLocation } from 'react-router';
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
import { deferredModule, useAfterFirstPaint, whenIdle } from '../../../app/after-first-paint';
import { readAuthConfig, storedUserKey } from '../../../lib/auth/auth-config';
import { revealApp } from '../../../lib/boot-snapshot/reveal';
import { selectOnline, selectRefreshing, selectShownAsOf } from '../../../lib/offline/network-slice';
import { usePreferences } from '../../../lib/preferences';
import { formatAsOfTime } from '../../../ui/offline-banner/as-of-time';
import { isPlainDashboard } from '../prefetch';

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
  const failed = data === undefined && !refused && query.isError && !query.isFetching;
  // The painted copy of the last visit (boot-snapshot.js) never stands in for an error.
  useLayoutEffect(() => {
    if (failed || refused) revealApp();
  }, [failed, refused]);

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
        ) : refused ? null : failed ? (
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
  // The first cards are on screen (the device's copy or the server's): the copy the boot script
  // painted goes, and the app shows, in the same frame.
  useLayoutEffect(() => revealApp(), []);
  useSaveBootSnapshot(data, !past && isCurrentMonth);
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
      {/* The first cards end here: the next visit's boot snapshot keeps what comes before. */}
      <span data-boot-snapshot-end="" hidden />
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
 * Once the month's figures on screen are the server's (nothing painted from the device, the
 * server reached) on the plain dashboard, and the page is idle, keeps a copy of its first screen
 * for the next visit's boot script (lib/boot-snapshot/save.ts), again when the figures change.
 */
function useSaveBootSnapshot(data: Dashboard, thisMonth: boolean): void {
  const intl = useIntl();
  const { locale } = useLocale();
  const { preferences } = usePreferences();
  const { pathname, search } = useLocation();
  const user = useSelector((state: { auth: AuthState }) => state.auth.user);
  const current = useSelector(
    (state: Parameters<typeof selectOnline>[0]) =>
      selectOnline(state) && !selectRefreshing(state) && selectShownAsOf(state) === null,
  );
  const uid = user?.uid ?? null;
  const timeZone = preferences?.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const plain = isPlainDashboard(pathname, search);
  useEffect(() => {
    if (!current || !thisMonth || !plain || uid === null) return undefined;
    let live = true;
    const cancel = whenIdle(() => {
      void import('../../../lib/boot-snapshot/save')
        .then(({ saveBootSnapshot }) => {
          if (!live) return;
          const savedAt = new Date();
          saveBootSnapshot(document, {
            uid,
            userKey: storedUserKey(readAuthConfig()),
            locale,
            path: pathname,
            savedAt,
            timeZone,
            asOf: (now) =>
              intl.formatMessage(
                { id: 'startup.refreshingAsOf' },
                { time: formatAsOfTime(savedAt.toISOString(), locale, timeZone, now) },
              ),
          });
        })
        .catch(() => undefined);
    });
    return () => {
      live = false;
      cancel();
    };
  }, [data, current, thisMonth, plain, uid, timeZone, locale, pathname, intl]);
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
