import type { DomainEvent } from '@plenty/contracts/events/envelope';
import type { DomainError } from '@plenty/contracts/errors';
import type { VerifiedUser } from '@plenty/platform/auth/port';
import type { HttpError } from '@plenty/platform/http/errors';
import type { FastifyBaseLogger } from 'fastify';

/** A command as the pipeline takes it: its name and its parsed body. */
export interface Command<Type extends string = string, Data extends { commandId: string } = { commandId: string }> {
  readonly type: Type;
  readonly data: Data;
}

/**
 * What a decision records. `refusal`, when set, is answered after the events are appended: a
 * refusal that leaves a trace (a wrong verification code counts towards the attempts).
 */
export interface Decision {
  readonly events: readonly DomainEvent[];
  readonly refusal?: HttpError;
}

/** What `decide` may return: events, a refusal that records nothing, or a full decision. */
export type DecideResult = readonly DomainEvent[] | DomainError | Decision;

/** Who sends the command, and where a reaction logs what it could not do. */
export interface CommandCaller {
  readonly user: VerifiedUser;
  readonly log: Pick<FastifyBaseLogger, 'error' | 'warn'>;
}

/** What the "react after append" step is told once the command's events are in the stream. */
export interface Appended<State> {
  readonly streamId: string;
  /** The stream's state just before the command's first event. */
  readonly before: State;
  /** The command's events as recorded (decoded); empty when the decision recorded nothing. */
  readonly events: readonly DomainEvent[];
  /** False when an earlier attempt of the same command recorded them (a retry). */
  readonly appendedNow: boolean;
}

/**
 * One stream family's rules, as the command pipeline (`run-command.ts`) runs them:
 * load the stream and the context, decide, append, react.
 */
export interface StreamDefinition<C extends Command, State, Context = undefined> {
  readonly initialState: State;
  /** Folds one stored event (decoded, unchecked against its schema) into the state. */
  evolve(state: State, event: { type: string; data: unknown }): State;
  streamId(command: C, caller: CommandCaller): string;
  /**
   * The command normally starts a new stream: decide on the initial state and append with
   * `no_stream` without reading first; only if the stream exists is it loaded and decided again.
   */
  createsStream?(command: C): boolean;
  /** What the decision needs besides the stream: a profile, whether a receipt exists, a new code. */
  loadContext?(command: C, state: State, caller: CommandCaller): Promise<Context> | Context;
  /** Pure: the events the command records on this state, or why it is refused. */
  decide(command: C, state: State, context: Context, now: Date): DecideResult;
  /**
   * After the command's events are in the stream (or when it recorded nothing, or on a retry
   * of a command already recorded): side effects such as a mail or deleting a released receipt.
   * Not run when the command is refused.
   */
  react?(appended: Appended<State>, command: C, context: Context | undefined, caller: CommandCaller): Promise<void>;
  /**
   * How an earlier attempt of the same command ended, from the events it recorded: null when
   * it succeeded (answered with its result), or the refusal to answer again.
   */
  earlierRefusal?(events: readonly DomainEvent[]): HttpError | null;
  /** The answer for another user's stream, like a missing one; default 404 `not_found`. */
  notFound?(): HttpError;
  /**
   * The stream revision the command was made on (an edit made on a view of `revision` n), or
   * undefined when it does not say. Given, and the stream has events whose last revision is
   * not it, the command is refused with `changedRefusal` and appends nothing. Checked after the
   * "already applied" check: a retry of a command that was applied answers its first result,
   * whatever its base revision. A stream with no events is not checked (the decision answers).
   */
  baseRevision?(command: C): number | undefined;
  /** The refusal for a command made on an older revision, given the stream's state now. */
  changedRefusal?(state: State): HttpError;
}
