import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import type { InsightWording } from '../../lib/insights';
import type { MessageId } from '../../lib/messages';
import { RowList } from '../list-row/list-row';
import styles from './insight.module.css';

const TONE_SYMBOLS = { positive: '✓', warning: '!', neutral: 'i' } as const;
const TONE_LABELS: Record<keyof typeof TONE_SYMBOLS, MessageId> = {
  positive: 'dashboard.insights.tone.positive',
  warning: 'dashboard.insights.tone.warning',
  neutral: 'dashboard.insights.tone.neutral',
};

export const insightCalloutClass = styles.callout;

/** "Tip:" and the tip's words. */
export function InsightTip({ wording }: { readonly wording: InsightWording }) {
  return (
    <>
      <strong>
        <FormattedMessage id="dashboard.insights.tip" />
      </strong>{' '}
      <FormattedMessage id={wording.tip.id} values={wording.tip.values} />
    </>
  );
}

/**
 * An insight as a toned symbol and its sentence, the tone said in words to screen readers.
 * `tip` shows the tip under the sentence; `as` is the element (a `p` alone, an `li` in a list).
 */
export function InsightLine({
  wording,
  tip = false,
  as: Element = 'p',
}: {
  readonly wording: InsightWording;
  readonly tip?: boolean;
  readonly as?: 'p' | 'li';
}) {
  const sentence: ReactNode = (
    <span>
      <span className="visually-hidden">
        <FormattedMessage id={TONE_LABELS[wording.tone]} />{' '}
      </span>
      <FormattedMessage id={wording.text.id} values={wording.text.values} />
    </span>
  );
  return (
    <Element className={styles.insight} data-tone={wording.tone}>
      <span className={`${styles.mark} ${styles[wording.tone]}`} aria-hidden="true">
        {TONE_SYMBOLS[wording.tone]}
      </span>
      {tip ? (
        <span className={styles.text}>
          {sentence}
          <span className={styles.tip}>
            <InsightTip wording={wording} />
          </span>
        </span>
      ) : (
        sentence
      )}
    </Element>
  );
}

/** Insights one under the other. */
export function InsightList({ children }: { readonly children: ReactNode }) {
  return <RowList>{children}</RowList>;
}
