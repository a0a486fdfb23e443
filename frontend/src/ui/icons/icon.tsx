import { ICON_SHAPES, isIconName } from './icon-set';

export interface IconProps {
  /** A name of the bundled set; an unknown name shows the "more" dots. */
  readonly name: string;
  readonly size?: number;
  readonly className?: string;
}

/** A bundled icon, decorative: the text next to it says what it means. */
export function Icon({ name, size = 24, className }: IconProps) {
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
      {isIconName(name) ? ICON_SHAPES[name] : ICON_SHAPES.dots}
    </svg>
  );
}
