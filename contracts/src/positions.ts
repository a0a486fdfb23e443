/*
 * Event store positions as the APIs hand them out (`position` of a command's answer,
 * `X-Position` of a query's): decimal integers, or EventStoreDB's `commit/prepare` pairs.
 * Shared by the server and the web app, which waits for its own writes with them.
 */

/** Positions are decimal integers, optionally `commit/prepare` pairs; compares numerically. */
export function comparePositions(a: string, b: string): number {
  if (a === b) return 0;
  // One plain number each, without leading zeros (the embedded store's positions): the longer
  // is larger, and equal lengths compare as text. Projections compare on every document they read.
  if (isPlainNumber(a) && isPlainNumber(b)) {
    if (a.length !== b.length) return a.length < b.length ? -1 : 1;
    return a < b ? -1 : 1;
  }
  const pa = a.split('/').map((p) => BigInt(p));
  const pb = b.split('/').map((p) => BigInt(p));
  for (let i = 0; i < Math.max(pa.length, pb.length); i += 1) {
    const x = pa[i] ?? 0n;
    const y = pb[i] ?? 0n;
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}

const isPlainNumber = (position: string): boolean =>
  (position.length === 1 || position.charCodeAt(0) !== 48) && !position.includes('/') && position.length <= 20;

export function isPosition(value: string): boolean {
  return /^\d{1,20}(\/\d{1,20})?$/.test(value);
}
