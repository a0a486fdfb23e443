// Calendar dates for journeys, as `YYYY-MM-DD` in UTC: the time zone of a user who never chose one.

/** The date `days` from today (a negative number of days: before today). */
export function dateFromToday(days) {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
