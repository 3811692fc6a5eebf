export { AsyncButton, type AsyncButtonProps } from './async-button';
export { FileUploadField, formatFileSize, type FileUploadFieldProps } from './file-upload-field';
export { FormDialog, type FormDialogProps, type FormDialogSchema } from './form-dialog';
export {
  assertSupportedField,
  FORM_DIALOG_FIELD_TYPES,
  type FieldOption,
  type FormDialogField,
  type FormDialogFieldType,
} from './form-dialog-fields';
export { useAsyncAction } from './use-async-action';
