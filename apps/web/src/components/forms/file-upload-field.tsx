import CloseIcon from '@mui/icons-material/Close';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import { useT } from '../../lib/i18n';
import { useId, useRef, type ChangeEvent, type ReactNode } from 'react';

export type FileUploadFieldProps = {
  /** The field's visible label; also the accessible name of its group and file input. */
  label: string;
  /** The chosen files; in single mode at most one. */
  value: readonly File[];
  onChange: (files: File[]) => void;
  /** Several files (each added to the list) instead of one. */
  multiple?: boolean;
  /** The file input's accept attribute, e.g. '.csv,.xlsx' or 'text/csv'. */
  accept?: string;
  /** Text of the choose button; 'Choose file' or 'Choose files' by default. */
  buttonLabel?: string;
  name?: string;
  disabled?: boolean;
  required?: boolean;
  error?: boolean;
  helperText?: ReactNode;
  onBlur?: () => void;
};

function sameFile(a: File, b: File): boolean {
  return a.name === b.name && a.size === b.size && a.lastModified === b.lastModified;
}

/** Bytes in the unit a person reads at a glance. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/**
 * Chooses one file or several. In single mode the chosen file shows with a remove button and
 * the choose button is disabled until it is removed; in multiple mode each choice adds files.
 */
export function FileUploadField({
  label,
  value,
  onChange,
  multiple = false,
  accept,
  buttonLabel,
  name,
  disabled = false,
  required = false,
  error = false,
  helperText,
  onBlur,
}: FileUploadFieldProps) {
  const t = useT();
  const inputRef = useRef<HTMLInputElement>(null);
  const helperId = useId();
  const chosenOne = !multiple && value.length > 0;

  function handleChange(event: ChangeEvent<HTMLInputElement>) {
    const chosen = Array.from(event.target.files ?? []);
    // Cleared so choosing the same file again (after removing it) fires a change.
    event.target.value = '';
    if (chosen.length === 0) return;
    if (!multiple) return onChange(chosen.slice(0, 1));
    onChange([...value, ...chosen.filter((file) => !value.some((v) => sameFile(v, file)))]);
  }

  return (
    <FormControl
      component="fieldset"
      error={error}
      disabled={disabled}
      required={required}
      fullWidth
      margin="normal"
    >
      <FormLabel component="legend">{label}</FormLabel>
      <input
        ref={inputRef}
        type="file"
        hidden
        name={name}
        accept={accept}
        multiple={multiple}
        disabled={disabled || chosenOne}
        aria-label={label}
        onChange={handleChange}
      />
      <div>
        <Button
          variant="outlined"
          startIcon={<UploadFileIcon />}
          disabled={disabled || chosenOne}
          aria-describedby={helperText ? helperId : undefined}
          onClick={() => inputRef.current?.click()}
          onBlur={onBlur}
          sx={{ mt: 1 }}
        >
          {buttonLabel ?? (multiple ? t('Choose files') : t('Choose file'))}
        </Button>
      </div>
      {value.length > 0 && (
        <List dense aria-label={t('{{field}}: chosen files', { field: label })}>
          {value.map((file, index) => (
            <ListItem
              key={`${file.name}-${file.size}-${file.lastModified}`}
              secondaryAction={
                <IconButton
                  edge="end"
                  aria-label={t('Remove {{file}}', { file: file.name })}
                  disabled={disabled}
                  onClick={() => onChange(value.filter((_, i) => i !== index))}
                >
                  <CloseIcon />
                </IconButton>
              }
            >
              <ListItemText primary={file.name} secondary={formatFileSize(file.size)} />
            </ListItem>
          ))}
        </List>
      )}
      {helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
