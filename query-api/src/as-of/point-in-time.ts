import { replayUpTo, type EventHistory, type PastReadModels } from './replay.js';

interface Entry {
  readonly models: Promise<PastReadModels>;
  /** Requests reading it now: an evicted entry is closed when the last one is done. */
  readers: number;
  evicted: boolean;
}

/** Past read models kept by default: a user moving between the dashboard and the reports of one day. */
export const DEFAULT_CACHED_DAYS = 4;
/** Replays that run at once; more wait their turn, so a burst of past days cannot take every core. */
export const REPLAYS_AT_ONCE = 2;

/**
 * Read models of a user at the end of a past day, replayed from their events and kept in a
 * small LRU keyed by (user, day, head position of the event store): any new event makes a
 * new key, so a cached answer is never stale, and a repeated look at the same day (the
 * dashboard, then the reports, then another month) replays once.
 */
export class PointInTime {
  private readonly entries = new Map<string, Entry>();
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly history: EventHistory,
    private readonly capacity = DEFAULT_CACHED_DAYS,
    private readonly replaysAtOnce = REPLAYS_AT_ONCE,
  ) {}

  /** Replays when a turn is free. */
  private async replay(userId: string, date: string): Promise<PastReadModels> {
    // A finished replay hands its turn to the next one waiting.
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

  async read<T>(userId: string, date: string, work: (models: PastReadModels) => Promise<T>): Promise<T> {
    const head = await this.history.eventStore.headPosition();
    const key = JSON.stringify([userId, date, head]);
    let entry = this.entries.get(key);
    if (entry === undefined) {
      entry = { models: this.replay(userId, date), readers: 0, evicted: false };
      // A failed replay is not kept.
      entry.models.catch(() => this.entries.get(key) === entry && this.entries.delete(key));
    } else this.entries.delete(key);
    this.entries.set(key, entry);
    this.evictBeyondCapacity();
    entry.readers += 1;
    try {
      return await work(await entry.models);
    } finally {
      entry.readers -= 1;
      if (entry.evicted && entry.readers === 0) await closeQuietly(entry);
    }
  }

  private evictBeyondCapacity(): void {
    for (const [key, entry] of this.entries) {
      if (this.entries.size <= this.capacity) break;
      this.entries.delete(key);
      entry.evicted = true;
      if (entry.readers === 0) void closeQuietly(entry);
    }
  }

  /** Closes every kept read model. */
  async close(): Promise<void> {
    const entries = [...this.entries.values()];
    this.entries.clear();
    for (const entry of entries) entry.evicted = true;
    await Promise.all(entries.filter((entry) => entry.readers === 0).map(closeQuietly));
  }
}

async function closeQuietly(entry: Entry): Promise<void> {
  try {
    await (await entry.models).close();
  } catch {
    // A replay that failed holds nothing to close.
  }
}
