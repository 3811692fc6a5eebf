export { AsyncButton } from './async-button';
export { FileUploadField, formatFileSize } from './file-upload-field';
export { FormDialog } from './form-dialog';
export { type FormDialogField } from './form-dialog-fields';
