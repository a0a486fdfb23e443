import { IconShapeParts, type IconShape } from '../../ui/icon/icon-shape';
import { StrokeIcon } from '../../ui/icon/stroke-icon';

export type NavIconName =
  | 'dashboard'
  | 'transactions'
  | 'wallets'
  | 'recurring'
  | 'import'
  | 'debts'
  | 'reports'
  | 'budgets'
  | 'activity'
  | 'tags'
  | 'settings'
  | 'more';

/** 24 × 24 outlines in the style of the category icons (2 px round strokes, current color). */
const SHAPES: Record<NavIconName, IconShape> = {
  dashboard: [
    { rect: [3, 3, 7.5, 9, 1.5] },
    { rect: [13.5, 3, 7.5, 5, 1.5] },
    { rect: [13.5, 11, 7.5, 10, 1.5] },
    { rect: [3, 15, 7.5, 6, 1.5] },
  ],
  transactions: ['M7 4h13M7 4l3-2.5M7 4l3 2.5', 'M17 20H4M17 20l-3-2.5M17 20l-3 2.5', 'M4 12h16'],
  wallets: ['M19 7V5a1 1 0 0 0-1-1H5a2 2 0 0 0 0 4h15a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H5a2 2 0 0 1-2-2V6', 'M17 14h.01'],
  recurring: ['M17 2.5l3 3-3 3', 'M4 11.5v-1a5 5 0 0 1 5-5h11', 'M7 21.5l-3-3 3-3', 'M20 12.5v1a5 5 0 0 1-5 5H4'],
  import: ['M12 3v12', 'M7 10l5 5 5-5', 'M4 17v3a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-3'],
  debts: [{ rect: [2.5, 5, 19, 14, 2.5] }, 'M2.5 10h19', 'M6.5 15h4'],
  reports: ['M4 20V4', 'M4 20h16', 'M8.5 16v-5M13 16V7M17.5 16v-3'],
  budgets: ['M21 12a9 9 0 1 1-9-9v9z', 'M15 3.5A9 9 0 0 1 20.5 9H15z'],
  tags: ['M20.6 13.4l-7.2 7.2a2 2 0 0 1-2.8 0L3 13V3h10l7.6 7.6a2 2 0 0 1 0 2.8z', { circle: [7.5, 7.5, 1.5] }],
  activity: ['M3.5 12a8.5 8.5 0 1 0 2.5-6', 'M3 3.5V8h4.5', 'M12 7.5V12l3 2'],
  settings: [
    { circle: [12, 12, 3] },
    'M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1z',
  ],
  more: [{ circle: [5, 12, 1.25] }, { circle: [12, 12, 1.25] }, { circle: [19, 12, 1.25] }],
};

/** A section's icon, decorative: the label beside it names the section. */
export function NavIcon({ name, className }: { readonly name: NavIconName; readonly className?: string }) {
  return (
    <StrokeIcon size={22} {...(className === undefined ? {} : { className })}>
      <IconShapeParts shape={SHAPES[name]} />
    </StrokeIcon>
  );
}
