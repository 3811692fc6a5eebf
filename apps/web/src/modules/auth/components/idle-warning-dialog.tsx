import { MESSAGES } from '@b2b/contract';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import { useId } from 'react';
import { useT } from '../../../lib/i18n';

export type IdleWarningDialogProps = {
  open: boolean;
  onStay: () => void;
};

/** SPEC.md section 8: the warning before the idle logout, with Stay Logged In. */
export function IdleWarningDialog({ open, onStay }: IdleWarningDialogProps) {
  const t = useT();
  const textId = useId();
  return (
    <Dialog open={open} onClose={onStay} aria-labelledby={textId}>
      <DialogContent>
        <DialogContentText id={textId}>{t(MESSAGES.idleWarning)}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onStay}>
          {t(MESSAGES.stayLoggedIn)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
