import { dateOfDayNumber } from '@plenty/contracts/calendar/date';
import { isKnownTimeZone, localDate } from '@plenty/contracts/calendar/zone';
import { DEFAULT_PREFERENCES_VIEW, PREFERENCES_DOC_ID, type PreferencesView } from '@plenty/contracts/preferences';
import { occurrenceAfterDate, unhandledOccurrences, versionAt } from '@plenty/contracts/recurring-schedule';
import type { RecurringDueDoc, RecurringRuleDoc } from '@plenty/contracts/views/recurring';
import { PREFERENCES_VIEW, RECURRING_DUE_VIEW, RECURRING_RULES_VIEW } from '@plenty/contracts/views/registry';
import type { ErasedUsers } from '@plenty/platform/auth/erased-users';
import type { Position } from '@plenty/platform/event-store/port';
import type { ReadStore, StoredDocument, ViewDefinition } from '@plenty/platform/read-store/port';
import type { PostOutcome, RecurringPosting, RuleDocument } from './posting.js';

/*
 * The server's poster: posts each due occurrence of the `auto` recurring rules, exactly once.
 *
 * Every tick pages the `recurring_due` view (one document per active `auto` rule with an
 * occurrence left, under the system user, by `nextDue`) while `nextDue` is on or before the
 * latest date anywhere on earth (UTC+14). For each rule it reads the user's time zone and the
 * rule's document, lists the occurrences not yet handled up to the user's today, and posts them
 * oldest first with `PostOccurrence`'s decision and checks, from one reading of the rule's
 * stream per batch (`postOccurrences`), with the command id `occurrenceCommandId(…, 'post')`. The occurrence's transaction stream can be opened once only,
 * so a crash, a restart, a second instance or a read model that lags behind (which offers the
 * same occurrence again) never posts one twice: the pipeline answers the retry with the first
 * result, or `occurrence_already_posted`. An occurrence refused for what the rule says (its
 * wallet was archived, its category is gone) holds the rule (`RecurringRuleHeld`) instead of
 * being tried forever. The first tick after a start is the catch-up after downtime.
 */

/** The system user of the views that span users (projections' `SYSTEM_USER_ID`). */
export const SYSTEM_USER_ID = '__system__';

export const DEFAULT_RECURRING_INTERVAL_MS = 60_000;
/**
 * Rules posted at once; each rule's occurrences are posted one after another, in order. Many at
 * once let the event store commit their appends together (tests/bench/recurring.ts).
 */
export const DEFAULT_POSTER_CONCURRENCY = 256;
/**
 * Rules whose first batch is posted together (their streams read with one statement, their
 * transactions appended in one message to the writer thread); `concurrency / RULES_PER_GROUP`
 * groups go at once.
 */
const RULES_PER_GROUP = 64;
/** Documents of `recurring_due` read at once. */
const PAGE = 1000;
/** Occurrences of one rule looked up at once (a daily rule after a long downtime goes on in batches). */
const BATCH = 100;
/**
 * Occurrences of one rule a tick offers to post at most (ten batches: a daily rule down for
 * almost three years). A rule started decades ago (a careless or hostile start date) would
 * otherwise keep a tick, and so every user's next occurrences, waiting for minutes; the rest
 * is posted by the next ticks, still oldest first.
 */
export const MAX_OCCURRENCES_PER_RULE_TICK = 10 * BATCH;
/** The furthest east time zone is 14 hours ahead of UTC: no user's today is later than this date. */
const LATEST_OFFSET_MS = 14 * 3_600_000;
const DAY_MS = 86_400_000;

/** The views the poster reads, for a process that registers them on its own connection. */
export const posterReadViews: readonly ViewDefinition[] = [
  { name: RECURRING_DUE_VIEW, fields: { nextDue: 'text', userId: 'text' }, indexes: [['nextDue'], ['userId']] },
  { name: RECURRING_RULES_VIEW, fields: {}, indexes: [] },
  { name: PREFERENCES_VIEW, fields: {}, indexes: [] },
];

/** The date that is today somewhere on earth at the latest (UTC+14). */
export const latestToday = (now: Date): string =>
  dateOfDayNumber(Math.floor((now.getTime() + LATEST_OFFSET_MS) / DAY_MS));

export interface PosterLogger {
  error(details: object, message: string): void;
  warn(details: object, message: string): void;
  info?(details: object, message: string): void;
}

export interface RecurringPosterOptions {
  /** The views above; with `getMany`, a group's rule documents are read with one look-up. */
  readonly readStore: Pick<ReadStore, 'find' | 'get' | 'getMany'>;
  /** PostOccurrence's decision in batches and RecurringRuleHeld through the command pipeline (posting.ts), as the command API binds them. */
  readonly posting: Pick<RecurringPosting, 'postRules' | 'postOccurrences' | 'holdRecurringRule'>;
  /** Users whose erasure has started: nothing is posted for them. */
  readonly erasedUsers: ErasedUsers;
  readonly logger?: PosterLogger;
  readonly now?: () => Date;
  /** How often to post what is due (RECURRING_INTERVAL_MS); 0 never ticks by itself. Default one minute. */
  readonly intervalMs?: number;
  /** Rules posted at once. */
  readonly concurrency?: number;
}

