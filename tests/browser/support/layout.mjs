// Measuring a page's layout in a journey: what reaches past the screen's edge, and where the
// header's and the page's content begin and end.
import assert from 'node:assert/strict';

/** A phone, and a smaller one: the widths every page must fit. */
export const PHONE = { width: 390, height: 844 };
export const SMALL_PHONE = { width: 360, height: 740 };

/**
 * What reaches past `width` on the page as it is now: the page's own scroll width, and each
 * element whose right edge lies past `width` and that no ancestor between it and the body clips
 * or scrolls sideways. A sideways-scrolling box whose content is wider than itself must be a
 * region a keyboard can reach and a screen reader can name.
 */
export function overflowIn(width) {
  const found = [];
  const describe = (element) => {
    const name = element.getAttribute('aria-label') ?? element.textContent ?? '';
    const classes = typeof element.className === 'string' ? element.className.split(' ')[0] : '';
    return `${element.tagName.toLowerCase()}${classes === '' ? '' : `.${classes}`} "${name.trim().slice(0, 40)}"`;
  };
  const scrollWidth = document.documentElement.scrollWidth;
  if (scrollWidth > width) found.push(`the page is ${scrollWidth} px wide`);
  const clips = (style) => ['auto', 'scroll', 'hidden', 'clip'].includes(style.overflowX);
  // Whether a box that scrolls or clips sideways holds the element: only the element's containing
  // blocks count, so an absolutely placed element escapes a scrolling box that is not positioned.
  const clippedOnTheWay = (element) => {
    let position = getComputedStyle(element).position;
    for (
      let parent = element.parentElement;
      parent !== null && parent !== document.body;
      parent = parent.parentElement
    ) {
      const style = getComputedStyle(parent);
      const positioned = style.position !== 'static' || style.transform !== 'none';
      const contains = position === 'fixed' ? style.transform !== 'none' : position !== 'absolute' || positioned;
      if (!contains) continue;
      if (clips(style)) return true;
      position = style.position;
    }
    return false;
  };
  for (const element of document.body.querySelectorAll('*')) {
    const rect = element.getBoundingClientRect();
    if (rect.width === 0 && rect.height === 0) continue;
    if (rect.right > width + 0.5) {
      const clipped = clippedOnTheWay(element);
      if (!clipped) found.push(`${describe(element)} ends at ${Math.round(rect.right)} px`);
    }
    const style = getComputedStyle(element);
    if (!['auto', 'scroll'].includes(style.overflowX) || element.scrollWidth <= element.clientWidth + 1) continue;
    const named = element.hasAttribute('aria-label') || element.hasAttribute('aria-labelledby');
    const reachable =
      element.tabIndex >= 0 || element.querySelector('a, button, input, select, [tabindex="0"]') !== null;
    if (!named || !reachable) found.push(`${describe(element)} scrolls sideways without a name or keyboard access`);
  }
  return found;
}

/**
 * Notes in `problems` what reaches past `width` on the page (after waiting a moment for charts
 * that follow a resize), so that one run lists every page that does not fit.
 */
export async function checkFits(page, width, where, problems) {
  await page
    .waitForFunction((wide) => document.documentElement.scrollWidth <= wide, width, { timeout: 3_000 })
    .catch(() => undefined);
  for (const found of await page.evaluate(overflowIn, width)) problems.push(`${where} at ${width} px: ${found}`);
}

/** Fails unless the page as it is now fits `width` (overflowIn finds nothing); `where` names it. */
export async function assertFits(page, width, where) {
  const found = await page.evaluate(overflowIn, width);
  assert.deepEqual(found, [], `${where} at ${width} px reaches past the right edge`);
}

/** Fails unless the page is no wider than `width` (its scroll width); `what` names it. */
export async function assertScrollFits(page, width, what) {
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(scrollWidth <= width, `${what} fits ${width} px (scroll width ${scrollWidth})`);
}

/** Where the header's content and the page's content begin and end, in px from the left. */
export function contentEdges() {
  const edges = (element) => {
    const style = getComputedStyle(element);
    const rect = element.getBoundingClientRect();
    const inset = (side) => parseFloat(style[`padding${side}`]) + parseFloat(style[`border${side}Width`]);
    return [Math.round(rect.left + inset('Left')), Math.round(rect.right - inset('Right'))];
  };
  return {
    header: edges(document.querySelector('header > div')),
    page: edges(document.querySelector('#main-content > :first-child')),
  };
}
