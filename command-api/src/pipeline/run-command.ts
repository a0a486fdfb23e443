import type { CommandResult } from '@plenty/contracts/commands/result';
import type { DomainEvent } from '@plenty/contracts/events/envelope';
import { schemaVersionOf } from '@plenty/contracts/events/upcast';
import { isDomainError, type DomainError } from '@plenty/contracts/errors';
import { eventIdFor } from '@plenty/contracts/ids';
import type { EventCodec } from '@plenty/platform/crypto/event-codec';
import {
  WrongExpectedRevisionError,
  type EventStore,
  type NewEvent,
  type RecordedEvent,
} from '@plenty/platform/event-store/port';
import { HttpError } from '@plenty/platform/http/errors';
import type { Command, CommandCaller, DecideResult, Decision, StreamDefinition } from './stream-definition.js';

/** Load → decide → append is tried this many times against concurrent writers before 409. */
const ATTEMPTS = 4;

export interface PipelineDeps {
  readonly eventStore: EventStore;
  readonly codec: EventCodec;
  readonly now: () => Date;
}

export function domainErrorToHttp(error: DomainError): HttpError {
  return new HttpError(
    error.status,
    error.code,
    error.code.replace(/_/g, ' '),
    error.field ? { [error.field]: error.code } : undefined,
  );
}

/** The stream as loaded: its stored events, the state they fold to, and the command's own earlier events. */
interface LoadedStream<State> {
  readonly stored: readonly RecordedEvent[];
  readonly state: State;
  /** The command's events from an earlier attempt, with the state just before them; null when none. */
  readonly earlier: { readonly events: readonly DomainEvent[]; readonly before: State; last: RecordedEvent } | null;
}

/**
 * Step 1, load: reads and folds the stream. Another user's stream answers like a missing one.
 * The history is folded as stored, unchecked: a stream keeps working with an event that no
 * longer matches its schema, and what a decision appends is checked by `encode`.
 */
async function loadStream<C extends Command, State>(
  deps: PipelineDeps,
  definition: StreamDefinition<C, State, unknown>,
  streamId: string,
  userId: string,
  commandId: string,
  skipRead: boolean,
): Promise<LoadedStream<State>> {
  const stored = skipRead ? [] : await deps.eventStore.readStream(streamId);
  if (stored.some((event) => event.metadata.userId !== userId)) {
    throw definition.notFound?.() ?? new HttpError(404, 'not_found', 'Not found.');
  }
  let state = definition.initialState;
  let before: State | null = null;
  const own: DomainEvent[] = [];
  let last: RecordedEvent | null = null;
  for (const event of stored) {
    const decoded = await deps.codec.decode(event, { validate: false });
    if (event.metadata.commandId === commandId) {
      before ??= state;
      own.push({ type: decoded.type, data: decoded.data });
      last = event;
    }
    state = definition.evolve(state, decoded);
  }
  const earlier = before !== null && last !== null ? { events: own, before, last } : null;
  return { stored, state, earlier };
}

/**
 * Step 1b, the base revision: a command made on an older revision of the stream than its last
 * one is refused (the definition says how), so a change made on old data never overwrites a
 * newer one unseen. Null when the command names no base revision, the stream has no events, or
 * the base revision is the stream's last.
 */
function staleRefusal<C extends Command, State>(
  definition: StreamDefinition<C, State, unknown>,
  command: C,
  loaded: LoadedStream<State>,
): HttpError | null {
  const base = definition.baseRevision?.(command);
  const head = loaded.stored.at(-1);
  if (base === undefined || head === undefined || head.revision === base) return null;
  return (
    definition.changedRefusal?.(loaded.state) ??
    new HttpError(409, 'conflict', 'This was changed since; reload it and try again.')
  );
}

/** Step 2, decide: the context the definition loads, then its pure decision. */
async function decide<C extends Command, State, Context>(
  deps: PipelineDeps,
  definition: StreamDefinition<C, State, Context>,
  command: C,
  state: State,
  caller: CommandCaller,
): Promise<{ decision: Decision; context: Context; now: Date }> {
  const context = (await definition.loadContext?.(command, state, caller)) as Context;
  const now = deps.now();
  return { decision: asDecision(definition.decide(command, state, context, now)), context, now };
}

