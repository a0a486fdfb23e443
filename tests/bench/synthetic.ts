/** What the benchmarks' generated data is made of, and how long they run. */

/** `--quick` on the command line: smaller data sets and fewer runs (CI and the test suite). */
export const quick = process.argv.includes('--quick');

/** The built-in categories generated expenses are spread over. */
export const CATEGORIES = [
  'builtin-food',
  'builtin-transport',
  'builtin-housing',
  'builtin-shopping',
  'builtin-health',
];
/** The currencies generated amounts are spread over. */
export const CURRENCIES = ['LAK', 'THB', 'USD'] as const;

/** The id of the n-th generated item: a UUID v7 shape with `n` in hexadecimal at its end. */
export const syntheticId = (n: number) => `0190c7a4-0000-7000-8000-${n.toString(16).padStart(12, '0')}`;
