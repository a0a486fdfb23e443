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
