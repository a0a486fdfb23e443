import type { Insight, Rule503020 } from '@plenty/contracts/views/dashboard';
import { useId } from 'react';
import { FormattedMessage } from 'react-intl';
import { wordInsight } from '../../../lib/insights';
import { LocalizedLink } from '../../../lib/localized-link';
import type { MessageId } from '../../../lib/messages';
import type { MonthWriters } from '../../../ui/budget-status/use-month-writers';
import { Card } from '../../../ui/card/card';
import { InsightLine, InsightTip, insightCalloutClass } from '../../../ui/insight/insight';
import { toneClass } from '../../../ui/stat/stat';
import styles from './tips.module.css';

/** The month's finding in words, with a tip that follows from it. */
export function InsightCard({ insight, write }: { readonly insight: Insight; readonly write: MonthWriters }) {
  const wording = wordInsight(insight, write.insight);
  return (
    <Card title={<FormattedMessage id="dashboard.insights.title" />} testId="insight-card">
      <InsightLine wording={wording} />
      <p className={insightCalloutClass} data-testid="insight-tip">
        <InsightTip wording={wording} />
      </p>
    </Card>
  );
}

const RULE_PARTS: readonly {
  readonly key: 'needs' | 'wants' | 'savings';
  readonly label: MessageId;
  readonly share: number;
}[] = [
  { key: 'needs', label: 'dashboard.rule.needs', share: 5000 },
  { key: 'wants', label: 'dashboard.rule.wants', share: 3000 },
  { key: 'savings', label: 'dashboard.rule.savings', share: 2000 },
];

/** The 50/30/20 rule applied to the month's income. */
export function RuleCard({
  rule,
  expense,
  write,
}: {
  readonly rule: Rule503020;
  readonly expense: number;
  readonly write: MonthWriters;
}) {
  return (
    <Card title={<FormattedMessage id="dashboard.rule.title" />} testId="rule-503020">
      {rule.income === 0 ? (
        <p className={styles.muted}>
          <FormattedMessage id="dashboard.rule.noIncome" />
        </p>
      ) : (
        <>
          <p className={styles.muted}>
            <FormattedMessage id="dashboard.rule.lead" values={{ income: write.money(rule.income) }} />
          </p>
          <ul className={styles.rule}>
            {RULE_PARTS.map((part) => (
              <li key={part.key} className={`${styles.ruleRow} ${styles[part.key]}`}>
                <span className={styles.ruleShare}>{write.percent(part.share)}</span>
                <span className={styles.ruleName}>
                  <FormattedMessage id={part.label} />
                </span>
                <span className={styles.ruleAmount}>{write.money(rule[part.key])}</span>
              </li>
            ))}
          </ul>
          <p className={insightCalloutClass}>
            {expense <= rule.needs + rule.wants ? (
              <FormattedMessage
                id="dashboard.rule.within"
                values={{ spent: write.money(expense), limit: write.money(rule.needs + rule.wants) }}
              />
            ) : (
              <FormattedMessage
                id="dashboard.rule.above"
                values={{ spent: write.money(expense), limit: write.money(rule.needs + rule.wants) }}
              />
            )}
          </p>
        </>
      )}
    </Card>
  );
}

const ACTIONS: readonly {
  readonly to: string;
  readonly label: MessageId;
  readonly symbol: string;
  readonly tone: keyof typeof toneClass | 'quiet';
  /** Adds data: not offered while the past is shown. */
  readonly adds?: boolean;
}[] = [
  {
    to: '/dashboard/transactions/add?type=income',
    label: 'dashboard.actions.addIncome',
    symbol: '+',
    tone: 'income',
    adds: true,
  },
  {
    to: '/dashboard/transactions/add?type=expense',
    label: 'dashboard.actions.addExpense',
    symbol: '−',
    tone: 'expense',
    adds: true,
  },
  { to: '/dashboard/reports', label: 'dashboard.actions.reports', symbol: '▤', tone: 'info' },
  { to: '/dashboard/settings', label: 'dashboard.actions.settings', symbol: '⚙', tone: 'quiet' },
];

/**
 * Shortcuts to what people do most from here. While a past day (`asOf`) is shown, nothing can
 * be added and the reports open on the same day.
 */
export function QuickActions({ asOf = null }: { readonly asOf?: string | null }) {
  const headingId = useId();
  const actions = asOf === null ? ACTIONS : ACTIONS.filter((action) => action.adds !== true);
  return (
    <section aria-labelledby={headingId} className={styles.actionsSection}>
      <h2 id={headingId} className="visually-hidden">
        <FormattedMessage id="dashboard.actions.title" />
      </h2>
      <ul className={styles.actions}>
        {actions.map((action) => (
          <li key={action.to}>
            <LocalizedLink
              to={
                asOf !== null && action.to === '/dashboard/reports'
                  ? `${action.to}?asOf=${encodeURIComponent(asOf)}`
                  : action.to
              }
              className={styles.action}
            >
              <span
                className={`${styles.actionSymbol} ${action.tone === 'quiet' ? styles.quiet : toneClass[action.tone]}`}
                aria-hidden="true"
              >
                {action.symbol}
              </span>
              <FormattedMessage id={action.label} />
            </LocalizedLink>
          </li>
        ))}
      </ul>
    </section>
  );
}
