/**
 * An icon's outline as data: each part is a `<path d>` string or a circle, rectangle or ellipse
 * given by its numbers, drawn inside a StrokeIcon (24 × 24, round 2 px strokes, current color).
 */
export type IconPart =
  | string
  | { readonly circle: readonly [cx: number, cy: number, r: number] }
  | {
      readonly rect: readonly [x: number, y: number, width: number, height: number, rx: number];
      readonly rotate?: number;
    }
  | { readonly ellipse: readonly [cx: number, cy: number, rx: number, ry: number] };

export type IconShape = readonly IconPart[];

function renderPart(part: IconPart, key: number) {
  if (typeof part === 'string') return <path key={key} d={part} />;
  if ('circle' in part) {
    const [cx, cy, r] = part.circle;
    return <circle key={key} cx={cx} cy={cy} r={r} />;
  }
  if ('ellipse' in part) {
    const [cx, cy, rx, ry] = part.ellipse;
    return <ellipse key={key} cx={cx} cy={cy} rx={rx} ry={ry} />;
  }
  const [x, y, width, height, rx] = part.rect;
  const transform = part.rotate === undefined ? {} : { transform: `rotate(${part.rotate} 12 12)` };
  return <rect key={key} x={x} y={y} width={width} height={height} rx={rx} {...transform} />;
}

/** The SVG elements of one icon shape, in order. */
export function IconShapeParts({ shape }: { readonly shape: IconShape }) {
  return <>{shape.map(renderPart)}</>;
}
