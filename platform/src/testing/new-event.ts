import { randomUUID } from 'node:crypto';
import type { EventMetadata } from '@plenty/contracts/events/envelope';
import type { NewEvent } from '../event-store/port.js';

/** The metadata of an event sent now by `userId`, as a command of its own (a new command id). */
export function metadataOf(userId: string, commandId: string = randomUUID()): EventMetadata {
  return { userId, commandId, correlationId: commandId, occurredAt: new Date().toISOString(), schemaVersion: 1 };
}

/** An event for tests of the stores: any type and data, a new id, sent now by `userId`. */
export function newEvent(type = 'TestHappened', data: Record<string, unknown> = { n: 1 }, userId = 'user-1'): NewEvent {
  return { id: randomUUID(), type, data, metadata: metadataOf(userId) };
}
