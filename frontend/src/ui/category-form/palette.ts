/** The swatches offered first, each with a name people can hear and read. */
export const PALETTE = [
  { name: 'red', hex: '#ef4444' },
  { name: 'rose', hex: '#f43f5e' },
  { name: 'pink', hex: '#ec4899' },
  { name: 'purple', hex: '#a855f7' },
  { name: 'violet', hex: '#8b5cf6' },
  { name: 'indigo', hex: '#6366f1' },
  { name: 'blue', hex: '#3b82f6' },
  { name: 'sky', hex: '#0ea5e9' },
  { name: 'teal', hex: '#14b8a6' },
  { name: 'emerald', hex: '#10b981' },
  { name: 'green', hex: '#22c55e' },
  { name: 'lime', hex: '#84cc16' },
  { name: 'yellow', hex: '#eab308' },
  { name: 'orange', hex: '#f97316' },
  { name: 'brown', hex: '#a16207' },
  { name: 'slate', hex: '#64748b' },
] as const;

export type PaletteColor = (typeof PALETTE)[number];

export function paletteColor(hex: string | null): PaletteColor | undefined {
  if (hex === null) return undefined;
  const lower = hex.trim().toLowerCase();
  return PALETTE.find((swatch) => swatch.hex === lower);
}
