import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { memo, useState } from 'react';

/**
 * A number input that keeps what the user typed (an empty or half-typed value is not forced to
 * 0) and reports it as a number, NaN when it is not one, so the contract's schema can name it.
 */
export const NumberField = memo(function NumberField({
  label,
  field,
  value,
  onField,
  error,
  unit,
  helperText,
  step = 'any',
  width = 140,
}: {
  label: string;
  /** The input's path (`assumptions.adoptionPct.0`), handed to `onField` with the value. */
  field: string;
  value: number;
  /** Stable across renders, so an unchanged field does not render again. */
  onField: (field: string, value: number) => void;
  error?: string;
  unit?: string;
  helperText?: string;
  step?: string;
  width?: number;
}) {
  const [text, setText] = useState(Number.isFinite(value) ? String(value) : '');
  // A value changed from outside (a loaded scenario) replaces the text; one typed here does not.
  const [shown, setShown] = useState(value);
  if (!Object.is(shown, value)) {
    setShown(value);
    if (Number.isFinite(value) && (text.trim() === '' || Number(text) !== value)) {
      setText(String(value));
    }
  }
  return (
    <TextField
      label={label}
      size="small"
      type="number"
      value={text}
      error={Boolean(error)}
      helperText={error ?? helperText}
      sx={{ width }}
      onChange={(event) => {
        setText(event.target.value);
        onField(field, event.target.value.trim() === '' ? Number.NaN : Number(event.target.value));
      }}
      slotProps={{
        htmlInput: { step, 'aria-label': label },
        input: unit
          ? { endAdornment: <InputAdornment position="end">{unit}</InputAdornment> }
          : undefined,
      }}
    />
  );
});
