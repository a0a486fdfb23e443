/*
 * What the server's poster (poster.ts) calls, without HTTP, through the same pipeline and checks
 * as a user's command:
 *
 *   postOccurrence(deps, { userId, ruleId, date, commandId })  → PostOutcome
 *   holdRecurringRule(deps, { userId, ruleId, date, reason })   → HoldOutcome
 *
 * `deps` is a `RecurringPostingDeps`; the command API hands a bound pair (`RecurringPosting`,
 * `recurringPosting(deps)`) to `CommandApiOptions.recurringPosting`, sharing its profile cache and
 * its commands in flight (so an account erasure waits for a posting under way and none starts
 * for an erased user).
 *
 * Exactly once: an occurrence's transaction stream `transaction-<occurrenceTransactionId>` can be
 * opened once. With the poster's command id (`occurrenceCommandId(…, 'post')`, the default), two
 * posters racing end as one append and one retry answered with the first result; anything
 * else (the user's "Post now") finds the stream and is `already_posted`.
 */
import { todayIn } from '@plenty/contracts/calendar/zone';
import { findBuiltInCategory } from '@plenty/contracts/categories';
import type { CommandResult } from '@plenty/contracts/commands/result';
import { isDomainError } from '@plenty/contracts/errors';
import { uuidV5 } from '@plenty/contracts/ids';
import { streamIds, type EventMetadata } from '@plenty/contracts/events/envelope';
import { occurrenceCommandId, occurrenceTransactionId, type PostOccurrence } from '@plenty/contracts/recurring';
import { occurrenceDetails } from '@plenty/contracts/recurring-schedule';
import type { RecurringRuleDoc } from '@plenty/contracts/views/recurring';
import type { EventCodec } from '@plenty/platform/crypto/event-codec';
import {
  WrongExpectedRevisionError,
  appendManyOf,
  comparePositions,
  readStreamsOf,
  readStreamsWithoutDataOf,
  type BatchAppend,
  type BatchAppendOutcome,
  type EventStore,
  type EventWithoutData,
  type Position,
  type RecordedEvent,
} from '@plenty/platform/event-store/port';
import { HttpError } from '@plenty/platform/http/errors';
import type { CommandsInFlight } from '../account/commands-in-flight.js';
import { encodeDecision, runCommand } from '../pipeline/run-command.js';
import type { CommandCaller, StreamDefinition } from '../pipeline/stream-definition.js';
import type { ProfileCache } from '../profile/profile-cache.js';
import { decidePostOccurrence } from '../transaction/post-occurrence.decider.js';
import { occurrenceContext, postOccurrenceStream } from '../transaction/post-occurrence.stream.js';
import { initialTransactionState } from '../transaction/transaction.state.js';
import type { RecurringState } from './recurring.state.js';
import { decodeRuleEvents, foldRule, ruleHasTags } from './rule-with-tags.js';
import type { HoldRecurringRule } from './recurring.decider.js';
import { recurringStream } from './recurring.stream.js';

export interface RecurringPostingDeps {
  readonly eventStore: EventStore;
  readonly codec: EventCodec;
  readonly now: () => Date;
  readonly profiles: ProfileCache;
  /** The command API's commands in flight: a posting then waits in line with the user's erasure. */
  readonly inFlight?: CommandsInFlight;
  /** Where a reaction logs what it could not do. */
  readonly log?: CommandCaller['log'];
}

/**
 * How posting one occurrence ended:
 * - `posted`: the transaction is in with this command id, appended by this call (or by a twin
 *   racing it with the same command id: the store answers the second append as a retry of the first);
 * - `already_posted`: it was in before this call (an earlier attempt, or another command, such as the user's Post now);
 * - `refused`: the pipeline refused it with `code`. `hold` is true when the rule itself cannot be
 *   posted as it stands (its wallet is archived, its category gone, …): the poster then holds the
 *   rule with `holdRecurringRule`; false when the rule changed meanwhile (deleted, paused, held, the
 *   occurrence skipped or no longer one of the rule, or the user erased): nothing to do.
 */
