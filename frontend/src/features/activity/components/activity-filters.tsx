import { isCalendarDate } from '@plenty/contracts/calendar/date';
import { ACTIVITY_KINDS, type ActivityKind } from '@plenty/contracts/views/activity';
import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { MessageId } from '../../../lib/messages';
import { buttonClass } from '../../../ui/button';
import { DateField } from '../../../ui/date-field/date-field';
import { cardClass } from '../../../ui/card/card';
import { Field } from '../../../ui/field/field';
import field from '../../../ui/field/field.module.css';
import styles from '../activity.module.css';
import { hasFilters, NO_FILTERS, type ActivityFilters } from '../filters';

const KIND_OPTIONS: Readonly<Record<ActivityKind, MessageId>> = {
  transaction: 'activity.kind.transaction',
  debt: 'activity.kind.debt',
  goal: 'activity.kind.goal',
  category: 'activity.kind.category',
  settings: 'activity.kind.settings',
  wallet: 'activity.kind.wallet',
  transfer: 'activity.kind.transfer',
  recurring: 'activity.kind.recurring',
  import: 'activity.kind.import',
  restore: 'activity.kind.restore',
  tag: 'activity.kind.tag',
};

/** The kind and the days shown, in the address; a start after the end is refused here. */
export function ActivityFilterForm({
  filters,
  valid,
  onChange,
}: {
  readonly filters: ActivityFilters;
  readonly valid: boolean;
  onChange(next: ActivityFilters): void;
}) {
  const intl = useIntl();
  const id = useId();
  const rangeError = `${id}-range`;
  return (
    <form
      className={`${cardClass} ${styles.filters}`}
      role="search"
      aria-label={intl.formatMessage({ id: 'activity.filters.title' })}
      onSubmit={(event) => event.preventDefault()}
    >
      <Field label="activity.filter.kind">
        {({ id: kindId }) => (
          <select
            id={kindId}
            className={field.input}
            value={filters.kind ?? ''}
            // Another kind is about other items: the one item shown gives way.
            onChange={(event) => {
              const kind = ACTIVITY_KINDS.find((k) => k === event.target.value) ?? null;
              onChange({ ...filters, kind, subject: kind === filters.kind ? filters.subject : null });
            }}
            data-testid="activity-kind"
          >
            <option value="">{intl.formatMessage({ id: 'activity.kind.all' })}</option>
            {ACTIVITY_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {intl.formatMessage({ id: KIND_OPTIONS[kind] })}
              </option>
            ))}
          </select>
        )}
      </Field>
      <RangeEnd end="from" filters={filters} rangeError={valid ? null : rangeError} onChange={onChange} />
      <RangeEnd end="to" filters={filters} rangeError={valid ? null : rangeError} onChange={onChange} />
      {hasFilters(filters) && (
        <button
          type="button"
          className={`${buttonClass('secondary')} ${styles.clear}`}
          onClick={() => onChange(NO_FILTERS)}
          data-testid="activity-clear"
        >
          <FormattedMessage id="activity.filter.clear" />
        </button>
      )}
      {!valid && (
        <p id={rangeError} className={`${field.error} ${styles.rangeError}`} role="alert">
          <FormattedMessage id="activity.filter.rangeInvalid" />
        </p>
      )}
    </form>
  );
}

/** The first or the last day shown (none when empty); each end bounds the other's calendar. */
function RangeEnd({
  end,
  filters,
  rangeError,
  onChange,
}: {
  readonly end: 'from' | 'to';
  readonly filters: ActivityFilters;
  /** The id of the message that the range is wrong, while it is. */
  readonly rangeError: string | null;
  onChange(next: ActivityFilters): void;
}) {
  return (
    <Field label={`activity.filter.${end}`}>
      {({ id }) => (
        <DateField
          id={id}
          className={field.input}
          value={filters[end] ?? ''}
          min={end === 'to' ? (filters.from ?? undefined) : undefined}
          max={end === 'from' ? (filters.to ?? undefined) : undefined}
          aria-invalid={rangeError !== null}
          aria-describedby={rangeError ?? undefined}
          onChange={(value) => {
            if (value === '' || isCalendarDate(value)) onChange({ ...filters, [end]: value === '' ? null : value });
          }}
          data-testid={`activity-${end}`}
        />
      )}
    </Field>
  );
}
