import type { FieldValues, Path } from 'react-hook-form';

/** The field types of SPEC.md's generic form dialog. */
export const FORM_DIALOG_FIELD_TYPES = [
  'Autocomplete',
  'TextField',
  'Checkbox',
  'RadioGroup',
  'FileUpload',
] as const;

/** A choice of an Autocomplete or RadioGroup field: the form holds `value`. */
export type FieldOption = { value: string; label: string };

type BaseField<TValues extends FieldValues> = {
  /** The form value's key, checked against the schema's input type. */
  name: Path<TValues>;
  label: string;
  /** Shown under the field while it has no error. */
  helperText?: string;
  required?: boolean;
  disabled?: boolean;
};

/**
 * One field of a FormDialog. Form values: TextField a string, Autocomplete the option's value
 * (an array of values when multiple, null when empty), Checkbox a boolean, RadioGroup the
 * option's value, FileUpload an array of File.
 */
export type FormDialogField<TValues extends FieldValues = FieldValues> =
  | (BaseField<TValues> & {
      type: 'TextField';
      inputType?: 'text' | 'email' | 'number' | 'password' | 'url' | 'tel';
      multiline?: boolean;
    })
  | (BaseField<TValues> & {
      type: 'Autocomplete';
      options: readonly FieldOption[];
      multiple?: boolean;
    })
  | (BaseField<TValues> & { type: 'Checkbox' })
  | (BaseField<TValues> & { type: 'RadioGroup'; options: readonly FieldOption[]; row?: boolean })
  | (BaseField<TValues> & { type: 'FileUpload'; multiple?: boolean; accept?: string });

/**
 * Throws for a field type the dialog cannot draw (SPEC.md section 8: "Unsupported dialog field
 * type: an error is thrown"). Field lists may come from configuration, past the type checker.
 */
export function assertSupportedField(field: { type: unknown; name?: unknown }): void {
  if (!(FORM_DIALOG_FIELD_TYPES as readonly unknown[]).includes(field.type)) {
    throw new Error(
      `Unsupported dialog field type: ${String(field.type)} (field ${String(field.name)})`,
    );
  }
}
