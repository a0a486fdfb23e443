import styles from './progress-bar.module.css';

export interface ProgressBarProps {
  /** How full the bar is, 0 to 100 (more is drawn full). */
  readonly percent: number;
  /** What the bar measures, as a screen reader names it. */
  readonly label: string;
  /** The value in words ("40 %, ฿1,200 of ฿3,000"). */
  readonly valueText: string;
  /** The value announced, when it is not `percent` rounded down. */
  readonly valueNow?: number;
  readonly size?: 'medium' | 'large';
  /** `warning` draws the fill in the warning colour; a class setting `--tone` colours it too. */
  readonly tone?: 'warning';
  readonly className?: string;
  readonly testId?: string;
}

/** A progress bar with its name and value for assistive technology (never colour alone). */
export function ProgressBar({
  percent,
  label,
  valueText,
  valueNow,
  size = 'medium',
  tone,
  className,
  testId,
}: ProgressBarProps) {
  const width = Math.max(0, Math.min(100, percent));
  return (
    <div
      className={className === undefined ? styles.track : `${styles.track} ${className}`}
      data-size={size}
      data-tone={tone}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={valueNow ?? Math.floor(width)}
      aria-valuetext={valueText}
      data-testid={testId}
    >
      <div className={styles.fill} style={{ width: `${width}%` }} />
    </div>
  );
}

/** `percent` rounded down to a multiple of `every`: how a long task's progress is said aloud, in steps. */
export const announcedStep = (percent: number, every: number): number => Math.floor(percent / every) * every;

export interface ProgressReportProps {
  readonly percent: number;
  readonly label: string;
  /** The progress in words: the bar's value text, and written under it. */
  readonly words: string;
  /** Said aloud by a live status when it changes (in steps: `announcedStep`); null says nothing. */
  readonly announced: string | null;
  readonly testId?: string;
  readonly wordsTestId?: string;
}

/**
 * A long task's progress (an import, a restore): a large bar, its value in words under it (hidden
 * from screen readers, which read the bar's value text) and a status announcing it in steps.
 */
export function ProgressReport({ percent, label, words, announced, testId, wordsTestId }: ProgressReportProps) {
  return (
    <>
      <ProgressBar percent={percent} label={label} valueText={words} size="large" testId={testId} />
      <p className={styles.words} aria-hidden="true" data-testid={wordsTestId}>
        {words}
      </p>
      <p className="visually-hidden" role="status">
        {announced}
      </p>
    </>
  );
}
