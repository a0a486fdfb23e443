/**
 * The colour themes a person can choose (preferences' `theme`). Apart from the preferences'
 * schemas, so a page that only needs the list (every page's theme switcher) loads no zod.
 */
export const THEMES = ['dark', 'light', 'system'] as const;
export type ThemePreference = (typeof THEMES)[number];
