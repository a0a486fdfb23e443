import { randomUUID } from 'node:crypto';
import { schemaVersionOf } from '@plenty/contracts/events/upcast';
import type { NotificationEvent } from '@plenty/contracts/events/notification';
import { WrongExpectedRevisionError, type EventStore } from '@plenty/platform/event-store/port';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Claims one mail by opening its own stream with the event that records it. Answers false
 * when the stream exists already: the mail was claimed (and sent) before. Each claim has a
 * fresh event id, so a second claim is a conflict rather than a retry of the first.
 */
export async function claimMail(
  eventStore: EventStore,
  streamId: string,
  userId: string,
  event: NotificationEvent,
  occurredAt: Date,
  causationId?: string,
): Promise<boolean> {
  const commandId = randomUUID();
  try {
    await eventStore.appendToStream(
      streamId,
      [
        {
          id: randomUUID(),
          type: event.type,
          data: event.data,
          metadata: {
            userId,
            commandId,
            correlationId: commandId,
            ...(causationId !== undefined && UUID.test(causationId) ? { causationId } : {}),
            occurredAt: occurredAt.toISOString(),
            schemaVersion: schemaVersionOf(event.type),
          },
        },
      ],
      'no_stream',
    );
    return true;
  } catch (error) {
    if (error instanceof WrongExpectedRevisionError) return false;
    throw error;
  }
}
