import type { Components, Theme } from '@mui/material/styles';

/** Buttons and fields: flat buttons; a text field takes its form's width, with normal margins. */
export const inputsCustomizations: Components<Theme> = {
  MuiButton: { defaultProps: { disableElevation: true } },
  MuiTextField: { defaultProps: { fullWidth: true, margin: 'normal' } },
};
