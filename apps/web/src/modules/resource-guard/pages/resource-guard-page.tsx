import {
  PROQ_LIMITS,
  formatLimitBytes,
  formatLimitValue,
  type ResourceLimit,
  type ResourceUsage,
} from '@b2b/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useNotify } from '../../../components/feedback/notifications';
import { Section } from '../../../components/layout/section';
import { errorMessageOf } from '../../../lib/api-error';
import { useRefetchInterval } from '../../../lib/client-flags';
import { formatDateTime } from '../../../lib/date-format';
import { useResourceUsage } from '../api/get-resource-usage';
import { useResourceLimits } from '../api/list-resource-limits';
import { useResetResourceLimit } from '../api/reset-resource-limit';
import { LimitDialog, WHEN_EXCEEDED_LABELS } from '../components/limit-dialog';
import { UsagePanel } from '../components/usage-panel';
import { ActionsHeaderCell } from '../../../components/layout/actions-header-cell';

/** Today's figure beside a limit, where the limit bounds something that can be counted. */
function usageOf(limit: ResourceLimit, usage: ResourceUsage | undefined): string {
  if (!usage) return '';
  const [topStorage] = usage.storageByIssuer;
  const [topRunning] = usage.runningByIssuer;
  switch (limit.key) {
    case 'storageBytesPerIssuer':
      return topStorage
        ? `${formatLimitBytes(topStorage.value)} (${topStorage.issuerName}, the most)`
        : 'None stored';
    case 'runningJobsPerIssuer':
      return topRunning ? `${topRunning.value} (${topRunning.issuerName}, the most)` : 'None';
    case 'queuedJobsPerUser':
      return `${usage.maxQueuedPerUser} (the most of one user)`;
    case 'engineMemoryMb':
      return `Process RSS ${formatLimitBytes(usage.process.rssBytes)}`;
    default:
      return '';
  }
}

/**
 * /devops/resource-guard (SPEC §2, DevOps_Area_VIEW): the limits the server enforces, each with
 * its default and who set it, editable and resettable, beside the usage they bound (refreshed
 * as often as the ProQ monitoring screen).
 */
export function ResourceGuardPage() {
  const limits = useResourceLimits();
  const usage = useResourceUsage();
  const reset = useResetResourceLimit();
  const notify = useNotify();
  const polling = useRefetchInterval(PROQ_LIMITS.refetchIntervalMs) !== false;
  const [editing, setEditing] = useState<ResourceLimit | null>(null);

  async function resetLimit(limit: ResourceLimit) {
    try {
      const saved = await reset.mutateAsync(limit.key);
      notify.success(`${limit.name} reset to ${formatLimitValue(limit.key, saved.value)}`);
    } catch (error) {
      notify.error(error, { operation: `Resetting ${limit.name.toLowerCase()}` });
    }
  }

  return (
    <Stack spacing={3}>
      <Section title="Limits">
        <Stack spacing={2}>
          {limits.error && <Alert severity="error">{errorMessageOf(limits.error)}</Alert>}
          {limits.isPending && <LinearProgress aria-label="Loading the limits" />}
          {limits.data && (
            <Box sx={{ overflowX: 'auto' }}>
              <Table size="small" aria-label="Resource limits">
                <TableHead>
                  <TableRow>
                    <TableCell>Limit</TableCell>
                    <TableCell>Value</TableCell>
                    <TableCell>Default</TableCell>
                    <TableCell>Source</TableCell>
                    <TableCell>Usage now</TableCell>
                    <ActionsHeaderCell />
                  </TableRow>
                </TableHead>
                <TableBody>
                  {limits.data.limits.map((limit) => (
                    <TableRow key={limit.key}>
                      <TableCell component="th" scope="row">
                        {limit.name}
                      </TableCell>
                      <TableCell>
                        {formatLimitValue(limit.key, limit.value)}
                        {limit.whenExceeded && limit.value !== null && (
                          <Typography variant="body2" color="text.secondary">
                            Over it: {WHEN_EXCEEDED_LABELS[limit.whenExceeded].toLowerCase()}
                          </Typography>
                        )}
                      </TableCell>
                      <TableCell>{formatLimitValue(limit.key, limit.defaultValue)}</TableCell>
                      <TableCell>
                        {limit.setBy
                          ? `Set by ${limit.setBy} at ${formatDateTime(limit.setAt)}`
                          : 'Default'}
                      </TableCell>
                      <TableCell>{usageOf(limit, usage.data)}</TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>
                        <Button
                          size="small"
                          onClick={() => setEditing(limit)}
                          aria-label={`Edit ${limit.name.toLowerCase()}`}
                        >
                          Edit
                        </Button>
                        <Button
                          size="small"
                          disabled={!limit.setBy || reset.isPending}
                          onClick={() => void resetLimit(limit)}
                          aria-label={`Reset ${limit.name.toLowerCase()} to its default`}
                        >
                          Reset
                        </Button>
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
          )}
          <Typography variant="note">
            Defaults come from the server&apos;s configuration; a limit set here overrides it on
            every server within a few seconds.{' '}
            {polling
              ? `Usage refreshes every ${PROQ_LIMITS.refetchIntervalMs / 1000} s.`
              : 'Automatic refresh is off (queries-refetch, on your profile page).'}
          </Typography>
        </Stack>
      </Section>
      {usage.error && <Alert severity="error">{errorMessageOf(usage.error)}</Alert>}
      {usage.data && <UsagePanel usage={usage.data} />}
      {editing && <LimitDialog limit={editing} onClose={() => setEditing(null)} />}
    </Stack>
  );
}