/** What one tick did. */
export interface PosterTick {
  /** Rules looked at (documents of `recurring_due` due somewhere on earth). */
  readonly rules: number;
  /**
   * Occurrences this tick posted. Two posters racing on one occurrence may both count it, as may
   * a tick offered an occurrence again by a read model behind: the second append of the same
   * command (same event ids) is the store's deduplicated retry, which stores nothing.
   */
  readonly posted: number;
  /** Occurrences another attempt had posted already. */
  readonly alreadyPosted: number;
  /** Rules held because an occurrence was refused. */
  readonly held: number;
  /** Rules given up on for this tick after an error (tried again at the next one). */
  readonly failed: number;
}

interface TickCounts {
  rules: number;
  posted: number;
  alreadyPosted: number;
  held: number;
  failed: number;
}

export class RecurringPoster {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<PosterTick> | null = null;
  private readonly now: () => Date;
  private readonly concurrency: number;

  constructor(private readonly options: RecurringPosterOptions) {
    this.now = options.now ?? (() => new Date());
    this.concurrency = Math.max(1, options.concurrency ?? DEFAULT_POSTER_CONCURRENCY);
  }

  /** Ticks now (the catch-up after downtime) and then every interval; the timer keeps no process alive. */
  start(): void {
    const interval = this.options.intervalMs ?? DEFAULT_RECURRING_INTERVAL_MS;
    if (interval <= 0 || this.timer !== null) return;
    this.timer = setInterval(() => void this.tickLogged(), interval);
    this.timer.unref();
    void this.tickLogged();
  }

  /** Stops ticking and waits for a tick under way. */
  async stop(): Promise<void> {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
    await this.running?.catch(() => undefined);
  }

  /** Posts what is due now; while a tick is under way, answers that one instead of starting another. */
  tick(): Promise<PosterTick> {
    if (this.running !== null) return this.running;
    const running = this.runOnce().finally(() => {
      this.running = null;
    });
    this.running = running;
    return running;
  }

  private async tickLogged(): Promise<void> {
    try {
      const done = await this.tick();
      if (done.posted > 0 || done.held > 0 || done.failed > 0) {
        this.options.logger?.info?.({ ...done }, 'recurring occurrences posted');
      }
    } catch (error) {
      this.options.logger?.error({ err: error }, 'recurring posting failed');
    }
  }

  private async runOnce(): Promise<PosterTick> {
    const now = this.now();
    const latest = latestToday(now);
    const counts: TickCounts = { rules: 0, posted: 0, alreadyPosted: 0, held: 0, failed: 0 };
    // Each user's time zone, read once per tick.
    const zones = new Map<string, Promise<string>>();
    const zoneOf = (userId: string) => {
      let zone = zones.get(userId);
      if (zone === undefined) {
        zone = this.timeZoneOf(userId);
        zones.set(userId, zone);
      }
      return zone;
    };
    // One pool of workers over the due rules as they are read, page after page, each taking a
    // group of rules at a time: a group's first batches are read and appended together. A group
    // is due rules next to each other (taken in one call), so a user's rules due together tend to
    // fall in one group, whose documents are read with one look-up.
    const group = Math.min(RULES_PER_GROUP, this.concurrency);
    const groups = this.dueGroups(latest, group);
    const worker = async () => {
      for (;;) {
        const next = await groups.next();
        if (next.done === true) return;
        const docs = next.value;
        counts.rules += docs.length;
        await this.postGroup(docs, now, zoneOf, counts);
      }
    };
    await Promise.all(Array.from({ length: Math.ceil(this.concurrency / group) }, worker));
    return { ...counts };
  }

  private failed(counts: TickCounts, due: RecurringDueDoc, error: unknown): void {
    counts.failed += 1;
    this.options.logger?.error(
      { err: error, userId: due.userId, ruleId: due.ruleId },
      'recurring rule could not be posted',
    );
  }

