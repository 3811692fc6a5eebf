import { COMMAND_STATES } from '@b2b/contract';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useProqCommandsInfo } from '../api/get-commands-info';
import { useT } from '../../../lib/i18n';

function CountCard({ label, count }: { label: string; count: number | undefined }) {
  return (
    <Card variant="outlined" sx={{ minWidth: 160 }} aria-label={label}>
      <CardContent>
        <Typography variant="note">{label}</Typography>
        <Typography variant="h4" component="p">
          {count ?? '…'}
        </Typography>
      </CardContent>
    </Card>
  );
}

export type QueueCountsProps = {
  queued: number | undefined;
  completed: number | undefined;
  failed: number | undefined;
};

/** The monitoring data's three counts: queued, completed, error (Error and Canceled). */
export function QueueCounts({ queued, completed, failed }: QueueCountsProps) {
  const t = useT();
  return (
    <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap', rowGap: 2 }}>
      <CountCard label={t('Queued')} count={queued} />
      <CountCard label={t('Completed')} count={completed} />
      <CountCard label={t('Error')} count={failed} />
    </Stack>
  );
}

/** Counts per state, overall and per command type (the commands-info call). */
export function CountsByCommandType() {
  const t = useT();
  const { data } = useProqCommandsInfo();
  return (
    <TableContainer component={Card} variant="outlined">
      <Table size="small" aria-label={t('Commands per state and command type')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('Command type')}</TableCell>
            {COMMAND_STATES.map((state) => (
              <TableCell key={state} align="right">
                {t(state)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {data?.byCommandType.map((row) => (
            <TableRow key={row.commandType}>
              <TableCell component="th" scope="row">
                {row.commandType}
              </TableCell>
              {COMMAND_STATES.map((state) => (
                <TableCell key={state} align="right">
                  {row[state]}
                </TableCell>
              ))}
            </TableRow>
          ))}
          {data && (
            <TableRow>
              <TableCell component="th" scope="row" sx={{ fontWeight: 600 }}>
                {t('All')}
              </TableCell>
              {COMMAND_STATES.map((state) => (
                <TableCell key={state} align="right" sx={{ fontWeight: 600 }}>
                  {data.totals[state]}
                </TableCell>
              ))}
            </TableRow>
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
