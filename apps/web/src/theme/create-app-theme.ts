import type { ThemeKey } from '@b2b/contract';
import { createTheme, type Theme, type ThemeOptions } from '@mui/material/styles';
import './brand';
import { componentCustomizations } from './customizations';
import { THEME_DEFINITIONS } from './theme-definitions';

export type AppThemeOptions = {
  printable?: boolean;
  /** Autocompletes open their options on focus (SPEC §6 Autocomplete_Options_Focus_VIEW). */
  autocompleteOpenOnFocus?: boolean;
  /**
   * Merged over the issuer's theme in the same createTheme call (the components' texts in the
   * user's language): a second call over a finished theme costs as much as the first.
   */
  overrides?: ThemeOptions;
};

/** Print wants white paper, flat surfaces and a static app bar, in the issuer's colours. */
const PRINTABLE_OPTIONS: ThemeOptions = {
  palette: { background: { default: '#ffffff', paper: '#ffffff' }, text: { primary: '#000000' } },
  typography: { fontSize: 12 },
  components: {
    MuiPaper: { defaultProps: { elevation: 0, variant: 'outlined' } },
    MuiAppBar: { defaultProps: { position: 'static', elevation: 0, color: 'transparent' } },
    MuiButtonBase: { defaultProps: { disableRipple: true } },
  },
};

/** The MUI theme of an issuer (or the default system theme), optionally its printable variant. */
export function createAppTheme(
  key: ThemeKey,
  { printable = false, autocompleteOpenOnFocus = false, overrides = {} }: AppThemeOptions = {},
): Theme {
  const definition = THEME_DEFINITIONS[key];
  const options: ThemeOptions = {
    palette: {
      mode: 'light',
      // Text on a coloured surface (a chip, a button) picks white or black by WCAG AA's 4.5:1,
      // not MUI's default 3:1, under which white on the amber "Medium" chip fails.
      contrastThreshold: 4.5,
      // Darker than MUI's info and warning, so they also read as text on white (an outlined
      // chip's label, an alert's title): 4.8:1 and 5.0:1 where MUI's give 3.9:1 and 3.1:1.
      info: { main: '#0277bd' },
      warning: { main: '#b45309' },
      primary: { main: definition.primary },
      secondary: { main: definition.secondary },
      background: { default: definition.background, paper: '#ffffff' },
    },
    typography: {
      fontFamily: definition.fontFamily,
      button: { textTransform: 'none', fontWeight: 600 },
    },
    shape: { borderRadius: definition.borderRadius },
    brand: { ...definition.brand, printable },
    components: {
      ...componentCustomizations,
      MuiAutocomplete: {
        ...componentCustomizations.MuiAutocomplete,
        defaultProps: {
          ...componentCustomizations.MuiAutocomplete?.defaultProps,
          openOnFocus: autocompleteOpenOnFocus,
        },
      },
    },
  };
  return printable
    ? createTheme(options, PRINTABLE_OPTIONS, overrides)
    : createTheme(options, overrides);
}

/** The printable variant of a theme (SPEC.md: every theme has one). */
export function createPrintableTheme(key: ThemeKey): Theme {
  return createAppTheme(key, { printable: true });
}