  /**
   * Posts a group of rules: the first batch of each with one `postRules` (their streams read
   * with one statement, their transactions appended together); a rule with more occurrences
   * due goes on with its later batches on its own, oldest first.
   */
  private async postGroup(
    docs: readonly RecurringDueDoc[],
    now: Date,
    zoneOf: (userId: string) => Promise<string>,
    counts: TickCounts,
  ): Promise<void> {
    const started = await this.firstBatches(docs, now, zoneOf, counts);
    const ready = started.filter((rule): rule is RuleBatch => rule !== null && rule.auto.length > 0);
    let settled: PromiseSettledResult<PostOutcome[]>[];
    try {
      settled = await this.options.posting.postRules(
        ready.map(({ due, auto, doc, position }) => ({
          userId: due.userId,
          ruleId: due.ruleId,
          dates: auto,
          document: { doc, position },
        })),
      );
    } catch (error) {
      for (const { due } of ready) this.failed(counts, due, error);
      return;
    }
    await Promise.all(
      started.map(async (rule) => {
        if (rule === null) return;
        try {
          const at = ready.indexOf(rule);
          const result = at < 0 ? null : settled[at];
          if (result !== undefined && result !== null && result.status === 'rejected') throw result.reason;
          const outcomes = result === null || result === undefined ? [] : result.value;
          if (await this.handled(rule, outcomes, counts)) await this.postRule(rule, counts);
        } catch (error) {
          this.failed(counts, rule.due, error);
        }
      }),
    );
  }

  /** `dueRules` in groups of `size` (the last may be smaller). */
  private async *dueGroups(latest: string, size: number): AsyncGenerator<RecurringDueDoc[]> {
    let docs: RecurringDueDoc[] = [];
    for await (const due of this.dueRules(latest)) {
      docs.push(due);
      if (docs.length < size) continue;
      yield docs;
      docs = [];
    }
    if (docs.length > 0) yield docs;
  }

  /** The documents of `recurring_due` by `nextDue`, up to the latest date on earth. */
  private async *dueRules(latest: string): AsyncGenerator<RecurringDueDoc> {
    let cursor: string | undefined;
    for (;;) {
      const page = await this.options.readStore.find<RecurringDueDoc>(RECURRING_DUE_VIEW, {
        userId: SYSTEM_USER_ID,
        sort: [{ field: 'nextDue', direction: 'asc' }],
        limit: PAGE,
        ...(cursor === undefined ? {} : { cursor }),
      });
      for (const stored of page.items) {
        if (stored.doc.nextDue > latest) return;
        yield stored.doc;
      }
      if (page.nextCursor === null) return;
      cursor = page.nextCursor;
    }
  }

  private async timeZoneOf(userId: string): Promise<string> {
    const stored = await this.options.readStore.get<PreferencesView>(PREFERENCES_VIEW, userId, PREFERENCES_DOC_ID);
    const zone = stored?.doc.timeZone ?? DEFAULT_PREFERENCES_VIEW.timeZone;
    return isKnownTimeZone(zone) ? zone : 'UTC';
  }

  /**
   * Each rule's first batch: the occurrences not handled up to the user's today (at most BATCH),
   * and those of them in `auto` mode; null when there is nothing to post (the rule is not
   * active, not due in the user's time zone yet, or its user is being erased) or when it could
   * not be read (counted as failed). The documents of the rules due in their user's time zone
   * are read with one look-up for the group (`getMany`, where the store has it).
   */
  private async firstBatches(
    docs: readonly RecurringDueDoc[],
    now: Date,
    zoneOf: (userId: string) => Promise<string>,
    counts: TickCounts,
  ): Promise<(RuleBatch | null)[]> {
    const todays = await Promise.all(
      docs.map((due) =>
        this.dueToday(due, now, zoneOf).catch((error: unknown) => {
          this.failed(counts, due, error);
          return null;
        }),
      ),
    );
    const wanted = docs.filter((_, index) => todays[index] !== null);
    let rules: ReadonlyMap<string, StoredDocument<RecurringRuleDoc> | Error>;
    try {
      rules = await this.ruleDocs(wanted);
    } catch (error) {
      rules = new Map(wanted.map((due) => [ruleKey(due), error instanceof Error ? error : new Error(String(error))]));
    }
    return docs.map((due, index) => {
      const today = todays[index];
      if (today === null || today === undefined) return null;
      const stored = rules.get(ruleKey(due));
      if (stored instanceof Error) {
        this.failed(counts, due, stored);
        return null;
      }
      if (stored === undefined || stored.doc.status !== 'active') return null;
      return batchOf(due, stored, today, 0);
    });
  }

  /**
   * The rule documents of the due rules, by `ruleKey` (those stored): one `getMany` where the
   * store has it, else a `get` each (an error then fails its rule alone).
   */
  private async ruleDocs(
    dues: readonly RecurringDueDoc[],
  ): Promise<ReadonlyMap<string, StoredDocument<RecurringRuleDoc> | Error>> {
    const { readStore } = this.options;
    const docs = new Map<string, StoredDocument<RecurringRuleDoc> | Error>();
    if (readStore.getMany === undefined || dues.length === 1) {
      await Promise.all(
        dues.map(async (due) => {
          try {
            const stored = await readStore.get<RecurringRuleDoc>(RECURRING_RULES_VIEW, due.userId, due.ruleId);
            if (stored !== null) docs.set(ruleKey(due), stored);
          } catch (error) {
            docs.set(ruleKey(due), error instanceof Error ? error : new Error(String(error)));
          }
        }),
      );
      return docs;
    }
    if (dues.length === 0) return docs;
    const found = await readStore.getMany<RecurringRuleDoc>(
      RECURRING_RULES_VIEW,
      dues.map((due) => ({ userId: due.userId, id: due.ruleId })),
    );
    for (const stored of found) docs.set(ruleKey({ userId: stored.userId, ruleId: stored.id }), stored);
    return docs;
  }

