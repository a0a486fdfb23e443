import { useEffect, useRef, useState, type ReactNode } from 'react';
import styles from './reveal.module.css';

/** How far into the viewport (px) an element must come before it appears. */
const REVEAL_OFFSET_PX = 120;

function motionAllowed(): boolean {
  return typeof IntersectionObserver !== 'undefined' && !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * Fades its content up once, the first time it scrolls 120 px into view (800 ms, ease-out
 * cubic, 50 ms delay). With reduced motion, or without IntersectionObserver, it simply shows.
 */
export function Reveal({ children, className = '' }: { readonly children: ReactNode; readonly className?: string }) {
  const element = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'static' | 'hidden' | 'shown'>(() => (motionAllowed() ? 'hidden' : 'static'));

  useEffect(() => {
    const target = element.current;
    if (state !== 'hidden' || target === null) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setState('shown');
          observer.disconnect();
        }
      },
      { rootMargin: `0px 0px -${REVEAL_OFFSET_PX}px 0px` },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [state]);

  const motion = state === 'static' ? '' : styles[state];
  return (
    <div ref={element} className={`${motion} ${className}`} data-reveal={state}>
      {children}
    </div>
  );
}
