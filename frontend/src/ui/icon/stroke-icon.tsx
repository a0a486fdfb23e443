import type { ReactNode } from 'react';

/**
 * The frame every icon of the app is drawn in: a 24-unit box of round 2-unit strokes in the
 * text's color, decorative (the text next to it says what it means).
 */
export function StrokeIcon({
  size = 24,
  className,
  children,
}: {
  readonly size?: number;
  readonly className?: string;
  readonly children: ReactNode;
}) {
  return (
    <svg
      className={className}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}
