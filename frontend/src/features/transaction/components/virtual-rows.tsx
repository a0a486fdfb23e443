import { defaultRangeExtractor, useWindowVirtualizer, type Range } from '@tanstack/react-virtual';
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';

export interface VirtualRowsProps<T> {
  readonly items: readonly T[];
  /** Height of every row in CSS pixels: rows are placed without measuring, so nothing shifts. */
  readonly rowHeight: number;
  readonly label: string;
  readonly className: string | undefined;
  readonly itemClassName: string | undefined;
  readonly total?: number;
  /**
   * How many rows the list has in all, loaded or not (when known): the list has their height from
   * the start, so it does not grow under the reader as pages come; rows not loaded yet show
   * `placeholder` until they are.
   */
  readonly length?: number;
  readonly placeholder?: ReactNode;
  /** The index of the last row placed (loaded or not), whenever it changes: time to read more. */
  onLastPlaced?(index: number): void;
  rowKey(item: T): string;
  renderRow(item: T, index: number): ReactNode;
}

const OVERSCAN = 12;

/**
 * A list of any length in the page's own scroll (@tanstack/react-virtual's window virtualizer):
 * only the rows near the screen, and the one with focus, are in the document; the list keeps the
 * height of all its rows, so the page never jumps while rows come and go.
 */
export function VirtualRows<T>({
  items,
  rowHeight,
  label,
  className,
  itemClassName,
  total,
  length,
  placeholder,
  onLastPlaced,
  rowKey,
  renderRow,
}: VirtualRowsProps<T>) {
  const list = useRef<HTMLUListElement>(null);
  const [offset, setOffset] = useState(0);
  const focused = useRef<number | null>(null);
  const count = Math.max(items.length, length ?? 0);

  // Where the list starts in the page (filters and totals above it may change height).
  useLayoutEffect(() => {
    const element = list.current;
    if (element === null) return;
    const measure = () => setOffset(element.getBoundingClientRect().top + window.scrollY);
    measure();
    const observer = new ResizeObserver(measure);
    if (element.parentElement !== null) observer.observe(element.parentElement.parentElement ?? element.parentElement);
    return () => observer.disconnect();
  }, []);

  // The row with focus stays in the document while it scrolls away, so focus is not lost.
  const rangeExtractor = useCallback((range: Range) => {
    const indexes = defaultRangeExtractor(range);
    const keep = focused.current;
    if (keep !== null && keep < range.count && !indexes.includes(keep)) indexes.push(keep);
    return indexes.sort((a, b) => a - b);
  }, []);

  const virtualizer = useWindowVirtualizer({
    count,
    estimateSize: () => rowHeight,
    overscan: OVERSCAN,
    scrollMargin: offset,
    rangeExtractor,
    getItemKey: (index) => {
      const item = items[index];
      return item === undefined ? index : rowKey(item);
    },
  });

  const placed = virtualizer.getVirtualItems();
  const last = placed.at(-1)?.index ?? -1;
  useEffect(() => {
    if (last >= 0) onLastPlaced?.(last);
  }, [last, onLastPlaced]);

  return (
    <ul ref={list} className={className} aria-label={label} style={{ height: virtualizer.getTotalSize() }}>
      {placed.map((row) => {
        const item = items[row.index];
        if (item === undefined) {
          // A row of a page not read yet: its place, at its height, without a name to read.
          return (
            <li
              key={row.key}
              className={itemClassName}
              style={{ height: rowHeight, transform: `translateY(${row.start - virtualizer.options.scrollMargin}px)` }}
              aria-hidden="true"
              data-placeholder-row=""
            >
              {placeholder}
            </li>
          );
        }
        return (
          <li
            key={row.key}
            className={itemClassName}
            style={{ height: rowHeight, transform: `translateY(${row.start - virtualizer.options.scrollMargin}px)` }}
            aria-posinset={row.index + 1}
            aria-setsize={total ?? -1}
            onFocus={() => {
              focused.current = row.index;
            }}
            onBlur={() => {
              if (focused.current === row.index) focused.current = null;
            }}
          >
            {renderRow(item, row.index)}
          </li>
        );
      })}
    </ul>
  );
}
