import { WEEKLY_REPORT_SUBSCRIBERS_VIEW } from '@plenty/contracts/views/registry';
import type { PreferencesChanged } from '@plenty/contracts/events/profile';
import type { RecordedEvent } from '@plenty/platform/event-store/port';
import type { ViewDefinition } from '@plenty/platform/read-store/port';
import type { Projection } from './projection.js';

/** The owner of documents that belong to no user: the read store is read per user. */
export const SYSTEM_USER_ID = '__system__';

export interface WeeklyReportSubscriberDoc {
  readonly userId: string;
  [key: string]: unknown;
}

export const weeklyReportSubscribersView: ViewDefinition = {
  name: WEEKLY_REPORT_SUBSCRIBERS_VIEW,
  fields: {},
  indexes: [],
};

/**
 * Who asked for the weekly report: one document per subscribed user (id: the uid) under the
 * system user, so the scheduler can list them. Turning the preference off or erasing the
 * account removes the document.
 */
export const weeklyReportSubscribersProjection: Projection = {
  name: 'weekly-report-subscribers',
  views: [weeklyReportSubscribersView],
  handles: ['PreferencesChanged', 'AccountErased'],
  async apply(event, uow) {
    const userId = event.metadata.userId;
    if (event.type === 'AccountErased') {
      uow.remove(WEEKLY_REPORT_SUBSCRIBERS_VIEW, SYSTEM_USER_ID, userId, event.position);
      return;
    }
    const { weeklyReport } = (event as RecordedEvent & PreferencesChanged).data.changes;
    if (weeklyReport === true) {
      const doc: WeeklyReportSubscriberDoc = { userId };
      uow.put(WEEKLY_REPORT_SUBSCRIBERS_VIEW, SYSTEM_USER_ID, userId, doc, event.position);
    } else if (weeklyReport === false) {
      uow.remove(WEEKLY_REPORT_SUBSCRIBERS_VIEW, SYSTEM_USER_ID, userId, event.position);
    }
  },
};
