import { THEMES, type ThemeKey } from '@b2b/contract';
import { describe, expect, it } from 'vitest';
import { createAppTheme, createPrintableTheme } from './create-app-theme';
import { dataDisplayCustomizations } from './customizations/data-display';
import { inputsCustomizations } from './customizations/inputs';
import { surfacesCustomizations } from './customizations/surfaces';

const CUSTOMIZATIONS = [inputsCustomizations, dataDisplayCustomizations, surfacesCustomizations];
const CUSTOMIZED = CUSTOMIZATIONS.flatMap((c) => Object.keys(c));

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

  it('customizes each component in one file only', () => {
    expect(new Set(CUSTOMIZED).size).toBe(CUSTOMIZED.length);
  });

  it('carries every customization into every theme and its printable variant', () => {
    for (const key of KEYS) {
      for (const theme of [createAppTheme(key), createPrintableTheme(key)]) {
        expect(Object.keys(theme.components ?? {})).toEqual(expect.arrayContaining(CUSTOMIZED));
        expect(theme.components?.MuiButton?.defaultProps?.disableElevation).toBe(true);
        expect(theme.components?.MuiTextField?.defaultProps).toMatchObject({
          fullWidth: true,
          margin: 'normal',
        });
        const variantsOf = (component: 'MuiPaper' | 'MuiTypography') =>
          (theme.components?.[component]?.variants ?? []).map((v) => v.props);
        expect(variantsOf('MuiPaper')).toContainEqual({ variant: 'panel' });
        expect(variantsOf('MuiTypography')).toContainEqual({ variant: 'note' });
        expect(theme.components?.MuiTypography?.defaultProps?.variantMapping).toMatchObject({
          note: 'p',
        });
      }
    }
    // The printable variant keeps its own defaults beside the customizations.
    expect(createPrintableTheme('lloyds').components?.MuiPaper?.defaultProps).toMatchObject({
      variant: 'outlined',
    });
  });
});
