import type { Dashboard } from '@plenty/contracts/views/dashboard';
import { useMemo, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { LocalizedLink } from '../../../lib/localized-link';
import { monthRange, pendingSums } from '../../../lib/outbox/pending';
import type { MonthWriters } from '../../../ui/budget-status/use-month-writers';
import { buttonClass } from '../../../ui/button';
import { Card, cardClass } from '../../../ui/card/card';
import { GoalsCard } from '../../../ui/goal/goals-card';
import { PendingTotalsLine, usePendingAdds, usePendingEntries } from '../../../ui/pending/pending';
import { Reveal } from '../../../ui/reveal';
import { BudgetCard } from '../components/budget-card';
import { CategoryChart, MonthlyChart } from '../components/charts';
import { RecentTransactions } from '../components/recent';
import { RuleCard, InsightCard } from '../components/tips';
import { NetWorthCard, WalletsCard } from '../components/wallets';
import styles from '../dashboard.module.css';

/*
 * The dashboard below its first cards, loaded once the first cards are painted
 * (dashboard-page.tsx): the wallets, the year's charts, the recent entries, the tips and the
 * goals, and what needs the outbox's commands read (the device's adds waiting to sync).
 */

/** The sums of the month's adds waiting to sync, under its figures (not counted in them yet). */
export function PendingLine({ month }: { readonly month: string }) {
  const monthAdds = usePendingAdds(monthRange(month));
  const sums = useMemo(() => pendingSums(monthAdds), [monthAdds]);
  return <PendingTotalsLine sums={sums} className={styles.pendingTotals} />;
}

/**
 * Below the first cards. In the past (`asOf`) nothing can be added, and the goals, which are
 * today's, are left out; the wallets and net worth are as of that day.
 */
export function MoreCards({
  data,
  write,
  asOf,
}: {
  readonly data: Dashboard;
  readonly write: MonthWriters;
  readonly asOf: string | null;
}) {
  const past = asOf !== null;
  // The device's adds waiting to sync come first in the recent list, the newest first.
  const entries = usePendingEntries();
  const pending = usePendingAdds({});
  return (
    <>
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
    </>
  );
}

/**
 * A month with nothing recorded: for a new user (no entries, none waiting to sync either) an
 * invitation to the first transaction; otherwise what `otherwise` shows (the month's figures).
 */
export function NewUserOr({
  data,
  write,
  otherwise,
}: {
  readonly data: Dashboard;
  readonly write: MonthWriters;
  readonly otherwise: ReactNode;
}) {
  const pending = usePendingAdds({});
  return pending.length === 0 ? <Welcome data={data} write={write} /> : otherwise;
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
