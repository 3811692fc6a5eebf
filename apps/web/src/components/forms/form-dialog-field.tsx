import Autocomplete from '@mui/material/Autocomplete';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { useController, type Control, type FieldValues } from 'react-hook-form';
import { FileUploadField } from './file-upload-field';
import { assertSupportedField, type FieldOption, type FormDialogField } from './form-dialog-fields';
import { useT } from '../../lib/i18n';

export type FormDialogFieldViewProps = {
  field: FormDialogField;
  control: Control<FieldValues>;
  /** True while the form is submitting: every field is read-only meanwhile. */
  submitting: boolean;
};

type Props<F extends FormDialogField['type']> = Omit<FormDialogFieldViewProps, 'field'> & {
  field: Extract<FormDialogField, { type: F }>;
};

/** One field of the generic form dialog; the validation error shows as its helper text. */
export function FormDialogFieldView({ field, control, submitting }: FormDialogFieldViewProps) {
  switch (field.type) {
    case 'TextField':
      return <TextFieldControl field={field} control={control} submitting={submitting} />;
    case 'Autocomplete':
      return <AutocompleteControl field={field} control={control} submitting={submitting} />;
    case 'Checkbox':
      return <CheckboxControl field={field} control={control} submitting={submitting} />;
    case 'RadioGroup':
      return <RadioGroupControl field={field} control={control} submitting={submitting} />;
    case 'FileUpload':
      return <FileUploadControl field={field} control={control} submitting={submitting} />;
    default:
      assertSupportedField(field);
      return null;
  }
}

function useFieldController({ field, control, submitting }: Props<FormDialogField['type']>) {
  const t = useT();
  const { field: input, fieldState } = useController({ name: field.name, control });
  const message = fieldState.error?.message;
  return {
    input,
    error: fieldState.invalid,
    // A schema's messages are keys (`tKey`), shown in the user's language.
    helperText: message ? t(message) : field.helperText,
    disabled: submitting || field.disabled,
  };
}

function TextFieldControl(props: Props<'TextField'>) {
  const { input, error, helperText, disabled } = useFieldController(props);
  const { field } = props;
  return (
    <TextField
      name={input.name}
      inputRef={input.ref}
      value={(input.value as string | number | null | undefined) ?? ''}
      onChange={input.onChange}
      onBlur={input.onBlur}
      label={field.label}
      type={field.inputType ?? 'text'}
      multiline={field.multiline}
      minRows={field.multiline ? 3 : undefined}
      required={field.required}
      disabled={disabled}
      error={error}
      helperText={helperText}
    />
  );
}

function AutocompleteControl(props: Props<'Autocomplete'>) {
  const { input, error, helperText, disabled } = useFieldController(props);
  const { field } = props;
  const byValue = (value: unknown) => field.options.find((o) => o.value === value) ?? null;
  const selected = field.multiple
    ? ((input.value as string[] | undefined) ?? []).map(byValue).filter((o) => o !== null)
    : byValue(input.value);
  return (
    <Autocomplete<FieldOption, boolean>
      multiple={field.multiple}
      options={field.options}
      value={selected}
      disabled={disabled}
      onBlur={input.onBlur}
      isOptionEqualToValue={(option, value) => option.value === value.value}
      onChange={(_event, chosen) =>
        input.onChange(Array.isArray(chosen) ? chosen.map((o) => o.value) : (chosen?.value ?? null))
      }
      renderInput={(params) => (
        <TextField
          {...params}
          inputRef={input.ref}
          name={input.name}
          label={field.label}
          required={field.required}
          error={error}
          helperText={helperText}
        />
      )}
    />
  );
}

function CheckboxControl(props: Props<'Checkbox'>) {
  const { input, error, helperText, disabled } = useFieldController(props);
  return (
    <FormControl error={error} disabled={disabled} margin="normal" fullWidth>
      <FormControlLabel
        label={props.field.label}
        control={
          <Checkbox
            name={input.name}
            slotProps={{ input: { ref: input.ref } }}
            checked={input.value === true}
            onBlur={input.onBlur}
            onChange={(event) => input.onChange(event.target.checked)}
          />
        }
      />
      {helperText && <FormHelperText>{helperText}</FormHelperText>}
    </FormControl>
  );
}

function RadioGroupControl(props: Props<'RadioGroup'>) {
  const { input, error, helperText, disabled } = useFieldController(props);
  const { field } = props;
  return (
    <FormControl
      component="fieldset"
      error={error}
      disabled={disabled}
      required={field.required}
      margin="normal"
      fullWidth
    >
      <FormLabel component="legend">{field.label}</FormLabel>
      <RadioGroup
        name={input.name}
        row={field.row}
        value={(input.value as string | null | undefined) ?? ''}
        onBlur={input.onBlur}
        onChange={(event) => input.onChange(event.target.value)}
      >
        {field.options.map((option, index) => (
          <FormControlLabel
            key={option.value}
            value={option.value}
            // The first radio takes focus when the form points at this field's error.
            control={<Radio slotProps={index === 0 ? { input: { ref: input.ref } } : undefined} />}
            label={option.label}
          />
        ))}
      </RadioGroup>
      {helperText && <FormHelperText>{helperText}</FormHelperText>}
    </FormControl>
  );
}

function FileUploadControl(props: Props<'FileUpload'>) {
  const { input, error, helperText, disabled } = useFieldController(props);
  const { field } = props;
  return (
    <FileUploadField
      label={field.label}
      name={input.name}
      value={(input.value as File[] | undefined) ?? []}
      onChange={input.onChange}
      onBlur={input.onBlur}
      multiple={field.multiple}
      accept={field.accept}
      required={field.required}
      disabled={disabled}
      error={error}
      helperText={helperText}
    />
  );
}
