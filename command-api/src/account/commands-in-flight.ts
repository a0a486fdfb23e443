import type { ErasedUsers } from '@plenty/platform/auth/erased-users';
import { HttpError } from '@plenty/platform/http/errors';

/**
 * The commands of each user under way in this instance. A command starts only for a user
 * who is not being erased, and an erasure waits for the commands already under way before
 * it destroys the user's key and lists their streams: none of them can then append after
 * the streams were deleted, or need a key after it was destroyed.
 */
export class CommandsInFlight {
  private readonly running = new Map<string, { count: number; readonly waiting: (() => void)[] }>();

  constructor(private readonly erased: ErasedUsers) {}

  async run<T>(uid: string, command: () => Promise<T>): Promise<T> {
    if (await this.erased.has(uid)) throw new HttpError(401, 'unauthenticated', 'Sign in again to continue.');
    // Counted in the same turn as the check: an erasure marked after it waits for this command.
    const entry = this.running.get(uid) ?? { count: 0, waiting: [] };
    entry.count += 1;
    this.running.set(uid, entry);
    try {
      return await command();
    } finally {
      entry.count -= 1;
      if (entry.count === 0) {
        this.running.delete(uid);
        for (const done of entry.waiting) done();
      }
    }
  }

  /** Resolves once no command of the user is under way. */
  settled(uid: string): Promise<void> {
    const entry = this.running.get(uid);
    if (entry === undefined) return Promise.resolve();
    return new Promise((resolve) => entry.waiting.push(resolve));
  }
}

const shared = new WeakMap<ErasedUsers, CommandsInFlight>();

/**
 * The commands in flight of one record of erased users: the command API and the routes beside it
 * (a restore's events) given the same record count their commands in one place, which the
 * account erasure waits for.
 */
export function commandsInFlightOf(erased: ErasedUsers): CommandsInFlight {
  const known = shared.get(erased);
  if (known !== undefined) return known;
  const inFlight = new CommandsInFlight(erased);
  shared.set(erased, inFlight);
  return inFlight;
}
