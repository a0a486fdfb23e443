import type { Position } from '@plenty/platform/event-store/port';
import { replayUpTo, type EventHistory, type PastReadModels } from './replay.js';

interface Entry {
  readonly models: Promise<PastReadModels>;
  /** The event store's head before the user's events were read. */
  readonly head: Position;
  /** When the user's events were read (ms). */
  readonly readAt: number;
  /** Requests reading it now: an evicted entry is closed when the last one is done. */
  readers: number;
  evicted: boolean;
}

export interface PointInTimeOptions {
  /** Days kept (default 4): a user moving between the dashboard and the reports of one day. */
  readonly capacity?: number;
  /** Replays that run at once (default 2); more wait their turn, so a burst cannot take every core. */
  readonly replaysAtOnce?: number;
  /** How long a settled day is kept without looking at the event store again (default 10 minutes). */
  readonly settledTtlMs?: number;
  /** The clock, in ms. */
  readonly now?: () => number;
}

/**
 * Events are stamped with the instant they happen, from servers whose clocks may differ by this
 * much: a day that had ended longer ago than this when its events were read cannot change.
 */
export const CLOCK_MARGIN_MS = 5 * 60_000;

/**
 * Read models of a user at the end of a past day, replayed from their events and kept in a
 * small LRU per (user, day), so a repeated look at the same day (the dashboard, then the
 * reports, then another month) replays once. A day still open when its events were read is
 * used again only while the event store's head has not moved; a settled day (it had ended, with
 * a margin for clocks, before its events were read) gains no events, and is kept for a while.
 */
export class PointInTime {
  private readonly entries = new Map<string, Entry>();
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly capacity: number;
  private readonly replaysAtOnce: number;
  private readonly settledTtlMs: number;
  private readonly now: () => number;

  constructor(
    private readonly history: EventHistory,
    options: PointInTimeOptions = {},
  ) {
    this.capacity = options.capacity ?? 4;
    this.replaysAtOnce = options.replaysAtOnce ?? 2;
    this.settledTtlMs = options.settledTtlMs ?? 10 * 60_000;
    this.now = options.now ?? Date.now;
  }

  async read<T>(userId: string, date: string, work: (models: PastReadModels) => Promise<T>): Promise<T> {
    const key = JSON.stringify([userId, date]);
    let entry = this.entries.get(key);
    if (entry !== undefined && !(await this.isCurrent(entry))) {
      this.evict(key, entry);
      entry = this.entries.get(key);
    }
    if (entry === undefined) {
      const head = await this.history.eventStore.headPosition();
      const created: Entry = {
        models: this.replay(userId, date),
        head,
        readAt: this.now(),
        readers: 0,
        evicted: false,
      };
      // A failed replay is not kept.
      created.models.catch(() => this.entries.get(key) === created && this.entries.delete(key));
      entry = created;
    } else this.entries.delete(key);
    this.entries.set(key, entry);
    for (const [oldest, old] of this.entries) {
      if (this.entries.size <= this.capacity) break;
      this.evict(oldest, old);
    }
    entry.readers += 1;
    try {
      return await work(await entry.models);
    } finally {
      entry.readers -= 1;
      if (entry.evicted && entry.readers === 0) await closeQuietly(entry);
    }
  }

  /** Whether a kept day still answers as a replay now would. */
  private async isCurrent(entry: Entry): Promise<boolean> {
    let models: PastReadModels;
    try {
      models = await entry.models;
    } catch {
      return false;
    }
    const settled = models.now.getTime() + 1 + CLOCK_MARGIN_MS <= entry.readAt;
    if (settled) return this.now() - entry.readAt < this.settledTtlMs;
    return (await this.history.eventStore.headPosition()) === entry.head;
  }

  private evict(key: string, entry: Entry): void {
    if (this.entries.get(key) === entry) this.entries.delete(key);
    if (entry.evicted) return;
    entry.evicted = true;
    if (entry.readers === 0) void closeQuietly(entry);
  }

  /** Replays when a turn is free; a finished replay hands its turn to the next one waiting. */
  private async replay(userId: string, date: string): Promise<PastReadModels> {
    if (this.running >= this.replaysAtOnce) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running += 1;
    try {
      return await replayUpTo(this.history, userId, date);
    } finally {
      const next = this.waiting.shift();
      if (next === undefined) this.running -= 1;
      else next();
    }
  }

  /** Closes every kept read model. */
  async close(): Promise<void> {
    const entries = [...this.entries.values()];
    this.entries.clear();
    await Promise.all(
      entries.map(async (entry) => {
        if (entry.evicted) return;
        entry.evicted = true;
        if (entry.readers === 0) await closeQuietly(entry);
      }),
    );
  }
}

async function closeQuietly(entry: Entry): Promise<void> {
  try {
    await (await entry.models).close();
  } catch {
    // A replay that failed holds nothing to close.
  }
}
