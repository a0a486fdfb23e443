import { END, excludeSystemEvents } from '@eventstore/db-client';
import type { EsdbDeletions } from './esdb-deletions.js';
import { RESUBSCRIBE_DELAY_MS, isSystemEvent, type EsdbClient, type EsdbSubscription } from './esdb-mapping.js';

/**
 * The listeners of `onAppended`, woken by this process's appends and, through a live
 * subscription to $all from its end, by appends of other processes. The subscription is open
 * while anyone listens and is opened again after it drops.
 */
export class EsdbLiveAppends {
  private readonly listeners = new Set<() => void>();
  private subscription: EsdbSubscription | null = null;
  private resubscribeTimer: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(
    private readonly client: Pick<EsdbClient, 'subscribeToAll'>,
    private readonly deletions: EsdbDeletions,
  ) {}

  onAppended(listener: () => void): () => void {
    if (this.closed) return () => undefined;
    this.listeners.add(listener);
    if (this.subscription === null && this.resubscribeTimer === null) this.subscribe();
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) void this.stopSubscription();
    };
  }

  notify(): void {
    for (const listener of [...this.listeners]) {
      try {
        listener();
      } catch {
        // A failing listener must not affect the writers or the other listeners.
      }
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    this.listeners.clear();
    await this.stopSubscription();
  }

  private subscribe(): void {
    let subscription: EsdbSubscription;
    try {
      subscription = this.client.subscribeToAll({
        fromPosition: END,
        filter: excludeSystemEvents(),
        resolveLinkTos: false,
      });
    } catch {
      this.scheduleResubscribe();
      return;
    }
    this.subscription = subscription;
    let dropped = false;
    const drop = () => {
      if (dropped) return;
      dropped = true;
      if (this.subscription !== subscription) return;
      this.subscription = null;
      this.scheduleResubscribe();
    };
    subscription.on('data', (resolved) => {
      const event = resolved.event;
      if (event === undefined || this.deletions.learn(event)) return;
      if (!isSystemEvent(event)) this.notify();
    });
    // Appends made while the subscription was being set up may have been missed: wake once.
    subscription.on('confirmation', () => this.notify());
    subscription.on('error', drop);
    subscription.on('end', drop);
    subscription.on('close', drop);
  }

  private scheduleResubscribe(): void {
    if (this.closed || this.listeners.size === 0 || this.resubscribeTimer !== null) return;
    this.resubscribeTimer = setTimeout(() => {
      this.resubscribeTimer = null;
      if (!this.closed && this.listeners.size > 0 && this.subscription === null) this.subscribe();
    }, RESUBSCRIBE_DELAY_MS);
    this.resubscribeTimer.unref();
  }

  private async stopSubscription(): Promise<void> {
    if (this.resubscribeTimer !== null) {
      clearTimeout(this.resubscribeTimer);
      this.resubscribeTimer = null;
    }
    const subscription = this.subscription;
    this.subscription = null;
    if (subscription === null) return;
    try {
      await subscription.unsubscribe();
    } catch {
      // The subscription is gone either way.
    }
  }
}
