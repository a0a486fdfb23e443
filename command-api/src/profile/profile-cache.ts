import { streamIds } from '@plenty/contracts/events/envelope';
import type { EventCodec } from '@plenty/platform/crypto/event-codec';
import type { EventStore } from '@plenty/platform/event-store/port';
import { evolveProfile, initialProfileState, type ProfileState } from './profile.state.js';

const LIMIT = 10_000;

/**
 * Each user's folded profile, kept in memory and brought up to date on every use by
 * reading only the events after the cached revision, so it stays right with other writers.
 */
export class ProfileCache {
  private readonly entries = new Map<string, { revision: number; state: ProfileState }>();

  constructor(
    private readonly eventStore: EventStore,
    private readonly codec: EventCodec,
  ) {}

  async load(userId: string): Promise<ProfileState> {
    const cached = this.entries.get(userId) ?? { revision: -1, state: initialProfileState };
    const newer = await this.eventStore.readStream(streamIds.profile(userId), { fromRevision: cached.revision + 1 });
    let { revision, state } = cached;
    for (const event of newer) {
      if (event.metadata.userId !== userId) continue;
      // Unchecked, as every decision reads its history (pipeline/run-command.ts).
      state = evolveProfile(state, await this.codec.decode(event, { validate: false }));
      revision = event.revision;
    }
    this.entries.delete(userId);
    if (this.entries.size >= LIMIT) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(userId, { revision, state });
    return state;
  }

  forget(userId: string): void {
    this.entries.delete(userId);
  }
}
