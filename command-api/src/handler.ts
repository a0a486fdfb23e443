import type { CommandResult } from '@plenty/contracts/commands/result';
import type { DomainEvent } from '@plenty/contracts/events/envelope';
import { schemaVersionOf } from '@plenty/contracts/events/upcast';
import { isDomainError, type DomainError } from '@plenty/contracts/errors';
import { eventIdFor } from '@plenty/contracts/ids';
import type { EventCodec } from '@plenty/platform/crypto/event-codec';
import { WrongExpectedRevisionError, type EventStore, type RecordedEvent } from '@plenty/platform/event-store/port';
import { HttpError } from '@plenty/platform/http/errors';

const ATTEMPTS = 4;

export interface CommandDeps {
  readonly eventStore: EventStore;
  readonly codec: EventCodec;
  readonly now: () => Date;
}

/** One stream's rules: how its state is folded and what a command decides on it. */
export interface StreamDecider<State> {
  readonly initialState: State;
  evolve(state: State, event: { type: string; data: unknown }): State;
  decide(state: State, now: Date): Promise<DomainEvent[] | DomainError> | DomainEvent[] | DomainError;
  /**
   * The command normally starts a new stream: decide on the initial state and append with
   * `no_stream` without reading first; only if the stream exists is it loaded and decided again.
   */
  readonly createsStream?: boolean;
}

export interface CommandRequest {
  readonly userId: string;
  readonly commandId: string;
  readonly streamId: string;
}

export function domainErrorToHttp(error: DomainError): HttpError {
  return new HttpError(
    error.status,
    error.code,
    error.code.replace(/_/g, ' '),
    error.field ? { [error.field]: error.code } : undefined,
  );
}

function earlierResult(streamId: string, events: readonly RecordedEvent[], commandId: string): CommandResult | null {
  const last = events.findLast((event) => event.metadata.commandId === commandId);
  return last === undefined ? null : { streamId, revision: last.revision, position: last.position };
}

/**
 * Load → decide → append with the loaded revision as expectation; a concurrent writer
 * makes it start over, a few times, before answering 409. A command already recorded is
 * answered with its first result. Another user's stream answers 404, like a missing one.
 */
export async function handleCommand<State>(
  deps: CommandDeps,
  request: CommandRequest,
  decider: StreamDecider<State>,
): Promise<CommandResult> {
  const { userId, commandId, streamId } = request;
  for (let attempt = 1; ; attempt += 1) {
    const stored = attempt === 1 && decider.createsStream ? [] : await deps.eventStore.readStream(streamId);
    if (stored.some((event) => event.metadata.userId !== userId)) throw new HttpError(404, 'not_found', 'Not found.');
    const earlier = earlierResult(streamId, stored, commandId);
    if (earlier !== null) return earlier;

    let state = decider.initialState;
    // The history as stored, unchecked: a stream keeps working with an event that no longer
    // matches its schema, and what the decision appends is checked by `encode`.
    for (const event of stored) state = decider.evolve(state, await deps.codec.decode(event, { validate: false }));
    const now = deps.now();
    const decision = await decider.decide(state, now);
    if (isDomainError(decision)) throw domainErrorToHttp(decision);
    if (decision.length === 0) {
      const last = stored.at(-1);
      return { streamId, revision: last?.revision ?? 0, position: last?.position ?? '0' };
    }

    const occurredAt = now.toISOString();
    const events = await Promise.all(
      decision.map((event, index) =>
        deps.codec.encode({
          id: eventIdFor(commandId, index),
          type: event.type,
          data: event.data as Record<string, unknown>,
          metadata: {
            userId,
            commandId,
            correlationId: commandId,
            occurredAt,
            schemaVersion: schemaVersionOf(event.type),
          },
        }),
      ),
    );
    const expected = stored.length === 0 ? 'no_stream' : (stored.at(-1)?.revision ?? 0);
    try {
      return await deps.eventStore.appendToStream(streamId, events, expected);
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
      if (attempt === 1 && decider.createsStream) continue;
      if (attempt >= ATTEMPTS)
        throw new HttpError(409, 'conflict', 'Someone changed this at the same time; try again.');
    }
  }
}
