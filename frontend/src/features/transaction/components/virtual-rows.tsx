import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';

export interface VirtualRowsProps<T> {
  readonly items: readonly T[];
  /** Height of every row in CSS pixels; rows are laid out at fixed offsets. */
  readonly rowHeight: number;
  readonly label: string;
  readonly className: string | undefined;
  readonly itemClassName: string | undefined;
  readonly total?: number;
  rowKey(item: T): string;
  renderRow(item: T, index: number): ReactNode;
}

const OVERSCAN = 12;

/**
 * A list of any length in the page's own scroll: only the rows near the screen (and the one with
 * focus) are in the document, so tens of thousands of loaded rows stay smooth.
 */
export function VirtualRows<T>({
  items,
  rowHeight,
  label,
  className,
  itemClassName,
  total,
  rowKey,
  renderRow,
}: VirtualRowsProps<T>) {
  const list = useRef<HTMLUListElement>(null);
  const [range, setRange] = useState({ start: 0, end: Math.min(items.length, 30) });
  const [focused, setFocused] = useState<number | null>(null);
  const count = items.length;

  useLayoutEffect(() => {
    let frame = 0;
    const measure = () => {
      frame = 0;
      const element = list.current;
      if (element === null) return;
      const top = element.getBoundingClientRect().top;
      const start = Math.max(0, Math.floor(-top / rowHeight) - OVERSCAN);
      const end = Math.min(count, Math.max(start, Math.ceil((window.innerHeight - top) / rowHeight) + OVERSCAN));
      setRange((previous) => (previous.start === start && previous.end === end ? previous : { start, end }));
    };
    const schedule = () => {
      if (frame === 0) frame = requestAnimationFrame(measure);
    };
    measure();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      if (frame !== 0) cancelAnimationFrame(frame);
    };
  }, [count, rowHeight]);

  const indexes: number[] = [];
  for (let index = range.start; index < range.end; index += 1) indexes.push(index);
  if (focused !== null && focused < count && (focused < range.start || focused >= range.end)) indexes.push(focused);

  return (
    <ul ref={list} className={className} aria-label={label} style={{ height: count * rowHeight }}>
      {indexes.map((index) => {
        const item = items[index];
        if (item === undefined) return null;
        return (
          <li
            key={rowKey(item)}
            className={itemClassName}
            style={{ height: rowHeight, transform: `translateY(${index * rowHeight}px)` }}
            aria-posinset={index + 1}
            aria-setsize={total ?? -1}
            onFocus={() => setFocused(index)}
            onBlur={() => setFocused((current) => (current === index ? null : current))}
          >
            {renderRow(item, index)}
          </li>
        );
      })}
    </ul>
  );
}
