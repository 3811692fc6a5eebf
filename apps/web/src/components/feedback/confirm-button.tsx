import { MESSAGES } from '@b2b/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, useState, type ReactNode } from 'react';
import { useT } from '../../lib/i18n';

export type ConfirmButtonProps = {
  /** The button's text (e.g. Revoke). */
  label: string;
  /** The question the dialog asks (e.g. "Revoke this link?"). */
  title: string;
  /** What happens when the user says yes. */
  children: ReactNode;
  /** The failure of the last attempt, shown in the dialog. */
  error?: string | null;
  pending?: boolean;
  /** Does the work; calls `close` once it succeeded. */
  onConfirm: (close: () => void) => void;
};

/**
 * A small red action that asks first (SPEC §9 dialog buttons Yes / No): for undoable-in-name-only
 * actions on a list row, such as revoking a link or unlinking an account.
 */
export function ConfirmButton({
  label,
  title,
  children,
  error,
  pending,
  onConfirm,
}: ConfirmButtonProps) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const close = () => setOpen(false);
  return (
    <>
      <Button size="small" color="error" onClick={() => setOpen(true)}>
        {label}
      </Button>
      <Dialog open={open} onClose={close} aria-labelledby={titleId}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <DialogContentText>{children}</DialogContentText>
          {error && <Alert severity="error">{error}</Alert>}
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{t(MESSAGES.dialogNo)}</Button>
          <Button color="error" disabled={pending} onClick={() => onConfirm(close)}>
            {t(MESSAGES.dialogYes)}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
