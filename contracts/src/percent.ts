/**
 * The one rule for writing a share as a percentage, used by the web app (dashboard, reports,
 * insights, alerts) and the mails alike, so one figure never reads as 95 % in one place and
 * 94 % in another.
 *
 * A share is an integer of basis points (10000 = 100 %). It is shown in whole percents, with
 * one decimal below 10 % so that small shares do not all read as 0 %, and it is always
 * **rounded toward zero** at that precision: 94.6 % used reads "94 %" until it really is 95 %,
 * 9.96 % reads "9.9 %", 100.4 % reads "100 %" (the budget's status says it is over). A share
 * that is not zero but smaller than the smallest step shows that step (0.1 %), so spending that
 * exists never reads as nothing.
 */
export interface PercentFigure {
  /** The percentage to write, e.g. 94 or 9.9 (sign kept). */
  readonly value: number;
  /** Decimals to write it with: 1 below 10 %, else 0. */
  readonly fractionDigits: 0 | 1;
}

/** Basis points below which one decimal is shown (10 %). */
const ONE_DECIMAL_BELOW = 1_000;

export function percentFigure(basisPoints: number | bigint): PercentFigure {
  const bp = BigInt(basisPoints);
  const negative = bp < 0n;
  const magnitude = negative ? -bp : bp;
  const sign = negative ? -1 : 1;
  if (magnitude < BigInt(ONE_DECIMAL_BELOW)) {
    // Tenths of a percent: 10 basis points each, rounded toward zero, at least one when not zero.
    const tenths = magnitude === 0n ? 0n : magnitude < 10n ? 1n : magnitude / 10n;
    return { value: (sign * Number(tenths)) / 10 || 0, fractionDigits: tenths % 10n === 0n ? 0 : 1 };
  }
  return { value: sign * Number(magnitude / 100n), fractionDigits: 0 };
}

/** The whole percent of a share, rounded toward zero (what a mail's "{percent}%" shows past 10 %). */
export const wholePercent = (basisPoints: number | bigint): number => {
  const bp = BigInt(basisPoints);
  return Number(bp / 100n);
};
