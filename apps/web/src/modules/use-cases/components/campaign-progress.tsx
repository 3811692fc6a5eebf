import {
  CAMPAIGN_ROUTE_LABELS,
  type Campaign,
  type CampaignCounters,
  type UseCase,
} from '@b2b/contract';
import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Fragment } from 'react';
import { errorMessageOf } from '../../../lib/api-error';
import { useCan } from '../../../lib/permissions';
import { useJobCampaignsForReport } from '../../campaigns/api/list-job-campaigns';
import { tKey, useT } from '../../../lib/i18n';

const COUNTERS: { key: keyof CampaignCounters; label: string }[] = [
  { key: 'total', label: tKey('Total') },
  { key: 'pending', label: tKey('Pending') },
  { key: 'active', label: tKey('Active') },
  { key: 'failed', label: tKey('Failed') },
  { key: 'succeeded', label: tKey('Succeeded') },
];

const sum = (campaigns: Campaign[]): CampaignCounters =>
  campaigns.reduce(
    (n, c) => ({
      total: n.total + c.counters.total,
      pending: n.pending + c.counters.pending,
      active: n.active + c.counters.active,
      failed: n.failed + c.counters.failed,
      succeeded: n.succeeded + c.counters.succeeded,
    }),
    { total: 0, pending: 0, active: 0, failed: 0, succeeded: 0 },
  );

function CounterCells({ counters, strong }: { counters: CampaignCounters; strong?: boolean }) {
  return COUNTERS.map(({ key }) => (
    <TableCell key={key} align="right">
      {strong ? <strong>{counters[key].toLocaleString()}</strong> : counters[key].toLocaleString()}
    </TableCell>
  ));
}

/**
 * Campaign progress of the Use Cases Report (SPEC §3 campaign tracker statuses and counters):
 * per use case, the campaigns made from it with their status and counters, and the job's total
 * over its campaigns (a campaign made from several use cases is listed under each and counted
 * once). Campaigns need CampaignManager_Feature_VIEW; without it the section says so.
 */
export function CampaignProgress({ jobId, useCases }: { jobId: string; useCases: UseCase[] }) {
  const t = useT();
  const maySee = useCan('CampaignManager_Feature_VIEW');
  const campaigns = useJobCampaignsForReport(jobId, maySee);
  if (!maySee)
    return (
      <Typography variant="body2">
        {t('Campaign progress is shown to users who may view campaigns.')}
      </Typography>
    );
  if (campaigns.isError) return <Alert severity="error">{errorMessageOf(campaigns.error)}</Alert>;
  if (!campaigns.data) return <LinearProgress aria-label={t('Loading the campaigns')} />;
  const all = campaigns.data.collection;
  if (all.length === 0)
    return <Typography variant="body2">{t('No campaigns yet for this job.')}</Typography>;
  const byUseCase = (id: string) => all.filter((c) => c.useCaseIds.includes(id));
  return (
    <>
      <Table size="small" aria-label={t('Campaign progress by use case')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('Campaign')}</TableCell>
            <TableCell>{t('Route')}</TableCell>
            <TableCell>{t('Status')}</TableCell>
            {COUNTERS.map(({ key, label }) => (
              <TableCell key={key} align="right">
                {t(label)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {useCases.map((u) => {
            const mine = byUseCase(u.id);
            return (
              <Fragment key={u.id}>
                <TableRow>
                  <TableCell colSpan={3 + COUNTERS.length} component="th" scope="row">
                    <strong>{u.name}</strong>
                    {mine.length === 0 && `: ${t('no campaigns yet')}`}
                  </TableCell>
                </TableRow>
                {mine.map((c) => (
                  <TableRow key={c.id}>
                    <TableCell>{c.name}</TableCell>
                    <TableCell>{CAMPAIGN_ROUTE_LABELS[c.route]}</TableCell>
                    {/* The statuses' words are keys (campaign-format's STATUS_LABELS). */}
                    <TableCell>{t(c.status)}</TableCell>
                    <CounterCells counters={c.counters} />
                  </TableRow>
                ))}
              </Fragment>
            );
          })}
          <TableRow>
            <TableCell colSpan={3}>
              <strong>{t('All campaigns of this job ({{count}})', { count: all.length })}</strong>
            </TableCell>
            <CounterCells counters={sum(all)} strong />
          </TableRow>
        </TableBody>
      </Table>
      {campaigns.data.totalCount > all.length && (
        <Typography variant="note" component="p">
          {t('The first {{shown}} of {{total}} campaigns are shown and totalled.', {
            shown: all.length.toLocaleString(),
            total: campaigns.data.totalCount.toLocaleString(),
          })}
        </Typography>
      )}
    </>
  );
}
