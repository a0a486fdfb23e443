import { isRepresentable, saturate } from './money.js';

/**
 * An answer as a query computes it: any number in it may be an exact bigint (a sum of many
 * amounts, a conversion with the user's rates), which `finishFigures` turns into a number.
 */
export type Exact<T> = T extends number
  ? number | bigint
  : T extends readonly (infer U)[]
    ? Exact<U>[]
    : T extends object
      ? { [K in keyof T]: Exact<T[K]> }
      : T;

/**
 * The answer with every exact figure as a JSON number, by the one rule of `saturate`: exact
 * while a safe integer, ±(2^53 − 1) beyond. `outOfRange` says whether any figure saturated.
 */
export function finishFigures<T>(value: Exact<T>): { readonly value: T; readonly outOfRange: boolean } {
  let outOfRange = false;
  const walk = (node: unknown): unknown => {
    if (typeof node === 'bigint') {
      if (!isRepresentable(node)) outOfRange = true;
      return saturate(node);
    }
    if (Array.isArray(node)) return node.map(walk);
    if (node !== null && typeof node === 'object' && Object.getPrototypeOf(node) === Object.prototype) {
      return Object.fromEntries(Object.entries(node).map(([key, child]) => [key, walk(child)]));
    }
    return node;
  };
  const finished = walk(value) as T;
  return { value: finished, outOfRange };
}

/** Compares exact figures for sorting, largest first. */
export const largestFirst = (a: bigint, b: bigint): number => (a > b ? -1 : a < b ? 1 : 0);
