import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { errorMessageOf } from '../../../lib/api-error';
import { useT } from '../../../lib/i18n';
import { useWriteAugmentedText } from '../../augmented-text/api/write-augmented-text';

/**
 * The summary tab's narrative (augmented text, SPEC §7 System): written on request, since a
 * model call costs money and time; says who wrote it, so a banker knows whether a model did.
 */
export function SummaryNarrative({ jobId }: { jobId: string }) {
  const t = useT();
  const write = useWriteAugmentedText();
  const text = write.data;
  return (
    <Paper variant="panel" component="section" aria-label={t('Narrative')}>
      <Stack spacing={1.5}>
        <Typography variant="subtitle1" component="h3">
          {t('Narrative')}
        </Typography>
        {text ? (
          <>
            <Typography>{text.text}</Typography>
            <Typography variant="note">
              {text.writtenBy === 'model'
                ? t(
                    'Written by {{model}} from the prompt “{{prompt}}”. It describes the whole job; check its figures against the tiles.',
                    { model: text.model, prompt: text.promptName },
                  )
                : t("Written by the offline template from the whole job's figures.")}
            </Typography>
            {text.note && <Alert severity="info">{text.note}</Alert>}
          </>
        ) : (
          <Typography variant="note">
            {t("A few sentences on the whole job's figures, to paste into a note or an e-mail.")}
          </Typography>
        )}
        {write.isPending && <LinearProgress aria-label={t('Writing the narrative')} />}
        {write.error && <Alert severity="error">{errorMessageOf(write.error)}</Alert>}
        <div>
          <Button variant="outlined" disabled={write.isPending} onClick={() => write.mutate(jobId)}>
            {text ? t('Write again') : t('Write a narrative')}
          </Button>
        </div>
      </Stack>
    </Paper>
  );
}
