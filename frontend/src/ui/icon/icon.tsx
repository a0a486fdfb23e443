import { ICON_SHAPES, isIconName } from './icon-set';
import { IconShapeParts } from './icon-shape';
import { StrokeIcon } from './stroke-icon';

export interface IconProps {
  /** A name of the bundled set; an unknown name shows the "more" dots. */
  readonly name: string;
  readonly size?: number;
  readonly className?: string;
}

/** A bundled icon, decorative: the text next to it says what it means. */
export function Icon({ name, size = 24, className }: IconProps) {
  return (
    <StrokeIcon size={size} {...(className === undefined ? {} : { className })}>
      <IconShapeParts shape={isIconName(name) ? ICON_SHAPES[name] : ICON_SHAPES.dots} />
    </StrokeIcon>
  );
}
