import type { KeyboardEvent } from 'react';

/**
 * Where arrow keys, Home and End move in a one-dimensional group of controls (radio groups,
 * tab lists): the next or previous one, wrapping, mirrored for right-to-left text; Up and Down
 * count too unless the group is horizontal only (tabs). Null when the key does not move.
 */
export function rovingTarget(
  event: KeyboardEvent<HTMLElement>,
  index: number,
  count: number,
  options: { readonly horizontalOnly?: boolean } = {},
): number | null {
  const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
  const vertical = options.horizontalOnly !== true;
  const last = count - 1;
  const forward = (vertical && event.key === 'ArrowDown') || event.key === (rtl ? 'ArrowLeft' : 'ArrowRight');
  const backward = (vertical && event.key === 'ArrowUp') || event.key === (rtl ? 'ArrowRight' : 'ArrowLeft');
  if (forward) return (index + 1) % count;
  if (backward) return (index + last) % count;
  if (event.key === 'Home') return 0;
  if (event.key === 'End') return last;
  return null;
}
