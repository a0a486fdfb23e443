import { describe, expect, it } from 'vitest';
import { isTheme, resolveTheme } from './theme';

describe('themes', () => {
  it('are dark by default and with a dark system', () => {
    expect(resolveTheme('dark', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('dark');
  });

  it('are light when chosen, or when following a light system', () => {
    expect(resolveTheme('light', false)).toBe('light');
    expect(resolveTheme('system', true)).toBe('light');
  });

  it('accept only dark, light and system as a stored choice', () => {
    expect(isTheme('system')).toBe(true);
    expect(isTheme('sepia')).toBe(false);
  });
});
