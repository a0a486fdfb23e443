import { streamIds } from '@plenty/contracts/events/envelope';
import type { EventCodec } from '@plenty/platform/crypto/event-codec';
import type { EventStore, Position } from '@plenty/platform/event-store/port';
import { evolveProfile, initialProfileState, type ProfileState } from './profile.state.js';

const LIMIT = 10_000;

/** A tag renamed or deleted (tags.ts), where it stands among all events. */
export interface PositionedTagEvent {
  readonly position: Position;
  readonly type: 'TagRenamed' | 'TagDeleted';
  readonly data: { readonly from?: string; readonly to?: string; readonly tag?: string };
}

interface Entry {
  revision: number;
  state: ProfileState;
  /** The profile's tag renames and deletions, oldest first: a rule's tags are brought up to date by them. */
  tagEvents: readonly PositionedTagEvent[];
}

/**
 * Each user's folded profile, kept in memory and brought up to date on every use by
 * reading only the events after the cached revision, so it stays right with other writers.
 */
export class ProfileCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly eventStore: EventStore,
    private readonly codec: EventCodec,
  ) {}

  async load(userId: string): Promise<ProfileState> {
    return (await this.entry(userId)).state;
  }

  /** The user's tag renames and deletions with their positions, oldest first. */
  async tagEvents(userId: string): Promise<readonly PositionedTagEvent[]> {
    return (await this.entry(userId)).tagEvents;
  }

  private async entry(userId: string): Promise<Entry> {
    const cached = this.entries.get(userId) ?? { revision: -1, state: initialProfileState, tagEvents: [] };
    const newer = await this.eventStore.readStream(streamIds.profile(userId), { fromRevision: cached.revision + 1 });
    let { revision, state, tagEvents } = cached;
    for (const event of newer) {
      if (event.metadata.userId !== userId) continue;
      // Unchecked, as every decision reads its history (pipeline/run-command.ts).
      const decoded = await this.codec.decode(event, { validate: false });
      state = evolveProfile(state, decoded);
      if (decoded.type === 'TagRenamed' || decoded.type === 'TagDeleted') {
        tagEvents = [
          ...tagEvents,
          { position: event.position, type: decoded.type, data: decoded.data as PositionedTagEvent['data'] },
        ];
      }
      revision = event.revision;
    }
    this.entries.delete(userId);
    if (this.entries.size >= LIMIT) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    const entry = { revision, state, tagEvents };
    this.entries.set(userId, entry);
    return entry;
  }

  forget(userId: string): void {
    this.entries.delete(userId);
  }
}
