import type { Components, Theme } from '@mui/material/styles';

declare module '@mui/material/Typography' {
  interface TypographyPropsVariantOverrides {
    /** Secondary text: a hint under a heading, a tile's note, a caption-like paragraph. */
    note: true;
  }
}

/** Data display: the secondary-text paragraph pages put under headings and figures. */
export const dataDisplayCustomizations: Components<Theme> = {
  MuiTypography: {
    defaultProps: { variantMapping: { note: 'p' } },
    variants: [
      {
        props: { variant: 'note' },
        style: ({ theme }) => ({
          ...theme.typography.body2,
          color: (theme.vars ?? theme).palette.text.secondary,
        }),
      },
    ],
  },
};
