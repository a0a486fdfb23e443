import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { MessageId } from '../../lib/messages';

/** The classes of a history entry's parts, from the list's own module. */
export interface HistoryEntryClasses {
  readonly entry: string | undefined;
  readonly heading: string | undefined;
  readonly time: string | undefined;
  readonly details: string | undefined;
}

/**
 * One entry of a history list: what happened and when, then a line a detail when there are any.
 * It takes focus from script only (tabIndex -1), so Load older can move focus to it.
 */
export function HistoryEntry({
  classes,
  heading,
  occurredAt,
  when,
  details,
  testId,
}: {
  readonly classes: HistoryEntryClasses;
  readonly heading: ReactNode;
  /** The instant, for `<time dateTime>`. */
  readonly occurredAt: string;
  /** The instant as the reader reads it. */
  readonly when: string;
  readonly details: readonly { readonly id: MessageId; readonly values: Readonly<Record<string, string>> }[];
  readonly testId?: string;
}) {
  const intl = useIntl();
  return (
    <li className={classes.entry} tabIndex={-1} data-testid={testId}>
      <p className={classes.heading}>
        {heading}
        <time className={classes.time} dateTime={occurredAt}>
          {when}
        </time>
      </p>
      {details.length > 0 && (
        <ul className={classes.details}>
          {details.map((sentence, index) => (
            <li key={index}>{intl.formatMessage({ id: sentence.id }, sentence.values)}</li>
          ))}
        </ul>
      )}
    </li>
  );
}
