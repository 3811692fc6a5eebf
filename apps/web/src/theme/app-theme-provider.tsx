import type { ThemeKey } from '@b2b/contract';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { useMemo, type ReactNode } from 'react';
import { useT } from '../lib/i18n';
import { componentTexts } from './component-texts';
import { createAppTheme } from './create-app-theme';

export type AppThemeProviderProps = {
  themeKey: ThemeKey;
  printable?: boolean;
  /** The signed-in user holds Autocomplete_Options_Focus_VIEW. */
  autocompleteOpenOnFocus?: boolean;
  children: ReactNode;
};

/** Applies an issuer theme (and its page background) to everything inside. */
export function AppThemeProvider({
  themeKey,
  printable = false,
  autocompleteOpenOnFocus = false,
  children,
}: AppThemeProviderProps) {
  const t = useT();
  // The components' own words follow the language: composed onto the issuer's theme.
  const theme = useMemo(
    () =>
      createAppTheme(themeKey, {
        printable,
        autocompleteOpenOnFocus,
        overrides: { components: componentTexts(t) },
      }),
    [themeKey, printable, autocompleteOpenOnFocus, t],
  );
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {children}
    </ThemeProvider>
  );
}