export type PostOutcome =
  | { readonly outcome: 'posted'; readonly transactionId: string; readonly result: CommandResult }
  | { readonly outcome: 'already_posted'; readonly transactionId: string }
  | { readonly outcome: 'refused'; readonly code: string; readonly status: number; readonly hold: boolean };

/** `held`: RecurringRuleHeld is in the stream (now or by an earlier attempt); `not_held`: the rule is not active (or gone). */
export type HoldOutcome = { readonly outcome: 'held' } | { readonly outcome: 'not_held'; readonly code: string | null };

/** The poster's refusal of a rule restored from a backup whose restore is still under way. */
const RESTORE_UNDER_WAY = 'restore_under_way';

/** A restore started this long ago and never finished no longer holds its rules back. */
const ABANDONED_RESTORE_MS = 24 * 60 * 60 * 1000;

/**
 * Whether a rule restored from a backup (its first event was appended by a restore, whose
 * correlation id names the restore's stream; a command's events have their command id there) waits
 * for the restore to finish: until then the rule's later pauses, skips, edits and posted
 * occurrences may still be on their way, and posting now could post what the backup says was
 * skipped or never due. A restore left unfinished for a day no longer holds the rule back.
 */
async function restoreUnderWay(
  deps: RecurringPostingDeps,
  userId: string,
  first: EventMetadata | null,
): Promise<boolean> {
  if (first === null || first.correlationId === first.commandId) return false;
  const events = await deps.eventStore.readStream(streamIds.restore(first.correlationId));
  const started = events.find((event) => event.type === 'RestoreStarted' && event.metadata.userId === userId);
  if (started === undefined || events.some((event) => event.type === 'RestoreFinished')) return false;
  return deps.now().getTime() - Date.parse(started.metadata.occurredAt) < ABANDONED_RESTORE_MS;
}

/** Refusals that say the rule changed since the poster read it, not that it cannot be posted. */
const RULE_CHANGED = new Set([
  'recurring_not_found',
  'recurring_paused',
  'recurring_ended',
  'occurrence_not_found',
  'occurrence_skipped',
  'occurrence_too_far',
  'unauthenticated',
  'conflict',
  RESTORE_UNDER_WAY,
]);

const silentLog: CommandCaller['log'] = { error: () => undefined, warn: () => undefined };

/** The caller a posting runs as: the rule's owner (nothing but the uid is read). */
function callerFor(userId: string, deps: RecurringPostingDeps): CommandCaller {
  return {
    user: { uid: userId, email: null, emailVerified: true, expiresAt: 0, authTime: 0 },
    log: deps.log ?? silentLog,
  };
}

function inLine<T>(deps: RecurringPostingDeps, userId: string, run: () => Promise<T>): Promise<T> {
  return deps.inFlight === undefined ? run() : deps.inFlight.run(userId, run);
}

/**
 * Runs PostOccurrence for the user with the given command id (default the poster's,
 * `occurrenceCommandId(userId, ruleId, date, 'post')`). Throws only what is not a refusal (the
 * event store is down, …).
 */
export async function postOccurrence(
  deps: RecurringPostingDeps,
  request: {
    readonly userId: string;
    readonly ruleId: string;
    readonly date: string;
    readonly commandId?: string;
    readonly amount?: PostOccurrence['data']['amount'];
  },
): Promise<PostOutcome> {
  const { userId, ruleId, date } = request;
  const transactionId = occurrenceTransactionId(userId, ruleId, date);
  const commandId = request.commandId ?? occurrenceCommandId(userId, ruleId, date, 'post');
  let appendedNow = false;
  const base = postOccurrenceStream(deps);
  const definition: StreamDefinition<PostOccurrence, unknown, unknown> = {
    ...(base as unknown as StreamDefinition<PostOccurrence, unknown, unknown>),
    // Read first: an earlier attempt with this command id is then told apart from a new append.
    createsStream: () => false,
    react: async (appended) => {
      appendedNow = appended.appendedNow && appended.events.length > 0;
    },
  };
  const command: PostOccurrence = {
    type: 'PostOccurrence',
    data: { commandId, ruleId, date, ...(request.amount === undefined ? {} : { amount: request.amount }) },
  };
  try {
    const result = await inLine(deps, userId, () => runCommand(deps, definition, command, callerFor(userId, deps)));
    return appendedNow ? { outcome: 'posted', transactionId, result } : { outcome: 'already_posted', transactionId };
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    if (error.code === 'occurrence_already_posted') return { outcome: 'already_posted', transactionId };
    return { outcome: 'refused', code: error.code, status: error.statusCode, hold: !RULE_CHANGED.has(error.code) };
  }
}

