import { zodResolver } from '@hookform/resolvers/zod';
import { MESSAGES } from '@b2b/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import {
  useForm,
  type Control,
  type DefaultValues,
  type FieldValues,
  type Path,
  type Resolver,
} from 'react-hook-form';
import type { z } from 'zod';
import { errorMessageOf, isApiError } from '../../lib/api-error';
import { FormDialogFieldView } from './form-dialog-field';
import { assertSupportedField, type FormDialogField } from './form-dialog-fields';
import { useT } from '../../lib/i18n';

/** A zod object schema whose input is the form's values. */
export type FormDialogSchema = z.ZodType<FieldValues, FieldValues>;

export type FormDialogProps<S extends FormDialogSchema> = {
  open: boolean;
  title: string;
  description?: ReactNode;
  /** The fields, drawn in order; an unsupported type throws. */
  fields: readonly FormDialogField<z.input<S>>[];
  /** Validates the values on submit; each issue shows as its field's helper text. */
  schema: S;
  defaultValues: DefaultValues<z.input<S>>;
  /**
   * Receives the parsed values. When it resolves the dialog closes (onClose); when it rejects
   * the dialog stays open with the error's message (an ApiError's field errors go to their
   * fields).
   */
  onSubmit: (values: z.output<S>) => Promise<unknown> | unknown;
  /** Called on No, Escape, a backdrop click (never while submitting) and after a submit. */
  onClose: () => void;
  /** 'Yes' by default. */
  submitLabel?: string;
  /** 'No' by default. */
  cancelLabel?: string;
};

/**
 * The generic form dialog of SPEC.md: fields from a list, validated against a schema, No and
 * Yes buttons; it cannot be closed while submitting and ignores repeated submits.
 */
export function FormDialog<S extends FormDialogSchema>(props: FormDialogProps<S>) {
  const { open, title, fields, onClose } = props;
  for (const field of fields) assertSupportedField(field);
  const [submitting, setSubmitting] = useState(false);
  const titleId = useId();

  return (
    <Dialog
      open={open}
      // Escape and backdrop clicks both land here: ignored while submitting.
      onClose={() => {
        if (!submitting) onClose();
      }}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      {/* The dialog unmounts its content once closed: each opening starts from defaultValues. */}
      <FormDialogForm {...props} onSubmittingChange={setSubmitting} />
    </Dialog>
  );
}

type FormDialogFormProps<S extends FormDialogSchema> = FormDialogProps<S> & {
  onSubmittingChange: (submitting: boolean) => void;
};

function FormDialogForm<S extends FormDialogSchema>({
  description,
  fields,
  schema,
  defaultValues,
  onSubmit,
  onClose,
  submitLabel,
  cancelLabel,
  onSubmittingChange,
}: FormDialogFormProps<S>) {
  const t = useT();
  const form = useForm<z.input<S>, unknown, z.output<S>>({
    resolver: zodResolver(schema) as unknown as Resolver<z.input<S>, unknown, z.output<S>>,
    defaultValues,
  });
  const [serverError, setServerError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const busy = useRef(false);
  const formId = useId();

  function markSubmitting(value: boolean) {
    busy.current = value;
    setSubmitting(value);
    onSubmittingChange(value);
  }

  async function submitValid(values: z.output<S>) {
    setServerError(null);
    try {
      await onSubmit(values);
    } catch (error) {
      reportFailure(error);
      return;
    }
    onClose();
  }

  function reportFailure(error: unknown) {
    setServerError(errorMessageOf(error));
    if (!isApiError(error)) return;
    const names = new Set(fields.map((field) => field.name as string));
    for (const { field, message } of error.fieldErrors ?? []) {
      if (names.has(field)) form.setError(field as Path<z.input<S>>, { type: 'server', message });
    }
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // A second click lands before React re-renders the button as busy: the ref sees it.
    if (busy.current) return;
    markSubmitting(true);
    void form
      .handleSubmit(submitValid)(event)
      .finally(() => markSubmitting(false));
  }

  const control = form.control as unknown as Control<FieldValues>;
  return (
    <>
      <DialogContent>
        {description && <DialogContentText>{description}</DialogContentText>}
        <form id={formId} noValidate onSubmit={handleSubmit} aria-busy={submitting}>
          {fields.map((field) => (
            <FormDialogFieldView
              key={field.name}
              field={field as FormDialogField}
              control={control}
              submitting={submitting}
            />
          ))}
        </form>
        {serverError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {serverError}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={submitting}>
          {cancelLabel ?? t(MESSAGES.dialogNo)}
        </Button>
        <Button
          type="submit"
          form={formId}
          variant="contained"
          loading={submitting}
          aria-busy={submitting}
        >
          {submitLabel ?? t(MESSAGES.dialogYes)}
        </Button>
      </DialogActions>
    </>
  );
}
