import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';
import { useId } from 'react';

export type OutlinedTextFieldProps = Omit<OutlinedInputProps, 'label'> & { label: string };

/**
 * A labelled text field drawn as MUI's TextField draws its outlined one (and as the theme sets
 * TextField: full width, normal margins), built from the same parts. TextField always brings its
 * `select` mode along — Select with Menu, Popover and Modal, about 10 KB gzip — so the sign-in
 * page, which every user meets first, uses this instead (docs/architecture.md, "Bundle
 * budget"). Other pages use TextField. `required` marks the input only, not the label.
 */
export function OutlinedTextField({ label, id, ...inputProps }: OutlinedTextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  return (
    <FormControl fullWidth margin="normal" variant="outlined">
      <InputLabel htmlFor={inputId}>{label}</InputLabel>
      <OutlinedInput id={inputId} label={label} {...inputProps} />
    </FormControl>
  );
}
