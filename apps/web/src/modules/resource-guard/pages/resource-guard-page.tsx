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
import { LimitDialog, OVER_LIMIT_LABELS } from '../components/limit-dialog';
import { UsagePanel } from '../components/usage-panel';
import { ActionsHeaderCell } from '../../../components/layout/actions-header-cell';
import { useT } from '../../../lib/i18n';
import type { Translate } from '../../../lib/i18n/i18n';

/** Today's figure beside a limit, where the limit bounds something that can be counted. */
function usageOf(limit: ResourceLimit, usage: ResourceUsage | undefined, t: Translate): string {
  if (!usage) return '';
  const [topStorage] = usage.storageByIssuer;
  const [topRunning] = usage.runningByIssuer;
  switch (limit.key) {
    case 'storageBytesPerIssuer':
      return topStorage
        ? t('{{value}} ({{issuer}}, the most)', {
            value: formatLimitBytes(topStorage.value),
            issuer: topStorage.issuerName,
          })
        : t('None stored');
    case 'runningJobsPerIssuer':
      return topRunning
        ? t('{{value}} ({{issuer}}, the most)', {
            value: topRunning.value,
            issuer: topRunning.issuerName,
          })
        : t('None');
    case 'queuedJobsPerUser':
      return t('{{value}} (the most of one user)', { value: usage.maxQueuedPerUser });
    case 'engineMemoryMb':
      return t('Process RSS {{value}}', { value: formatLimitBytes(usage.process.rssBytes) });
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
  const t = useT();
  const limits = useResourceLimits();
  const usage = useResourceUsage();
  const reset = useResetResourceLimit();
  const notify = useNotify();
  const polling = useRefetchInterval(PROQ_LIMITS.refetchIntervalMs) !== false;
  const [editing, setEditing] = useState<ResourceLimit | null>(null);

  async function resetLimit(limit: ResourceLimit) {
    try {
      const saved = await reset.mutateAsync(limit.key);
      notify.success(
        t('{{name}} reset to {{value}}', {
          name: limit.name,
          value: formatLimitValue(limit.key, saved.value),
        }),
      );
    } catch (error) {
      notify.error(error, {
        operation: t('Resetting {{name}}', { name: limit.name.toLowerCase() }),
      });
    }
  }

  return (
    <Stack spacing={3}>
      <Section title={t('Limits')}>
        <Stack spacing={2}>
          {limits.error && <Alert severity="error">{errorMessageOf(limits.error)}</Alert>}
          {limits.isPending && <LinearProgress aria-label={t('Loading the limits')} />}
          {limits.data && (
            <Box sx={{ overflowX: 'auto' }}>
              <Table size="small" aria-label={t('Resource limits')}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('Limit')}</TableCell>
                    <TableCell>{t('Value')}</TableCell>
                    <TableCell>{t('Default')}</TableCell>
                    <TableCell>{t('Source')}</TableCell>
                    <TableCell>{t('Usage now')}</TableCell>
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
                            {t(OVER_LIMIT_LABELS[limit.whenExceeded])}
                          </Typography>
                        )}
                      </TableCell>
                      <TableCell>{formatLimitValue(limit.key, limit.defaultValue)}</TableCell>
                      <TableCell>
                        {limit.setBy
                          ? t('Set by {{who}} at {{when}}', {
                              who: limit.setBy,
                              when: formatDateTime(limit.setAt),
                            })
                          : t('Default')}
                      </TableCell>
                      <TableCell>{usageOf(limit, usage.data, t)}</TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>
                        <Button
                          size="small"
                          onClick={() => setEditing(limit)}
                          aria-label={t('Edit {{name}}', { name: limit.name.toLowerCase() })}
                        >
                          {t('Edit')}
                        </Button>
                        <Button
                          size="small"
                          disabled={!limit.setBy || reset.isPending}
                          onClick={() => void resetLimit(limit)}
                          aria-label={t('Reset {{name}} to its default', {
                            name: limit.name.toLowerCase(),
                          })}
                        >
                          {t('Reset')}
                        </Button>
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
          )}
          <Typography variant="note">
            {t(
              "Defaults come from the server's configuration; a limit set here overrides it on every server within a few seconds.",
            )}{' '}
            {polling
              ? t('Usage refreshes every {{seconds}} s.', {
                  seconds: PROQ_LIMITS.refetchIntervalMs / 1000,
                })
              : t('Automatic refresh is off (queries-refetch, on your profile page).')}
          </Typography>
        </Stack>
      </Section>
      {usage.error && <Alert severity="error">{errorMessageOf(usage.error)}</Alert>}
      {usage.data && <UsagePanel usage={usage.data} />}
      {editing && <LimitDialog limit={editing} onClose={() => setEditing(null)} />}
    </Stack>
  );
}
