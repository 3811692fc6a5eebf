import { MESSAGES } from '@b2b/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { errorMessageOf } from '../../../lib/api-error';
import { useDeleteChatDocument } from '../api/delete-chat-document';
import { useT } from '../../../lib/i18n';

export type DeleteChatDocumentDialogProps = { filename: string | null; onClose: () => void };

/** Asks before a document leaves the index; cannot be closed while the delete runs. */
export function DeleteChatDocumentDialog({ filename, onClose }: DeleteChatDocumentDialogProps) {
  const t = useT();
  const remove = useDeleteChatDocument();
  const close = () => {
    if (remove.isPending) return;
    remove.reset();
    onClose();
  };
  return (
    <Dialog open={filename !== null} onClose={close} aria-labelledby="delete-chat-document-title">
      <DialogTitle id="delete-chat-document-title">
        {t('Delete {{file}}?', { file: filename })}
      </DialogTitle>
      <DialogContent>
        <DialogContentText>
          {t('The assistant will no longer answer from this document. This cannot be undone.')}
        </DialogContentText>
        {remove.isError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {errorMessageOf(remove.error)}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={remove.isPending}>
          {t(MESSAGES.dialogNo)}
        </Button>
        <Button
          color="error"
          variant="contained"
          loading={remove.isPending}
          onClick={() =>
            filename &&
            remove.mutate(filename, {
              onSuccess: () => {
                remove.reset();
                onClose();
              },
            })
          }
        >
          {t(MESSAGES.dialogYes)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
