import { vi } from 'vitest';

/**
 * How long a wait for a condition (`vi.waitFor`, and through the config `expect.poll` and Testing
 * Library's `findBy…` and `waitFor`) keeps trying before it fails. Their own defaults are 1 s,
 * which two cores shared with other builds and tests miss; a wait ends as soon as its condition
 * holds, so a longer bound costs a passing test nothing and only lets a failing one fail later.
 */
const WAIT_MS = 10_000;

// `vi.waitFor` has no configurable default: a call that names no timeout gets this one. (The
// setup runs before each file, and a worker may keep the same `vi` across files: wrapped once.)
const patched = Symbol.for('plenty.patientWaitFor');
const marked = vi.waitFor as typeof vi.waitFor & { [patched]?: true };
if (marked[patched] !== true) {
  const waitFor = vi.waitFor.bind(vi);
  const patient = ((callback, options) =>
    waitFor(callback, {
      timeout: WAIT_MS,
      ...(typeof options === 'number' ? { timeout: options } : options),
    })) as typeof vi.waitFor & { [patched]?: true };
  patient[patched] = true;
  vi.waitFor = patient;
}
