import type { EventStore } from '@plenty/platform/event-store/port';

/** A loop applying batches while events keep coming (`startTail`). */
export interface Tail {
  /** False once stopped, or once a batch failed. */
  readonly running: boolean;
  /** Ends the loop after the batch in flight, if any. */
  stop(): Promise<void>;
}

/**
 * Runs `step` (one batch; answers how many events it applied) again and again while it finds
 * events, then sleeps until the event store says it took an append or `pollIntervalMs` passes
 * (appends by another process are not told). A step that throws ends the loop and is handed to
 * `failed`.
 */
export function startTail(
  eventStore: EventStore,
  pollIntervalMs: number,
  step: () => Promise<number>,
  failed: (error: unknown) => void,
): Tail {
  let running = true;
  let wake: (() => void) | null = null;
  // Set by every append notification, so one that arrives between a read and the sleep is not lost.
  let appendedSinceRead = false;
  let unsubscribe: (() => void) | null = eventStore.onAppended(() => {
    appendedSinceRead = true;
    wake?.();
  });
  let pollTimer: NodeJS.Timeout | null = setInterval(() => wake?.(), pollIntervalMs);
  pollTimer.unref();

  function detach(): void {
    unsubscribe?.();
    unsubscribe = null;
    if (pollTimer !== null) clearInterval(pollTimer);
    pollTimer = null;
  }

  async function loop(): Promise<void> {
    while (running) {
      try {
        appendedSinceRead = false;
        const applied = await step();
        if (applied > 0) continue;
      } catch (error) {
        running = false;
        detach();
        failed(error);
        return;
      }
      // Stopped while that batch was read: do not go to sleep with nobody left to wake us.
      if (!running) return;
      if (appendedSinceRead) continue;
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
      wake = null;
    }
  }

  const done = loop();
  return {
    get running() {
      return running;
    },
    async stop() {
      running = false;
      detach();
      wake?.();
      await done;
    },
  };
}
