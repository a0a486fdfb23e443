import { WEEKLY_REPORT_SUBSCRIBERS_VIEW } from '@plenty/contracts/views/registry';
import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '@plenty/platform/event-store/port';
import { eventLog } from './testing/events.js';
import { projectionScratch } from './testing/scratch.js';
import { SYSTEM_USER_ID, weeklyReportSubscribersProjection } from './weekly-report-subscribers.projection.js';

const projections = [weeklyReportSubscribersProjection];

function preferencesChanged(userId: string, position: number, changes: Record<string, unknown>): RecordedEvent {
  const commandId = `00000000-0000-4000-8000-${String(position).padStart(12, '0')}`;
  return {
    id: `20000000-0000-4000-8000-${String(position).padStart(12, '0')}`,
    type: 'PreferencesChanged',
    data: { changes },
    metadata: { userId, commandId, correlationId: commandId, occurredAt: '2026-11-01T00:00:00.000Z', schemaVersion: 1 },
    streamId: `profile-${userId}`,
    revision: 0,
    position: String(position),
    recordedAt: '2026-11-01T00:00:00.000Z',
  };
}

describe('weekly report subscribers projection', () => {
  const { given, documents } = projectionScratch(projections);

  const subscribers = async () => documents(WEEKLY_REPORT_SUBSCRIBERS_VIEW, SYSTEM_USER_ID);

  it('lists the users who turned the weekly report on, and drops those who turned it off', async () => {
    await given(
      preferencesChanged('alice', 1, { weeklyReport: true }),
      preferencesChanged('bob', 2, { weeklyReport: true, language: 'th' }),
      preferencesChanged('alice', 3, { language: 'lo' }),
      preferencesChanged('bob', 4, { weeklyReport: false }),
    );
    expect(await subscribers()).toEqual([{ userId: 'alice' }]);
  });

  it('drops a user whose account was erased', async () => {
    const log = eventLog();
    const erased = log.accountErased('alice');
    await given(preferencesChanged('alice', 1, { weeklyReport: true }));
    await given({ ...erased, position: '2' });
    expect(await subscribers()).toEqual([]);
  });
});
