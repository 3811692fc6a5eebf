import type { Components, Theme } from '@mui/material/styles';

/** Buttons and fields: flat buttons; a text field takes its form's width, with normal margins. */
export const inputsCustomizations: Components<Theme> = {
  MuiButton: { defaultProps: { disableElevation: true } },
  MuiTextField: { defaultProps: { fullWidth: true, margin: 'normal' } },
  // A disabled field's helper text says why it is disabled: it must stay readable (WCAG 1.4.3),
  // which MUI's faded disabled colour is not.
  MuiFormHelperText: {
    styleOverrides: {
      root: ({ theme }) => ({ '&.Mui-disabled': { color: theme.palette.text.secondary } }),
    },
  },
};
