import { expect } from 'vitest';

/** What a function is called with and what it must answer. */
export type Answer<F extends (...args: never[]) => unknown> = readonly [args: Parameters<F>, answer: ReturnType<F>];

/**
 * Expects `fn` to answer each call of `cases` as written there (deep equality), naming the
 * call's first argument in a failure: a table of inputs instead of one `expect` line each.
 */
export function expectAnswers<F extends (...args: never[]) => unknown>(fn: F, cases: readonly Answer<F>[]): void {
  for (const [args, answer] of cases) expect(fn(...args), String(args[0])).toEqual(answer);
}
