import Alert from '@mui/material/Alert';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { errorMessageOf } from '../../../lib/api-error';
import { useT } from '../../../lib/i18n';
import { useJobQuickView } from '../../devops/api/get-job-quick-view';
import { StepStatusChip } from './status-chips';

/**
 * The job's own ProQ commands (the per-job quick view of SPEC §7): what the queue is doing for
 * this job right now, without leaving its Details tab.
 */
export function JobCommands({ jobId }: { jobId: string }) {
  const t = useT();
  const { data, error } = useJobQuickView(jobId);
  if (error) return <Alert severity="error">{errorMessageOf(error)}</Alert>;
  if (!data) return <Typography>{t('Loading the job’s commands…')}</Typography>;
  if (data.length === 0) return <Typography>{t('No commands for this job yet.')}</Typography>;
  return (
    <Table size="small" aria-label={t('Job commands')}>
      <TableHead>
        <TableRow>
          <TableCell>{t('Command type')}</TableCell>
          <TableCell>{t('State')}</TableCell>
          <TableCell align="right">{t('Age (min)')}</TableCell>
          <TableCell>{t('Tags')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {data.map((row) => (
          <TableRow key={row.id}>
            <TableCell>{row.commandType}</TableCell>
            <TableCell>
              <StepStatusChip status={row.state} />
            </TableCell>
            <TableCell align="right">{row.age}</TableCell>
            <TableCell>{row.tags.join(', ')}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
