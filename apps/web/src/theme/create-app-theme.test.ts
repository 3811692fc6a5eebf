import { THEMES, type ThemeKey } from '@b2b/contract';
import { describe, expect, it } from 'vitest';
import { createAppTheme, createPrintableTheme } from './create-app-theme';

const KEYS = Object.keys(THEMES) as ThemeKey[];

describe('createAppTheme', () => {
  it('gives every theme its own colours, font and logo', () => {
    const themes = KEYS.map((key) => createAppTheme(key));
    for (const pick of [
      (t: (typeof themes)[number]) => t.palette.primary.main,
      (t: (typeof themes)[number]) => t.typography.fontFamily,
      (t: (typeof themes)[number]) => t.brand.logoText,
      (t: (typeof themes)[number]) => t.brand.loginBackground,
    ]) {
      expect(new Set(themes.map(pick)).size).toBe(KEYS.length);
    }
  });

  it('has a printable variant on white paper in the same colours', () => {
    const screen = createAppTheme('lloyds');
    const print = createPrintableTheme('lloyds');
    expect(print.brand.printable).toBe(true);
    expect(print.palette.background.default).toBe('#ffffff');
    expect(print.palette.primary.main).toBe(screen.palette.primary.main);
    expect(screen.brand.printable).toBe(false);
  });
});
