import type { IconShape } from './icon-shape';

/**
 * The bundled icons a category can use: 24 × 24, drawn with 2 px round strokes in the current
 * color, so every icon reads the same at any size and in both themes. Keys are the names the
 * API stores (`icon` of a category).
 */
export const ICON_SHAPES = {
  utensils: ['M6 3v8a2 2 0 0 0 2 2v8', 'M10 3v8a2 2 0 0 1-2 2', 'M8 3v6', 'M18 21V3c-2.5 1.5-3.5 4-3.5 7.5V14H18'],
  coffee: ['M4 9h12v6a5 5 0 0 1-5 5H9a5 5 0 0 1-5-5z', 'M16 11h1.5a2.5 2.5 0 0 1 0 5H16', 'M8 3v3M12 3v3'],
  cart: [
    'M3 4h2.5l2.2 10.5a1.5 1.5 0 0 0 1.5 1.2h8.1a1.5 1.5 0 0 0 1.5-1.1L20.5 8H6.4',
    { circle: [9.5, 19.5, 1.5] },
    { circle: [17.5, 19.5, 1.5] },
  ],
  'shopping-bag': ['M5 8h14l-1 12a1.5 1.5 0 0 1-1.5 1.4h-9A1.5 1.5 0 0 1 6 20z', 'M9 10V7a3 3 0 0 1 6 0v3'],
  shirt: ['M8 3 3 6l2 5 2-1v11h10V10l2 1 2-5-5-3a4 4 0 0 1-8 0z'],
  bus: [
    { rect: [4, 3, 16, 15, 3] },
    'M4 11h16M8 3v8M16 3v8',
    'M7 18v3M17 18v3',
    { circle: [8, 14.5, 0.5] },
    { circle: [16, 14.5, 0.5] },
  ],
  car: [
    'M5 16V12l2-5a2 2 0 0 1 1.9-1.3h6.2A2 2 0 0 1 17 7l2 5v4',
    { rect: [3, 12, 18, 5, 1.5] },
    'M6 17v2.5M18 17v2.5',
    { circle: [7.5, 14.5, 0.5] },
    { circle: [16.5, 14.5, 0.5] },
  ],
  motorbike: [
    { circle: [5.5, 16.5, 3.5] },
    { circle: [18.5, 16.5, 3.5] },
    'M5.5 16.5 9 11h6l3.5 5.5',
    'M15 11l-2-5h-2.5M9 11l3 5.5h-.5',
  ],
  plane: ['M10.5 13.5 3 11l1.5-1.5 8 .5 4-4a2 2 0 0 1 3 3l-4 4 .5 8L14.5 22l-2.5-7.5z', 'm6 16 2 2'],
  fuel: [
    'M4 21V5a2 2 0 0 1 2-2h6a2 2 0 0 1 2 2v16',
    'M3 21h12M4 10h10',
    'M14 8h2a2 2 0 0 1 2 2v6a1.5 1.5 0 0 0 3 0V8l-3-3',
  ],
  home: ['M3 10.5 12 3l9 7.5', 'M5 9v11a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1V9', 'M10 21v-6h4v6'],
  bolt: ['M13 2 4 14h7l-1 8 9-12h-7z'],
  droplet: ['M12 3c3.5 4.5 6 7.8 6 11a6 6 0 0 1-12 0c0-3.2 2.5-6.5 6-11z'],
  wifi: [
    'M2 8.5a15 15 0 0 1 20 0',
    'M5 12a10.5 10.5 0 0 1 14 0',
    'M8.5 15.5a5.5 5.5 0 0 1 7 0',
    { circle: [12, 19, 0.75] },
  ],
  phone: [{ rect: [6, 2, 12, 20, 2.5] }, 'M11 18h2'],
  'heart-pulse': ['M19.5 13.5 12 21l-7.5-7.5A5 5 0 0 1 12 6.5a5 5 0 0 1 7.5 7z', 'M3.5 12h4l1.5-2.5 3 5 1.5-2.5h3'],
  pill: [{ rect: [2.8, 8.5, 18.4, 7, 3.5], rotate: -45 }, 'm8.5 8.5 7 7'],
  dumbbell: ['M6.5 6.5v11M17.5 6.5v11M6.5 12h11', 'M3.5 9v6M20.5 9v6'],
  baby: [{ circle: [12, 12, 9] }, 'M9 10h.01M15 10h.01', 'M9.5 15a3.5 3.5 0 0 0 5 0', 'M12 3a2 2 0 0 0 2 2'],
  paw: [
    { circle: [7, 10, 1.8] },
    { circle: [10.5, 6, 1.8] },
    { circle: [15.5, 6.5, 1.8] },
    { circle: [18, 11, 1.8] },
    'M12 12c-2.5 0-5 3.5-5 6a2.5 2.5 0 0 0 3 2.4c1.3-.3 2.7-.3 4 0a2.5 2.5 0 0 0 3-2.4c0-2.5-2.5-6-5-6z',
  ],
  film: [{ rect: [3, 3, 18, 18, 2] }, 'M7 3v18M17 3v18M3 8h4M3 12h18M3 16h4M17 8h4M17 16h4'],
  music: ['M9 18V5l11-2v13', { circle: [6.5, 18, 2.5] }, { circle: [17.5, 16, 2.5] }],
  gamepad: [
    'M7 7h10a4.5 4.5 0 0 1 4.4 5.5l-1 4.3a2.5 2.5 0 0 1-4.3 1L14.5 16h-5l-1.6 1.8a2.5 2.5 0 0 1-4.3-1l-1-4.3A4.5 4.5 0 0 1 7 7z',
    'M8 10v4M6 12h4M15.5 11h.01M17.5 13h.01',
  ],
  book: ['M4 19.5V5a2 2 0 0 1 2-2h14v15H6.5A2.5 2.5 0 0 0 4 20.5 2.5 2.5 0 0 0 6.5 23H20v-5', 'M8 7h8'],
  'graduation-cap': ['M2 9 12 4l10 5-10 5z', 'M6 11v5c3 2.5 9 2.5 12 0v-5', 'M22 9v6'],
  wallet: ['M19 7V5a1 1 0 0 0-1-1H5a2 2 0 0 0 0 4h15a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H5a2 2 0 0 1-2-2V6', 'M17 14h.01'],
  briefcase: [{ rect: [3, 7, 18, 13, 2] }, 'M9 7V5a1 1 0 0 1 1-1h4a1 1 0 0 1 1 1v2M3 13h18'],
  coins: [
    { ellipse: [9, 7, 6, 3] },
    'M3 7v5c0 1.7 2.7 3 6 3s6-1.3 6-3V7',
    'M9 15v2c0 1.7 2.7 3 6 3s6-1.3 6-3v-5c0-1.6-2.4-2.9-5.5-3',
  ],
  'piggy-bank': [
    'M19 10c0-3.3-3.1-5-7-5S4 6.7 4 10c0 2 1 3.7 2.6 4.8L7 19h3v-2h4v2h3l.6-3.3A5 5 0 0 0 19 14h2v-4z',
    'M9 5.5 8 3M15.5 10h.01',
  ],
  'trending-up': ['m3 17 6-6 4 4 8-8', 'M15 7h6v6'],
  bank: ['M3 9 12 4l9 5z', 'M5 9v9M9.5 9v9M14.5 9v9M19 9v9M3 21h18M3 18h18'],
  gift: [
    { rect: [3, 8, 18, 5, 1] },
    'M5 13v7a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1v-7M12 8v13',
    'M12 8C10.5 4 6 4 6.5 6.5 7 8 12 8 12 8zM12 8c1.5-4 6-4 5.5-1.5C17 8 12 8 12 8z',
  ],
  heart: ['M19.5 13.5 12 21l-7.5-7.5A5 5 0 0 1 12 6.5a5 5 0 0 1 7.5 7z'],
  temple: ['M12 2v3M8 8l4-3 4 3', 'M5 12l7-4 7 4', 'M6 12v8M18 12v8M10 20v-5h4v5M3 20h18'],
  wrench: [
    'M14.5 6.5a4 4 0 0 0 5.2 5.2l-8.9 8.9a2 2 0 0 1-2.8-2.8l8.9-8.9zm0 0a4 4 0 0 1 5-3.2L17 6l1 1 2.6-2.5a4 4 0 0 1-.9 7.2',
  ],
  scissors: [{ circle: [6, 6, 3] }, { circle: [6, 18, 3] }, 'M20 4 8.1 15.9M14.5 14.5 20 20M8.1 8.1 12 12'],
  leaf: ['M5 19c0-8 5-14 15-15-1 10-7 15-15 15z', 'M5 19 13 11'],
  umbrella: ['M3 12a9 9 0 0 1 18 0z', 'M12 12v7a2 2 0 0 1-4 0M12 3V2'],
  receipt: ['M5 3h14v18l-2.5-1.5L14 21l-2-1.5L10 21l-2.5-1.5L5 21z', 'M9 8h6M9 12h6M9 16h3'],
  tag: ['M3 12V4a1 1 0 0 1 1-1h8l9 9-9 9z', { circle: [7.5, 7.5, 1.5] }],
  star: ['m12 3 2.8 5.7 6.2.9-4.5 4.4 1.1 6.2L12 17.3l-5.6 2.9 1.1-6.2L3 9.6l6.2-.9z'],
  dots: [{ circle: [5, 12, 1.5] }, { circle: [12, 12, 1.5] }, { circle: [19, 12, 1.5] }],
} satisfies Record<string, IconShape>;

export type IconName = keyof typeof ICON_SHAPES;
export const ICON_NAMES = Object.keys(ICON_SHAPES) as IconName[];

export function isIconName(value: string): value is IconName {
  return Object.hasOwn(ICON_SHAPES, value);
}
