import type { QuarantineNotice } from '@plenty/projections/quarantine';
import type { ProjectorLogger } from './runtime-api.js';

/** Says in the log which user an event quarantined, in which projections, and why. */
export function logQuarantine(logger: ProjectorLogger | undefined, notice: QuarantineNotice, where?: object): void {
  logger?.error(
    {
      userId: notice.userId,
      eventId: notice.event.id,
      eventType: notice.event.type,
      position: notice.event.position,
      projection: notice.failed,
      quarantined: notice.projections,
      reason: notice.reason,
      ...where,
    },
    "a user's event cannot be applied: their views of these projections are quarantined, everyone else's go on",
  );
}