/** The time zone furthest east (UTC+14): its date is the latest on earth. */
const LATEST_ZONE = 'Pacific/Kiritimati';

/** Whether any of the dates needs the user's profile: a category of their own or a named wallet. */
function needsProfile(rule: RecurringState, dates: readonly string[]): boolean {
  if (rule.status !== 'active') return false;
  return dates.some((date) => {
    const details = occurrenceDetails(rule.rule.versions, rule.rule.overrides, date);
    if (details === null) return false;
    const categories = [details.categoryId, ...(details.splits ?? []).map((line) => line.categoryId)];
    return details.walletId !== null || categories.some((id) => findBuiltInCategory(id) === undefined);
  });
}

/** A rule's document in the `recurring_rules` view as read, and the position of the last event applied to it. */
export interface RuleDocument {
  readonly doc: RecurringRuleDoc;
  readonly position: Position;
}

/** The occurrences of one rule to post, in order. */
export interface RuleOccurrences {
  readonly userId: string;
  readonly ruleId: string;
  readonly dates: readonly string[];
  /**
   * The rule's document as the caller read it (the poster does). When it has applied every event
   * of the rule's stream as read for this decision (its position is at or after the stream's last
   * event), the rule is decided from it instead of from its stream decrypted and folded: the
   * projection folds the same events into the same versions, changes of single occurrences,
   * skips and standing, with the notes decrypted once. A document behind the stream (an edit,
   * a pause or a skip not projected yet), one of a rule with tags (folded with the profile's tag
   * events) or one not active: the stream, as without it.
   */
  readonly document?: RuleDocument;
}

/**
 * Posts occurrences of one rule, in the order given, with the poster's command ids: what the
 * server's poster calls for a rule's later batches (`postRules` for many rules at once). The
 * same decision and checks as `postOccurrence` (the rule as its own stream folds it, never a
 * read model; AddTransaction's category and wallet checks), with less work per occurrence:
 * - the rule's stream is read and folded, and the user's profile brought up to date, once for
 *   all the dates instead of once per date; the profile only when a date's category is the
 *   user's own or it names a wallet (built-in categories always exist, and no wallet is the
 *   currency's default one, as AddTransaction decides without it);
 * - the transaction is appended with `no_stream` without reading its stream first: the store
 *   opens an occurrence's stream once. A retry of the same command (same event ids: a poster
 *   racing this one, or one offered the occurrence again by a read model behind) is answered by
 *   the store with the first append's result (`posted`: see `PostOutcome`); a stream opened by
 *   another command (the user's Post now) refuses the append: `already_posted`.
 * One outcome per date, in order, until the first refusal other than `occurrence_skipped`,
 * which ends the list (the rule changed, or it is to be held). Throws only what is not a
 * refusal (the event store is down, …).
 */
export async function postOccurrences(deps: RecurringPostingDeps, request: RuleOccurrences): Promise<PostOutcome[]> {
  const [settled] = await postRules(deps, [request]);
  if (settled === undefined) return [];
  if (settled.status === 'rejected') throw settled.reason;
  return settled.value;
}

/** What deciding one of a rule's dates gave: an outcome already, or an append to make. */
type Step = { readonly outcome: PostOutcome } | { readonly transactionId: string; readonly append: BatchAppend };

/**
 * `postOccurrences` for many rules at once (a page of the poster's due rules), with the same
 * outcomes rule by rule and less work per rule: their streams are read with one statement
 * (`readStreamsWithoutData` for the rules given with their document, which is all a document
 * that stands for its stream needs; `readStreams` for the rest) and their transactions appended
 * together (`appendMany`: one message to the embedded store's writer thread). Exactly once
 * still comes from the store, append by append: each is checked on its own, a retry of the same
 * command stores nothing and a stream another command opened refuses it. One settled result
 * per rule, in order: a rule that could not be read or decided (its stream holds what cannot be
 * decoded, …) is rejected on its own; a failing store rejects every rule it was given appends of.
 */
