import type { ActivityCounts } from '@plenty/contracts/views/activity';

const NO_COUNTS: ActivityCounts = {
  rows: null,
  added: null,
  existing: null,
  skipped: null,
  deleted: null,
  merge: null,
};

/** The numbers of an activity entry: the ones given, null for the others. */
export const activityCounts = (fields: Partial<ActivityCounts>): ActivityCounts => ({ ...NO_COUNTS, ...fields });
