import type { RecordedEvent } from '@plenty/platform/event-store/port';

/**
 * An event that cannot be decoded or that a projection cannot apply, thrown where no
 * quarantine list is given (a replay for one answer). The projectors quarantine the event's
 * user instead (quarantine.ts): skipping the event silently would leave views wrong for good.
 */
export class PoisonEventError extends Error {
  override readonly name = 'PoisonEventError';
  readonly eventId: string;
  readonly eventType: string;
  readonly position: string;

  constructor(
    event: Pick<RecordedEvent, 'id' | 'type' | 'position'>,
    /** The projection that failed, or null when the event could not be decoded. */
    readonly projection: string | null,
    cause: unknown,
  ) {
    const step = projection === null ? 'decoding' : `projection ${projection}`;
    const reason = cause instanceof Error ? cause.message : String(cause);
    super(`${step} failed on event ${event.id} (${event.type}) at ${event.position}: ${reason}`, { cause });
    this.eventId = event.id;
    this.eventType = event.type;
    this.position = event.position;
  }
}