  /** The user's today when the rule is due by it (null when not yet, or when the user is being erased). */
  private async dueToday(
    due: RecurringDueDoc,
    now: Date,
    zoneOf: (userId: string) => Promise<string>,
  ): Promise<string | null> {
    if (await this.options.erasedUsers.has(due.userId)) return null;
    const today = localDate(now, await zoneOf(due.userId));
    return due.nextDue > today ? null : today;
  }

  /**
   * Counts a batch's outcomes; true when the rule goes on with a next batch. An occurrence
   * refused for what the rule says holds the rule.
   */
  private async handled(rule: RuleBatch, outcomes: readonly PostOutcome[], counts: TickCounts): Promise<boolean> {
    const { userId, ruleId } = rule.due;
    for (const [index, posted] of outcomes.entries()) {
      const date = rule.auto[index] ?? '';
      if (posted.outcome === 'posted') counts.posted += 1;
      else if (posted.outcome === 'already_posted') counts.alreadyPosted += 1;
      else if (posted.code === 'occurrence_skipped') continue;
      else if (!posted.hold) {
        // The rule changed since its document was read (paused, edited, deleted): next tick.
        return false;
      } else {
        const held = await this.options.posting.holdRecurringRule({ userId, ruleId, date, reason: posted.code });
        if (held.outcome === 'held') counts.held += 1;
        this.options.logger?.warn({ userId, ruleId, date, reason: posted.code }, 'recurring rule held');
        return false;
      }
    }
    const last = rule.dates.at(-1);
    return rule.dates.length === BATCH && last !== undefined && rule.offered < MAX_OCCURRENCES_PER_RULE_TICK;
  }

  /** Posts a rule's later batches, oldest first, until one is refused or nothing is left. */
  private async postRule(first: RuleBatch, counts: TickCounts): Promise<void> {
    const { userId, ruleId } = first.due;
    let rule = first;
    for (;;) {
      const last = rule.dates.at(-1);
      if (last === undefined) return;
      // Everything up to `last` is handled now: go on from the occurrence after it.
      const doc = { ...rule.doc, handledThrough: last, nextDue: occurrenceAfterDate(rule.doc.versions, last) };
      rule = batchOf(rule.due, { doc, position: rule.position }, rule.today, rule.offered);
      let outcomes: PostOutcome[] = [];
      if (rule.auto.length > 0) {
        if (await this.options.erasedUsers.has(userId)) return;
        // From one reading of the rule's stream, with the poster's command ids
        // (occurrenceCommandId(…, 'post')): a retry appends nothing. The document read at the
        // first batch still stands for the rule when no event was added to its stream since.
        outcomes = await this.options.posting.postOccurrences({
          userId,
          ruleId,
          dates: rule.auto,
          document: { doc: rule.doc, position: rule.position },
        });
      }
      if (!(await this.handled(rule, outcomes, counts))) return;
    }
  }
}

/** A rule's key among all users' (its user and its id). */
const ruleKey = (rule: { readonly userId: string; readonly ruleId: string }): string =>
  `${rule.userId}\u0000${rule.ruleId}`;

/** One batch of a rule's occurrences, as the poster offers it. */
interface RuleBatch {
  readonly due: RecurringDueDoc;
  /** The rule's document, with `handledThrough` moved past the earlier batches of this tick. */
  readonly doc: RecurringRuleDoc;
  /** The position of the last event applied to the document as read. */
  readonly position: Position;
  readonly today: string;
  /** Occurrences not handled up to today, oldest first, at most BATCH. */
  readonly dates: readonly string[];
  /** Those of them to post: a version in `confirm` mode waits for the user, later `auto` versions go on. */
  readonly auto: readonly string[];
  /** Occurrences offered this tick, this batch's included (waiting `confirm` ones are passed over freely). */
  readonly offered: number;
}

function batchOf(due: RecurringDueDoc, rule: RuleDocument, today: string, offered: number): RuleBatch {
  const { doc, position } = rule;
  const dates = unhandledOccurrences(doc, today, BATCH);
  const auto = dates.filter((date) => versionAt(doc.versions, date)?.rule.mode === 'auto');
  return { due, doc, position, today, dates, auto, offered: offered + auto.length };
}
