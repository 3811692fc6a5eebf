import type { ThemeKey } from '@b2b/contract';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { useMemo, type ReactNode } from 'react';
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
  const theme = useMemo(
    () => createAppTheme(themeKey, { printable, autocompleteOpenOnFocus }),
    [themeKey, printable, autocompleteOpenOnFocus],
  );
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {children}
    </ThemeProvider>
  );
}
