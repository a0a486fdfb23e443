import type { RecordedEvent } from '../event-store/port.js';

/** Publishes stored events to the bus; resolves only once the bus acknowledged all of them. */
export interface EventPublisher {
  publish(events: readonly RecordedEvent[]): Promise<void>;
  close(): Promise<void>;
}

/** An event the projector could not apply, set aside with the reason so the others go on. */
export interface DeadLetter {
  readonly event: RecordedEvent | null;
  /** The message as received, when it could not even be read as an event. */
  readonly raw: string | null;
  readonly reason: string;
  /** The projection that failed on it; null when the event could not be read or decoded. */
  readonly projection: string | null;
  /** The projections its user is quarantined in from this event on (see the projector's quarantine). */
  readonly quarantined?: readonly string[];
  readonly source: { readonly topic: string; readonly partition: number; readonly offset: string };
}

export interface DeadLetterSink {
  send(letter: DeadLetter): Promise<void>;
  close(): Promise<void>;
}