function asDecision(result: DecideResult): Decision {
  if (isDomainError(result)) return { events: [], refusal: domainErrorToHttp(result) };
  if (Array.isArray(result)) return { events: result as readonly DomainEvent[] };
  return result as Decision;
}

/**
 * A decision's events as the store takes them: ids derived from the command id and their
 * index, the command's metadata, personal fields sealed, each checked against its schema.
 */
export function encodeDecision(
  deps: Pick<PipelineDeps, 'codec'>,
  caller: { readonly userId: string; readonly commandId: string },
  events: readonly DomainEvent[],
  now: Date,
): Promise<NewEvent[]> {
  const { userId, commandId } = caller;
  const occurredAt = now.toISOString();
  return Promise.all(
    events.map((event, index) =>
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
}

/**
 * Step 3, append: events get ids derived from the command id and their index (so the store
 * refuses a duplicate even when two retries race) and are appended with the loaded revision
 * as expectation. Answers null on a concurrent write.
 */
async function append(
  deps: PipelineDeps,
  streamId: string,
  caller: { userId: string; commandId: string },
  events: readonly DomainEvent[],
  stored: readonly RecordedEvent[],
  now: Date,
): Promise<CommandResult | null> {
  const encoded = await encodeDecision(deps, caller, events, now);
  const expected = stored.length === 0 ? 'no_stream' : (stored.at(-1)?.revision ?? 0);
  try {
    return await deps.eventStore.appendToStream(streamId, encoded, expected);
  } catch (error) {
    if (error instanceof WrongExpectedRevisionError) return null;
    throw error;
  }
}

/**
 * Runs one command through the pipeline: load → decide → append → react. A concurrent writer
 * makes it start over, a few times, before answering 409. A command already recorded is
 * answered with its first result (or its first refusal) and appends nothing; its reaction
 * runs again, so one cut short by a crash is finished by the retry. A command made on an older
 * revision of the stream than its last (`baseRevision`) is refused before it is decided.
 */
export async function runCommand<C extends Command, State, Context>(
  deps: PipelineDeps,
  definition: StreamDefinition<C, State, Context>,
  command: C,
  caller: CommandCaller,
): Promise<CommandResult> {
  const userId = caller.user.uid;
  const { commandId } = command.data;
  const streamId = definition.streamId(command, caller);
  const createsStream = definition.createsStream?.(command) ?? false;
  for (let attempt = 1; ; attempt += 1) {
    const loaded = await loadStream(deps, definition, streamId, userId, commandId, attempt === 1 && createsStream);
    if (loaded.earlier !== null) {
      const refusal = definition.earlierRefusal?.(loaded.earlier.events) ?? null;
      if (refusal !== null) throw refusal;
      const { before, events, last } = loaded.earlier;
      await definition.react?.({ streamId, before, events, appendedNow: false }, command, undefined, caller);
      return { streamId, revision: last.revision, position: last.position };
    }

    const stale = staleRefusal(definition, command, loaded);
    if (stale !== null) throw stale;

    const { decision, context, now } = await decide(deps, definition, command, loaded.state, caller);
    if (decision.events.length === 0) {
      if (decision.refusal !== undefined) throw decision.refusal;
      const head = loaded.stored.at(-1);
      await definition.react?.(
        { streamId, before: loaded.state, events: [], appendedNow: false },
        command,
        context,
        caller,
      );
      return { streamId, revision: head?.revision ?? 0, position: head?.position ?? '0' };
    }

    const result = await append(deps, streamId, { userId, commandId }, decision.events, loaded.stored, now);
    if (result === null) {
      if (attempt >= ATTEMPTS)
        throw new HttpError(409, 'conflict', 'Someone changed this at the same time; try again.');
      continue;
    }
    if (decision.refusal !== undefined) throw decision.refusal;
    await definition.react?.(
      { streamId, before: loaded.state, events: decision.events, appendedNow: true },
      command,
      context,
      caller,
    );
    return result;
  }
}
