import { HttpError } from '@plenty/platform/http/errors';
import type { ReadStore } from '@plenty/platform/read-store/port';
import { monthContext } from '../dashboard/month-reader.js';
import type { PointInTime } from './point-in-time.js';

/** Runs a query against read models and a clock: the live ones, or those of a past day. */
export type QueryAt<T> = (readStore: ReadStore, now: Date) => Promise<T>;

/**
 * Answers `query` now from the live read models, or, with `asOf`, from the user's read
 * models replayed to the end of that day with the clock set to its last instant. A day after
 * today on the user's calendar is refused.
 */
export async function readAt<T>(
  options: {
    readonly live: ReadStore;
    readonly userId: string;
    readonly asOf: string | undefined;
    readonly now: Date;
    readonly pointInTime: PointInTime | undefined;
  },
  query: QueryAt<T>,
): Promise<T> {
  const { live, userId, asOf, now, pointInTime } = options;
  if (asOf === undefined) return query(live, now);
  const { today } = await monthContext(live, userId, undefined, now);
  if (asOf > today) {
    throw new HttpError(400, 'validation_failed', 'The date is after today.', { asOf: 'date_invalid' });
  }
  if (pointInTime === undefined) {
    throw new HttpError(400, 'validation_failed', 'Past days are not served here.', { asOf: 'field_invalid' });
  }
  return pointInTime.read(userId, asOf, (past) => query(past.store, past.now));
}