export async function postRules(
  deps: RecurringPostingDeps,
  requests: readonly RuleOccurrences[],
): Promise<PromiseSettledResult<PostOutcome[]>[]> {
  const results: PromiseSettledResult<PostOutcome[]>[] = requests.map(() => ({ status: 'fulfilled', value: [] }));
  const work = requests.filter((request) => request.dates.length > 0);
  if (work.length === 0) return results;
  await inLineAll(
    deps,
    work.map((request) => request.userId),
    async (refused) => {
      const reading: number[] = [];
      requests.forEach((request, index) => {
        if (request.dates.length === 0) return;
        const refusal = refused.get(request.userId);
        // The user's erasure has started (CommandsInFlight): nothing is posted for them.
        if (refusal === undefined) reading.push(index);
        else results[index] = { status: 'fulfilled', value: [{ outcome: 'refused', ...refusal, hold: false }] };
      });
      if (reading.length === 0) return;
      const streamOf = (index: number) => streamIds.recurring(requests[index]?.ruleId ?? '');
      // A rule with its document: its stream without the events' data first, which is all the
      // document path needs of it (where the stream ends, who wrote it, its first event).
      const documented = reading.filter((index) => requests[index]?.document !== undefined);
      const heads =
        documented.length === 0 ? [] : await readStreamsWithoutDataOf(deps.eventStore, documented.map(streamOf));
      const byDocument = new Map<number, DocumentRead>();
      for (const [at, index] of documented.entries()) {
        const request = requests[index];
        const events = heads[at] ?? [];
        const rule = request === undefined ? null : currentDocument(request, events);
        if (rule !== null) byDocument.set(index, { rule, first: events[0]?.metadata ?? null });
      }
      // The others, and those whose document will not do (the stream moved past it, …): read whole.
      const whole = reading.filter((index) => !byDocument.has(index));
      const streams = whole.length === 0 ? [] : await readStreamsOf(deps.eventStore, whole.map(streamOf));
      const stored = new Map(whole.map((index, at) => [index, streams[at] ?? []]));
      const steps = new Map<number, readonly Step[]>();
      for (const index of reading) {
        const request = requests[index];
        if (request === undefined) continue;
        try {
          steps.set(
            index,
            await decideRule(deps, request, byDocument.get(index) ?? { stored: stored.get(index) ?? [] }),
          );
        } catch (error) {
          results[index] = { status: 'rejected', reason: error };
        }
      }
      const appends: { readonly rule: number; readonly append: BatchAppend }[] = [];
      for (const [rule, ruleSteps] of steps) {
        for (const step of ruleSteps) if ('append' in step) appends.push({ rule, append: step.append });
      }
      let appended: readonly BatchAppendOutcome[] = [];
      try {
        appended = await appendManyOf(
          deps.eventStore,
          appends.map(({ append }) => append),
        );
      } catch (error) {
        // The store failed: none of these rules knows what became of its appends.
        for (const { rule } of appends) steps.delete(rule);
        for (const { rule } of appends) results[rule] = { status: 'rejected', reason: error };
      }
      let next = 0;
      for (const [rule, ruleSteps] of steps) {
        const outcomes: PostOutcome[] = [];
        let failed: Error | null = null;
        for (const step of ruleSteps) {
          if ('outcome' in step) {
            outcomes.push(step.outcome);
            continue;
          }
          const done = appended[next];
          next += 1;
          if (done === undefined) failed ??= new Error('append lost');
          else if (done.ok)
            outcomes.push({ outcome: 'posted', transactionId: step.transactionId, result: done.result });
          else if (done.error instanceof WrongExpectedRevisionError) {
            outcomes.push({ outcome: 'already_posted', transactionId: step.transactionId });
          } else failed ??= done.error;
        }
        results[rule] =
          failed === null ? { status: 'fulfilled', value: outcomes } : { status: 'rejected', reason: failed };
      }
    },
  );
  return results;
}

