import { useId, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  DATE_RANGE_PRESETS,
  presetOf,
  presetRange,
  type DateRange,
  type DateRangePreset,
} from '../../../lib/date-range';
import type { MessageId } from '../../../lib/messages';
import { buttonClass } from '../../../ui/button';
import { DateField } from '../../../ui/date-field/date-field';
import field from '../../../ui/field/field.module.css';
import styles from '../reports.module.css';
import { rangeProblem } from '../range';

const PRESET_LABELS: Record<DateRangePreset | 'custom', MessageId> = {
  thisMonth: 'reports.range.preset.thisMonth',
  lastMonth: 'reports.range.preset.lastMonth',
  thisYear: 'reports.range.preset.thisYear',
  last30Days: 'reports.range.preset.last30Days',
  custom: 'reports.range.preset.custom',
};

/** One month (the month picker) or a range of dates. */
export function ModeSelect({ range, onMonth, onRange }: { readonly range: boolean; onMonth(): void; onRange(): void }) {
  const id = useId();
  const intl = useIntl();
  return (
    <div className={styles.control}>
      <label htmlFor={id} className={field.label}>
        <FormattedMessage id="reports.range.mode" />
      </label>
      <select
        id={id}
        className={field.input}
        value={range ? 'range' : 'month'}
        data-testid="reports-mode"
        onChange={(event) => (event.target.value === 'range' ? onRange() : onMonth())}
      >
        <option value="month">{intl.formatMessage({ id: 'reports.range.month' })}</option>
        <option value="range">{intl.formatMessage({ id: 'reports.range.range' })}</option>
      </select>
    </div>
  );
}

/**
 * The range of a report: a preset (shown at once) or dates of one's own, shown with "Show" once
 * both are dates in order and the range is not too long (the server's rules, said in place).
 */
export function RangeControls({
  range,
  today,
  refused,
  onChange,
}: {
  readonly range: DateRange;
  /** Today on the user's calendar. */
  readonly today: string;
  /** The server's refusal of the range shown, if any. */
  readonly refused: MessageId | null;
  onChange(range: DateRange): void;
}) {
  const intl = useIntl();
  const id = useId();
  const [draft, setDraft] = useState<{ from: string; to: string }>(range);
  const [shownFor, setShownFor] = useState(range);
  const [problem, setProblem] = useState<MessageId | null>(null);
  // A new range in the address (a preset, back and forward) starts the fields again.
  if (shownFor.from !== range.from || shownFor.to !== range.to) {
    setShownFor(range);
    setDraft(range);
    setProblem(null);
  }
  const preset = presetOf(draft, today);
  const error = problem ?? refused;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = rangeProblem(draft);
    setProblem(found);
    if (found === null) onChange({ from: draft.from, to: draft.to });
  };

  return (
    <form className={styles.rangeForm} onSubmit={submit} noValidate data-testid="reports-range-form">
      <div className={styles.control}>
        <label htmlFor={`${id}-preset`} className={field.label}>
          <FormattedMessage id="reports.range.preset" />
        </label>
        <select
          id={`${id}-preset`}
          className={field.input}
          value={preset}
          data-testid="reports-range-preset"
          onChange={(event) => {
            const chosen = DATE_RANGE_PRESETS.find((option) => option === event.target.value);
            if (chosen === undefined) return;
            const dates = presetRange(chosen, today);
            setDraft(dates);
            setProblem(null);
            onChange(dates);
          }}
        >
          {[...DATE_RANGE_PRESETS, 'custom' as const].map((option) => (
            <option key={option} value={option} disabled={option === 'custom' && preset !== 'custom'}>
              {intl.formatMessage({ id: PRESET_LABELS[option] })}
            </option>
          ))}
        </select>
      </div>
      {(['from', 'to'] as const).map((end) => (
        <div key={end} className={styles.control}>
          <label htmlFor={`${id}-${end}`} className={field.label}>
            <FormattedMessage id={end === 'from' ? 'reports.range.from' : 'reports.range.to'} />
          </label>
          <DateField
            id={`${id}-${end}`}
            className={field.input}
            value={draft[end]}
            aria-invalid={error !== null && (end === 'to' || problem === 'error.field_required')}
            aria-describedby={error === null ? undefined : `${id}-error`}
            data-testid={`reports-range-${end}`}
            onChange={(value) => {
              setDraft((current) => ({ ...current, [end]: value }));
              setProblem(null);
            }}
          />
        </div>
      ))}
      <button type="submit" className={buttonClass('secondary')} data-testid="reports-range-apply">
        <FormattedMessage id="reports.range.apply" />
      </button>
      {error !== null && (
        <p
          id={`${id}-error`}
          className={`${field.error} ${styles.rangeError}`}
          role="alert"
          data-testid="reports-range-error"
        >
          <FormattedMessage id={error} />
        </p>
      )}
    </form>
  );
}
