import type { NotificationLogger } from './spending-alert-mailer.js';

/**
 * The loop the scheduled mailers share: on start and every interval (0 never) one `runOnce`, never
 * two at a time; a failed run is logged and the next interval tries again. `stop` waits for the
 * run under way.
 */
export abstract class PeriodicMailer {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;

  protected constructor(
    private readonly intervalMs: number,
    private readonly failure: string,
    private readonly logger: NotificationLogger | undefined,
  ) {}

  /** Sends every mail due now; answers how many were sent. */
  abstract runOnce(): Promise<number>;

  start(): void {
    if (this.intervalMs <= 0 || this.timer !== null) return;
    this.timer = setInterval(() => void this.tick(), this.intervalMs);
    this.timer.unref();
    void this.tick();
  }

  async stop(): Promise<void> {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
    await this.running?.catch(() => undefined);
  }

  private async tick(): Promise<void> {
    if (this.running !== null) return;
    this.running = this.runOnce();
    try {
      await this.running;
    } catch (error) {
      this.logger?.error({ err: error }, this.failure);
    } finally {
      this.running = null;
    }
  }
}
