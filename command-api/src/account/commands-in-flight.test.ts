import { describe, expect, it } from 'vitest';
import type { ErasedUsers } from '@plenty/platform/auth/erased-users';
import { CommandsInFlight, commandsInFlightOf } from './commands-in-flight.js';

const record = (erased: readonly string[] = []): ErasedUsers => ({
  has: async (uid: string) => erased.includes(uid),
});

describe('commands in flight shared by one record of erased users', () => {
  it('are the same for the same record, so an erasure waits for the restore route’s requests too', async () => {
    const erased = record();
    const commands = commandsInFlightOf(erased);
    const restore = commandsInFlightOf(erased);
    expect(restore).toBe(commands);
    expect(commandsInFlightOf(record())).not.toBe(commands);
    expect(commands).toBeInstanceOf(CommandsInFlight);

    let finish: () => void = () => undefined;
    let started: () => void = () => undefined;
    const underWay = new Promise<void>((done) => (started = done));
    const running = restore.run(
      'noy',
      () =>
        new Promise<void>((done) => {
          finish = done;
          started();
        }),
    );
    await underWay;
    let settled = false;
    const waiting = commands.settled('noy').then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    finish();
    await running;
    await waiting;
    expect(settled).toBe(true);
  });
});
