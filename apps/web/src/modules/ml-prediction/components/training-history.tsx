import type { MlModelVersion } from '@b2b/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { errorMessageOf } from '../../../lib/api-error';
import { formatDateTime } from '../../../lib/date-format';
import { formatWhole } from '../../../lib/number-format';
import { useActivateMlModel } from '../api/activate-ml-model';
import { aucOf } from './model-evaluation';
import { translateServerMessage, useT } from '../../../lib/i18n';

/** What a version's state cell says: progress while training, the reason of an error. */
function StateCell({ model }: { model: MlModelVersion }) {
  const t = useT();
  if (model.state === 'Running' || model.state === 'Queued') {
    return (
      <TableCell>
        <Typography variant="body2">
          {model.state}
          {model.message ? `: ${translateServerMessage(model.message)}` : ''}
        </Typography>
        <LinearProgress
          variant="determinate"
          value={model.progress}
          aria-label={t('Training of version {{version}}', { version: model.version })}
        />
      </TableCell>
    );
  }
  return (
    <TableCell>
      {model.state === 'Error'
        ? t('Error: {{message}}', {
            message: model.error ? translateServerMessage(model.error) : t('unknown'),
          })
        : model.state}
    </TableCell>
  );
}

/** Every version, newest first: state, who trained it, its AUC; view or activate one. */
export function TrainingHistory(props: {
  versions: readonly MlModelVersion[];
  canManage: boolean;
  onShow: (version: number) => void;
}) {
  const t = useT();
  const activate = useActivateMlModel();
  if (props.versions.length === 0)
    return <Typography>{t('No model has been trained yet.')}</Typography>;
  return (
    <>
      {activate.isError && <Alert severity="error">{errorMessageOf(activate.error)}</Alert>}
      <Table size="small" aria-label={t('Training history')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('Version')}</TableCell>
            <TableCell>{t('State')}</TableCell>
            <TableCell>{t('Requested')}</TableCell>
            <TableCell>{t('By')}</TableCell>
            <TableCell align="right">{t('Training suppliers')}</TableCell>
            <TableCell align="right">{t('ROC AUC')}</TableCell>
            <TableCell>{t('Actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {props.versions.map((m) => (
            <TableRow key={m.version}>
              <TableCell>
                {m.isActive
                  ? t('v{{version}} (active)', { version: m.version })
                  : t('v{{version}}', { version: m.version })}
              </TableCell>
              <StateCell model={m} />
              <TableCell>{formatDateTime(m.requestedAt)}</TableCell>
              <TableCell>{m.trainedBy}</TableCell>
              <TableCell align="right">
                {m.trainingSize === null ? '—' : formatWhole(m.trainingSize)}
              </TableCell>
              <TableCell align="right">{aucOf(m.evaluation?.rocAuc)}</TableCell>
              <TableCell>
                {m.state === 'Ready' && (
                  <Button size="small" onClick={() => props.onShow(m.version)}>
                    {t('Show evaluation')}
                  </Button>
                )}
                {props.canManage && m.state === 'Ready' && !m.isActive && (
                  <Button
                    size="small"
                    disabled={activate.isPending}
                    onClick={() => activate.mutate(m.version)}
                  >
                    {t('Activate')}
                  </Button>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </>
  );
}
