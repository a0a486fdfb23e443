import { describe, expect, it } from 'vitest';
import { percentFigure, wholePercent } from './percent.js';

describe('one rounding rule for percentages', () => {
  it('never shows a share as more than it is: 94.6 % reads 94 % until it is 95 %', () => {
    expect(percentFigure(9_460)).toEqual({ value: 94, fractionDigits: 0 });
    expect(percentFigure(9_499)).toEqual({ value: 94, fractionDigits: 0 });
    expect(percentFigure(9_500)).toEqual({ value: 95, fractionDigits: 0 });
    expect(wholePercent(9_460)).toBe(94);
  });

  it('keeps 100 % for a budget just over its limit', () => {
    expect(percentFigure(10_040)).toEqual({ value: 100, fractionDigits: 0 });
    expect(percentFigure(463_400)).toEqual({ value: 4_634, fractionDigits: 0 });
  });

  it('shows one decimal below 10 %, also rounded toward zero', () => {
    expect(percentFigure(996)).toEqual({ value: 9.9, fractionDigits: 1 });
    expect(percentFigure(1_000)).toEqual({ value: 10, fractionDigits: 0 });
    expect(percentFigure(125)).toEqual({ value: 1.2, fractionDigits: 1 });
    expect(percentFigure(500)).toEqual({ value: 5, fractionDigits: 0 });
  });

  it('shows a tiny share that is not zero as 0.1 %, and zero as 0 %', () => {
    expect(percentFigure(3)).toEqual({ value: 0.1, fractionDigits: 1 });
    expect(percentFigure(0)).toEqual({ value: 0, fractionDigits: 0 });
  });

  it('rounds negative shares toward zero too', () => {
    expect(percentFigure(-9_460)).toEqual({ value: -94, fractionDigits: 0 });
    expect(percentFigure(-125)).toEqual({ value: -1.2, fractionDigits: 1 });
    expect(percentFigure(-5_000n)).toEqual({ value: -50, fractionDigits: 0 });
  });
});
