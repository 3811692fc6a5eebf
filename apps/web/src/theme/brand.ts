import type {} from '@mui/material/styles';

/** One shape of a logo mark, drawn in a 24 × 24 box. */
export type BrandMarkShape = { d: string; fill: string };

/** What an issuer theme adds to MUI's theme: its logo and sign-in look. */
export type BrandTokens = {
  /** Logo text when the branding itself does not name one. */
  logoText: string;
  mark: readonly BrandMarkShape[];
  /** CSS background of the sign-in page. */
  loginBackground: string;
  /** Shown under the sign-in form when set. */
  trustNote?: string;
  printable: boolean;
};

declare module '@mui/material/styles' {
  interface Theme {
    brand: BrandTokens;
  }
  interface ThemeOptions {
    brand?: BrandTokens;
  }
}
