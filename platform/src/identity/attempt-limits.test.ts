import { describe, expect, it } from 'vitest';
import { AttemptCounter } from './attempt-limits.js';

describe('attempt counter', () => {
  it('allows the limit, then says how long to wait until the window ends', () => {
    let now = 1_000_000;
    const counter = new AttemptCounter({ limit: 3, windowMs: 60_000 }, () => now);
    for (let i = 0; i < 3; i += 1) {
      expect(counter.retryAfter('a@example.test')).toBe(0);
      counter.record('a@example.test');
    }
    expect(counter.retryAfter('a@example.test')).toBe(60);
    now += 45_500;
    expect(counter.retryAfter('a@example.test')).toBe(15);
    expect(counter.retryAfter('b@example.test')).toBe(0);
    now += 15_000;
    expect(counter.retryAfter('a@example.test')).toBe(0);
  });

  it('forgets a key on request and keeps at most maxKeys windows', () => {
    const counter = new AttemptCounter({ limit: 1, windowMs: 60_000 }, () => 0, 2);
    counter.record('a');
    counter.forget('a');
    expect(counter.retryAfter('a')).toBe(0);
    counter.record('a');
    counter.record('b');
    counter.record('c');
    expect(counter.retryAfter('a')).toBe(0);
    expect(counter.retryAfter('c')).toBe(1 * 60);
  });
});
