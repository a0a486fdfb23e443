// Calendar dates for journeys, as `YYYY-MM-DD` in UTC: the time zone of a user who never chose one.

/** The date `days` from today (a negative number of days: before today). */
export function dateFromToday(days) {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The first of this month (UTC), as the app reads it for a user who never chose a time zone. */
export function firstOfMonth() {
  return `${dateFromToday(0).slice(0, 8)}01`;
}
