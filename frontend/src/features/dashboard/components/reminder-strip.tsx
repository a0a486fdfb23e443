import { daysBetween } from '@plenty/contracts/calendar/date';
import type { UpcomingItem } from '@plenty/contracts/views/recurring';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useUserId } from '../../../ui/wallet-picker/wallet-picker';
import { useUpcomingQuery } from '../../../ui/upcoming/api';
import { itemKey, readDismissed, reminders, saveDismissed } from '../../../ui/upcoming/upcoming';
import { useUpcomingWords, type UpcomingWords } from '../../../ui/upcoming/use-upcoming-words';
import { UPCOMING_DAYS } from './upcoming-card';
import styles from './upcoming.module.css';

const browserStorage = (): Storage | null => {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
};

/**
 * In-app reminders at the top of the dashboard: each bill and installment within the user's
 * reminder days ("Rent is due in 2 days"), dismissed one occurrence at a time (remembered per
 * user on this device). The list sits in a polite live region, so a reminder that arrives is
 * read out without taking the reader's place.
 */
export function ReminderStrip() {
  const intl = useIntl();
  const userId = useUserId();
  const query = useUpcomingQuery({ days: UPCOMING_DAYS });
  const words = useUpcomingWords();
  const [dismissed, setDismissed] = useState(() => readDismissed(browserStorage(), userId));
  const [readFor, setReadFor] = useState(userId);
  if (readFor !== userId) {
    setReadFor(userId);
    setDismissed(readDismissed(browserStorage(), userId));
  }
  const shown = query.data === undefined ? [] : reminders(query.data, dismissed);
  const today = query.data?.today ?? '';
  return (
    <div aria-live="polite" data-testid="reminder-strip">
      {shown.length > 0 && (
        <ul className={styles.reminders} aria-label={intl.formatMessage({ id: 'upcoming.reminders.label' })}>
          {shown.map((item) => {
            const text = reminderText(intl, words, item, today);
            return (
              <li key={itemKey(item)} className={styles.reminder} data-testid="reminder" data-key={itemKey(item)}>
                <svg className={styles.reminderMark} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                  <path d="M6 16V11a6 6 0 0 1 12 0v5l2 2H4z M10 20a2 2 0 0 0 4 0" />
                </svg>
                <span className={styles.reminderText}>{text}</span>
                <button
                  type="button"
                  className={styles.dismiss}
                  aria-label={intl.formatMessage({ id: 'upcoming.reminders.dismiss' }, { reminder: text })}
                  onClick={() => setDismissed(saveDismissed(browserStorage(), userId, itemKey(item)))}
                  data-testid="reminder-dismiss"
                >
                  <span aria-hidden="true">×</span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

/** "Rent is due in 2 days", "Salary is expected tomorrow", "Motorbike, installment 3 was due on 20 November 2026". */
function reminderText(
  intl: ReturnType<typeof useIntl>,
  words: UpcomingWords,
  item: UpcomingItem,
  today: string,
): string {
  const name = words.name(item);
  const days = daysBetween(today, item.date);
  if (days < 0) return intl.formatMessage({ id: 'upcoming.reminder.overdue' }, { name, date: words.date(item.date) });
  const income = item.kind === 'recurring' && item.type === 'income';
  return intl.formatMessage({ id: income ? 'upcoming.reminder.income' : 'upcoming.reminder.due' }, { name, days });
}
