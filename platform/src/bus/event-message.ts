import { z } from 'zod';
import { eventMetadataSchema } from '@plenty/contracts/events/envelope';
import { isPosition, type RecordedEvent } from '../event-store/port.js';

/**
 * A stored event as it travels on the bus: keyed by its user, so one user's events keep
 * their order in one partition. Personal fields stay encrypted on the wire.
 */
export interface EventMessage {
  readonly key: string;
  readonly value: string;
  readonly headers: Readonly<Record<string, string>>;
}

const recordedEventSchema = z
  .object({
    id: z.string().min(1).max(64),
    type: z.string().min(1).max(128),
    streamId: z.string().min(1).max(256),
    revision: z.number().int().min(0),
    position: z.string().refine(isPosition, 'a position'),
    recordedAt: z.iso.datetime(),
    data: z.record(z.string(), z.unknown()),
    metadata: eventMetadataSchema,
  })
  .strict();

export class MalformedEventMessageError extends Error {
  override readonly name = 'MalformedEventMessageError';
}

export function toEventMessage(event: RecordedEvent): EventMessage {
  const { id, type, streamId, revision, position, recordedAt, data, metadata } = event;
  return {
    key: metadata.userId,
    value: JSON.stringify({ id, type, streamId, revision, position, recordedAt, data, metadata }),
    headers: { 'event-type': type, position },
  };
}

/** Parses and validates a message from the bus; MalformedEventMessageError when it is not an event. */
export function fromEventMessage(value: string | Buffer | null): RecordedEvent {
  if (value === null) throw new MalformedEventMessageError('the message has no value');
  let json: unknown;
  try {
    json = JSON.parse(typeof value === 'string' ? value : value.toString('utf8'));
  } catch {
    throw new MalformedEventMessageError('the message is not JSON');
  }
  const parsed = recordedEventSchema.safeParse(json);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    throw new MalformedEventMessageError(
      `the message is not an event: ${first === undefined ? 'invalid' : `${first.path.join('.')}: ${first.message}`}`,
    );
  }
  return parsed.data;
}
