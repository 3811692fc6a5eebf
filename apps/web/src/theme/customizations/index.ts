import type { Components, Theme } from '@mui/material/styles';
import { dataDisplayCustomizations } from './data-display';
import { inputsCustomizations } from './inputs';
import { surfacesCustomizations } from './surfaces';

/** Every component customization of the app theme (DESIGN §3, as in MUI's dashboard template). */
export const componentCustomizations: Components<Theme> = {
  ...inputsCustomizations,
  ...dataDisplayCustomizations,
  ...surfacesCustomizations,
};
