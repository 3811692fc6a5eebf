import type { Components, Theme } from '@mui/material/styles';

declare module '@mui/material/Paper' {
  interface PaperPropsVariantOverrides {
    /** An outlined, padded part of a page (a section, a filter bar, a summary tile). */
    panel: true;
  }
}

/** Surfaces: the page's outlined panels. */
export const surfacesCustomizations: Components<Theme> = {
  MuiPaper: {
    variants: [
      {
        props: { variant: 'panel' },
        style: ({ theme }) => ({
          border: `1px solid ${(theme.vars ?? theme).palette.divider}`,
          padding: theme.spacing(2),
        }),
      },
    ],
  },
};