/**
 * Runs `run` with every user of the list in line with their erasure (`CommandsInFlight`), as
 * one command each: an erasure that starts meanwhile waits for it. A user whose erasure has
 * started is not let in; `run` gets their refusal.
 */
async function inLineAll(
  deps: RecurringPostingDeps,
  userIds: readonly string[],
  run: (refused: ReadonlyMap<string, { readonly code: string; readonly status: number }>) => Promise<void>,
): Promise<void> {
  const refused = new Map<string, { code: string; status: number }>();
  const inFlight = deps.inFlight;
  if (inFlight === undefined) return run(refused);
  let release = (): void => undefined;
  const done = new Promise<void>((resolve) => {
    release = resolve;
  });
  const lines = [...new Set(userIds)].map((userId) => {
    let entered = (): void => undefined;
    const inside = new Promise<void>((resolve) => {
      entered = resolve;
    });
    const whole = inFlight.run(userId, () => {
      entered();
      return done;
    });
    return { userId, inside, whole };
  });
  try {
    const settled = await Promise.allSettled(lines.map(({ inside, whole }) => Promise.race([inside, whole])));
    for (const [index, line] of settled.entries()) {
      if (line.status === 'fulfilled') continue;
      const error: unknown = line.reason;
      if (!(error instanceof HttpError) || error.code !== 'unauthenticated') throw error;
      refused.set(lines[index]?.userId ?? '', { code: error.code, status: error.statusCode });
    }
    await run(refused);
  } finally {
    release();
    await Promise.allSettled(lines.map(({ whole }) => whole));
  }
}

/** A rule as its document has it (`currentDocument`), and its stream's first event's metadata. */
interface DocumentRead {
  readonly rule: RecurringState;
  readonly first: EventMetadata | null;
}

/**
 * One rule's dates decided from its document, when it stands for the stream (`currentDocument`),
 * or else from its stream as read: an outcome for each date up to the first refusal other than
 * `occurrence_skipped`, or the append that posts it.
 */
async function decideRule(
  deps: RecurringPostingDeps,
  request: RuleOccurrences,
  read: DocumentRead | { readonly stored: readonly RecordedEvent[] },
): Promise<Step[]> {
  const { userId, ruleId, dates } = request;
  const current = 'rule' in read ? read.rule : null;
  // The stream's events are decoded (their notes decrypted) only when the document will not do.
  const events = 'stored' in read ? await decodeRuleEvents(deps, read.stored, userId) : null;
  const first = 'rule' in read ? read.first : (events?.first ?? null);
  if (await restoreUnderWay(deps, userId, first)) {
    return [{ outcome: { outcome: 'refused', code: RESTORE_UNDER_WAY, status: 409, hold: false } }];
  }
  const own = current ?? foldRule(events, []);
  // As AddTransaction: the profile is read only for a custom category or a named wallet, and
  // for tags (renamed or deleted since the rule was given them: the rule is folded with them).
  const tagged = ruleHasTags(own);
  const profile = needsProfile(own, dates) || tagged ? await deps.profiles.load(userId) : null;
  const rule = tagged ? foldRule(events, await deps.profiles.tagEvents(userId)) : own;
  const context = occurrenceContext(userId, rule, profile);
  const steps: Step[] = [];
  for (const date of dates) {
    const transactionId = occurrenceTransactionId(userId, ruleId, date);
    const commandId = occurrenceCommandId(userId, ruleId, date, 'post');
    const command: PostOccurrence = { type: 'PostOccurrence', data: { commandId, ruleId, date } };
    const now = deps.now();
    const decided = decidePostOccurrence(command, initialTransactionState, {
      ...context,
      transactionId,
      // Without the profile, the latest date on earth: the poster posts occurrences up to the
      // user's today only, far inside the 62 days ahead a Post now may reach.
      today: todayIn(profile === null ? LATEST_ZONE : context.timeZone, now),
    });
    if (isDomainError(decided)) {
      const hold = !RULE_CHANGED.has(decided.code);
      steps.push({ outcome: { outcome: 'refused', code: decided.code, status: decided.status, hold } });
      if (decided.code === 'occurrence_skipped') continue;
      return steps;
    }
    const encoded = await encodeDecision(deps, { userId, commandId }, decided, now);
    steps.push({
      transactionId,
      append: { streamId: streamIds.transaction(transactionId), events: encoded, expectedRevision: 'no_stream' },
    });
  }
  return steps;
}

