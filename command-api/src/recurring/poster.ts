import { dateOfDayNumber } from '@plenty/contracts/calendar/date';
import { isKnownTimeZone, localDate } from '@plenty/contracts/calendar/zone';
import { DEFAULT_PREFERENCES_VIEW, PREFERENCES_DOC_ID, type PreferencesView } from '@plenty/contracts/preferences';
import { occurrenceAfterDate, unhandledOccurrences, versionAt } from '@plenty/contracts/recurring-schedule';
import type { RecurringDueDoc, RecurringRuleDoc } from '@plenty/contracts/views/recurring';
import { PREFERENCES_VIEW, RECURRING_DUE_VIEW, RECURRING_RULES_VIEW } from '@plenty/contracts/views/registry';
import type { ErasedUsers } from '@plenty/platform/auth/erased-users';
import type { ReadStore, ViewDefinition } from '@plenty/platform/read-store/port';
import type { RecurringPosting } from './posting.js';

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
  readonly readStore: Pick<ReadStore, 'find' | 'get'>;
  /** PostOccurrence's decision in batches and RecurringRuleHeld through the command pipeline (posting.ts), as the command API binds them. */
  readonly posting: Pick<RecurringPosting, 'postOccurrences' | 'holdRecurringRule'>;
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
    // One pool of workers over the due rules as they are read, page after page.
    const due = this.dueRules(latest);
    const worker = async () => {
      for (;;) {
        const next = await due.next();
        if (next.done === true) return;
        const doc = next.value;
        counts.rules += 1;
        try {
          await this.postRule(doc, now, zoneOf, counts);
        } catch (error) {
          counts.failed += 1;
          this.options.logger?.error(
            { err: error, userId: doc.userId, ruleId: doc.ruleId },
            'recurring rule could not be posted',
          );
        }
      }
    };
    await Promise.all(Array.from({ length: this.concurrency }, worker));
    return { ...counts };
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

  /** Posts a rule's occurrences due by the user's today, oldest first, until one is refused. */
  private async postRule(
    due: RecurringDueDoc,
    now: Date,
    zoneOf: (userId: string) => Promise<string>,
    counts: TickCounts,
  ): Promise<void> {
    const { userId, ruleId } = due;
    if (await this.options.erasedUsers.has(userId)) return;
    const today = localDate(now, await zoneOf(userId));
    if (due.nextDue > today) return;
    const stored = await this.options.readStore.get<RecurringRuleDoc>(RECURRING_RULES_VIEW, userId, ruleId);
    if (stored === null || stored.doc.status !== 'active') return;
    let doc: RecurringRuleDoc = stored.doc;
    // Occurrences offered to the pipeline this tick (waiting `confirm` ones are passed over freely).
    let offered = 0;
    for (;;) {
      const dates = unhandledOccurrences(doc, today, BATCH);
      // A version in `confirm` mode waits for the user; later `auto` versions go on.
      const auto = dates.filter((date) => versionAt(doc.versions, date)?.rule.mode === 'auto');
      if (auto.length > 0) {
        if (await this.options.erasedUsers.has(userId)) return;
        // The batch from one reading of the rule's stream, with the poster's command ids
        // (occurrenceCommandId(…, 'post')): a retry appends nothing.
        const outcomes = await this.options.posting.postOccurrences({ userId, ruleId, dates: auto });
        offered += auto.length;
        for (const [index, posted] of outcomes.entries()) {
          const date = auto[index] ?? '';
          if (posted.outcome === 'posted') counts.posted += 1;
          else if (posted.outcome === 'already_posted') counts.alreadyPosted += 1;
          else if (posted.code === 'occurrence_skipped') continue;
          else if (!posted.hold) {
            // The rule changed since its document was read (paused, edited, deleted): next tick.
            return;
          } else {
            const held = await this.options.posting.holdRecurringRule({ userId, ruleId, date, reason: posted.code });
            if (held.outcome === 'held') counts.held += 1;
            this.options.logger?.warn({ userId, ruleId, date, reason: posted.code }, 'recurring rule held');
            return;
          }
        }
      }
      const last = dates.at(-1);
      if (dates.length < BATCH || last === undefined || offered >= MAX_OCCURRENCES_PER_RULE_TICK) return;
      // Everything up to `last` is handled now: go on from the occurrence after it.
      doc = { ...doc, handledThrough: last, nextDue: occurrenceAfterDate(doc.versions, last) };
    }
  }
}
