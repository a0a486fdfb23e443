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
import type { EventCodec } from '@plenty/platform/crypto/event-codec';
import { WrongExpectedRevisionError, type EventStore } from '@plenty/platform/event-store/port';
import { HttpError } from '@plenty/platform/http/errors';
import type { CommandsInFlight } from '../account/commands-in-flight.js';
import { encodeDecision, runCommand } from '../pipeline/run-command.js';
import type { CommandCaller, StreamDefinition } from '../pipeline/stream-definition.js';
import type { ProfileCache } from '../profile/profile-cache.js';
import { decidePostOccurrence } from '../transaction/post-occurrence.decider.js';
import { occurrenceContext, postOccurrenceStream } from '../transaction/post-occurrence.stream.js';
import { initialTransactionState } from '../transaction/transaction.state.js';
import type { RecurringState } from './recurring.state.js';
import { foldRule, readRuleEvents, ruleHasTags } from './rule-with-tags.js';
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

/**
 * Posts occurrences of one rule, in the order given, with the poster's command ids: what the
 * server's poster calls. The same decision and checks as `postOccurrence` (the rule as its own
 * stream folds it, never a read model; AddTransaction's category and wallet checks), with less
 * work per occurrence:
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
export async function postOccurrences(
  deps: RecurringPostingDeps,
  request: { readonly userId: string; readonly ruleId: string; readonly dates: readonly string[] },
): Promise<PostOutcome[]> {
  const { userId, ruleId, dates } = request;
  if (dates.length === 0) return [];
  const run = async (): Promise<PostOutcome[]> => {
    const outcomes: PostOutcome[] = [];
    const events = await readRuleEvents(deps, ruleId, userId);
    if (await restoreUnderWay(deps, userId, events?.first ?? null)) {
      return [{ outcome: 'refused', code: RESTORE_UNDER_WAY, status: 409, hold: false }];
    }
    const own = foldRule(events, []);
    // As AddTransaction: the profile is read only for a custom category or a named wallet, and
    // for tags (renamed or deleted since the rule was given them: the rule is folded with them).
    const tagged = ruleHasTags(own);
    const profile = needsProfile(own, dates) || tagged ? await deps.profiles.load(userId) : null;
    const rule = tagged ? foldRule(events, await deps.profiles.tagEvents(userId)) : own;
    const context = occurrenceContext(userId, rule, profile);
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
        outcomes.push({
          outcome: 'refused',
          code: decided.code,
          status: decided.status,
          hold: !RULE_CHANGED.has(decided.code),
        });
        if (decided.code === 'occurrence_skipped') continue;
        return outcomes;
      }
      const events = await encodeDecision(deps, { userId, commandId }, decided, now);
      const streamId = streamIds.transaction(transactionId);
      try {
        const result = await deps.eventStore.appendToStream(streamId, events, 'no_stream');
        outcomes.push({ outcome: 'posted', transactionId, result });
      } catch (error) {
        if (!(error instanceof WrongExpectedRevisionError)) throw error;
        outcomes.push({ outcome: 'already_posted', transactionId });
      }
    }
    return outcomes;
  };
  try {
    return await inLine(deps, userId, run);
  } catch (error) {
    // The user's erasure has started (CommandsInFlight): nothing is posted for them.
    if (error instanceof HttpError && error.code === 'unauthenticated') {
      return [{ outcome: 'refused', code: error.code, status: error.statusCode, hold: false }];
    }
    throw error;
  }
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
  holdRecurringRule(request: Parameters<typeof holdRecurringRule>[1]): Promise<HoldOutcome>;
}

export function recurringPosting(deps: RecurringPostingDeps): RecurringPosting {
  return {
    postOccurrence: (request) => postOccurrence(deps, request),
    postOccurrences: (request) => postOccurrences(deps, request),
    holdRecurringRule: (request) => holdRecurringRule(deps, request),
  };
}