/**
 * The rule as its document has it, when the document can stand for the stream as read: every
 * event of the stream is the user's and was applied to the document (the document's position is
 * at or after the last one's: the projector applies a user's events in order), and the rule is
 * active and has no tags. Null otherwise: the stream is decoded and folded.
 */
function currentDocument(request: RuleOccurrences, stored: readonly EventWithoutData[]): RecurringState | null {
  const { document, userId, ruleId } = request;
  const last = stored.at(-1);
  if (document === undefined || last === undefined) return null;
  const { doc } = document;
  if (doc.id !== ruleId || doc.status !== 'active') return null;
  if (comparePositions(document.position, last.position) < 0) return null;
  if (stored.some((event) => event.metadata.userId !== userId)) return null;
  if (doc.versions.some((version) => (version.rule.tags ?? []).length > 0)) return null;
  return {
    status: 'active',
    rule: {
      versions: doc.versions,
      pausedOn: doc.pausedOn,
      heldOn: doc.heldOn,
      skipped: new Set(doc.skipped),
      overrides: doc.overrides,
      fromTransactionId: doc.fromTransactionId,
    },
  };
}

/**
 * Holds an active rule whose occurrence `date` could not be posted (`reason`: the refusal's
 * code), with the command id `occurrenceCommandId(userId, ruleId, date, 'hold')`: holding the
 * same occurrence again appends nothing. Once the rule was resumed, the id also names how many
 * times: a rule resumed while its occurrence still cannot be posted (the wallet not restored
 * yet) is held again, not answered with the first hold's result.
 */
export async function holdRecurringRule(
  deps: RecurringPostingDeps,
  request: { readonly userId: string; readonly ruleId: string; readonly date: string; readonly reason: string },
): Promise<HoldOutcome> {
  const { userId, ruleId, date, reason } = request;
  const firstHold = occurrenceCommandId(userId, ruleId, date, 'hold');
  const resumed = (await deps.eventStore.readStream(streamIds.recurring(ruleId))).filter(
    (event) => event.type === 'RecurringRuleResumed',
  ).length;
  const commandId = resumed === 0 ? firstHold : uuidV5(`resumed-${resumed}`, firstHold);
  const command: HoldRecurringRule = {
    type: 'HoldRecurringRule',
    data: { commandId, ruleId, date, reason: reason.slice(0, 64) },
  };
  let held = false;
  const base = recurringStream(deps);
  const definition: StreamDefinition<HoldRecurringRule, unknown, unknown> = {
    ...(base as unknown as StreamDefinition<HoldRecurringRule, unknown, unknown>),
    react: async (appended) => {
      held = appended.events.some((event) => event.type === 'RecurringRuleHeld');
    },
  };
  try {
    await inLine(deps, userId, () => runCommand(deps, definition, command, callerFor(userId, deps)));
    return held ? { outcome: 'held' } : { outcome: 'not_held', code: null };
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return { outcome: 'not_held', code: error.code };
  }
}

/** The two bound to one set of dependencies, as the command API hands them to the poster. */
export interface RecurringPosting {
  postOccurrence(request: Parameters<typeof postOccurrence>[1]): Promise<PostOutcome>;
  postOccurrences(request: Parameters<typeof postOccurrences>[1]): Promise<PostOutcome[]>;
  postRules(requests: Parameters<typeof postRules>[1]): Promise<PromiseSettledResult<PostOutcome[]>[]>;
  holdRecurringRule(request: Parameters<typeof holdRecurringRule>[1]): Promise<HoldOutcome>;
}

export function recurringPosting(deps: RecurringPostingDeps): RecurringPosting {
  return {
    postOccurrence: (request) => postOccurrence(deps, request),
    postOccurrences: (request) => postOccurrences(deps, request),
    postRules: (requests) => postRules(deps, requests),
    holdRecurringRule: (request) => holdRecurringRule(deps, request),
  };
}
