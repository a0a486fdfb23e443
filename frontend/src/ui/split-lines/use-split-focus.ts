import { useEffect, useRef, type MutableRefObject } from 'react';

/** Where the keyboard goes once a split is made or undone. */
export type SplitFocusTarget = 'lines' | 'start';

/**
 * Split and Unsplit take their own button away: once `splitting` has changed, the keyboard's focus
 * goes to what took its place (the first line's category, or Split again) instead of falling back
 * to the page. The caller sets the ref's target before changing `splitting`; `within` is a selector
 * the element is looked for in (a dialog), or the whole document.
 */
export function useSplitFocus(splitting: boolean, within = ''): MutableRefObject<SplitFocusTarget | null> {
  const target = useRef<SplitFocusTarget | null>(null);
  useEffect(() => {
    const next = target.current;
    target.current = null;
    if (next === null) return;
    const selector = next === 'lines' ? '[data-testid="split-category"]' : '[data-testid="split-start"]';
    document.querySelector<HTMLElement>(within === '' ? selector : `${within} ${selector}`)?.focus();
  }, [splitting, within]);
  return target;
}
