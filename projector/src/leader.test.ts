import { describe, expect, it } from 'vitest';
import type { LeaseStore } from '@plenty/platform/lease/port';
import { runWhileLeader } from './leader.js';

/** Leases in memory with a clock the test moves. */
function memoryLeases() {
  let now = 0;
  let broken = false;
  const held = new Map<string, { owner: string; expiresAt: number }>();
  const store: LeaseStore = {
    async acquire(name, owner, ttlMs) {
      if (broken) throw new Error('database unreachable');
      const lease = held.get(name);
      if (lease !== undefined && lease.owner !== owner && lease.expiresAt > now) return false;
      held.set(name, { owner, expiresAt: now + ttlMs });
      return true;
    },
    async release(name, owner) {
      if (held.get(name)?.owner === owner) held.delete(name);
    },
  };
  return { store, advance: (ms: number) => (now += ms), breakIt: (value: boolean) => (broken = value) };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 40));

describe('leader election', () => {
  it('runs the job on one instance only, and on the other once the first stops', async () => {
    const leases = memoryLeases();
    const running: string[] = [];
    const instance = (owner: string) =>
      runWhileLeader({
        leases: leases.store,
        name: 'relay',
        owner,
        ttlMs: 60,
        renewEveryMs: 10,
        lead: async () => void running.push(owner),
        abdicate: async () => void running.splice(running.indexOf(owner), 1),
      });
    const a = instance('a');
    await settle();
    const b = instance('b');
    await settle();
    expect(running).toEqual(['a']);
    await a.stop();
    await settle();
    expect(running).toEqual(['b']);
    await b.stop();
    expect(running).toEqual([]);
  });

  it('stops the job when the lease can no longer be renewed', async () => {
    const leases = memoryLeases();
    let runs = 0;
    const leader = runWhileLeader({
      leases: leases.store,
      name: 'relay',
      owner: 'a',
      ttlMs: 60,
      renewEveryMs: 10,
      lead: async () => void (runs += 1),
      abdicate: async () => void (runs -= 1),
    });
    await settle();
    expect(leader.leading).toBe(true);
    leases.breakIt(true);
    await settle();
    expect(leader.leading).toBe(false);
    expect(runs).toBe(0);
    leases.breakIt(false);
    await settle();
    expect(leader.leading).toBe(true);
    await leader.stop();
  });
});
