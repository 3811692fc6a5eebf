import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { TileRow } from '../../../components/layout/tile-row';
import { formatWhole } from '../../../lib/number-format';
import { useDashboardCampaigns } from '../api/get-campaigns';
import { DashboardTile, useCanOpen } from './dashboard-tile';
import { tKey, useT } from '../../../lib/i18n';

/** The SPEC §4 tracker counters, in its order. */
const COUNTERS = [
  ['total', tKey('Total')],
  ['pending', tKey('Pending')],
  ['active', tKey('Active')],
  ['failed', tKey('Failed')],
  ['succeeded', tKey('Succeeded')],
] as const;

/** Campaigns by status, and the ones in progress with their counters, each opening its tracker. */
export function CampaignsTile() {
  const t = useT();
  const query = useDashboardCampaigns();
  const canOpen = useCanOpen('/jobs/:jobId/campaign-workflows/:campaignWorkflowId');
  return (
    <DashboardTile
      title={t('Campaigns in progress')}
      query={query}
      link={{ route: '/campaign-workflows', label: t('Open campaign workflows') }}
    >
      {(data) => (
        <>
          <TileRow
            tiles={[
              { label: tKey('Active campaigns'), value: formatWhole(data.active) },
              { label: tKey('Pending campaigns'), value: formatWhole(data.pending) },
              { label: tKey('Completed campaigns'), value: formatWhole(data.completed) },
            ]}
          />
          {data.inProgress.length === 0 ? (
            <Typography variant="note">{t('No campaign is in progress.')}</Typography>
          ) : (
            <Table size="small" aria-label={t('Campaigns in progress')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('Campaign')}</TableCell>
                  {COUNTERS.map(([key, label]) => (
                    <TableCell key={key} align="right">
                      {t(label)}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {data.inProgress.map((c) => (
                  <TableRow key={c.id}>
                    <TableCell component="th" scope="row">
                      {canOpen ? (
                        <Link
                          component={RouterLink}
                          to={`/jobs/${c.jobId}/campaign-workflows/${c.id}`}
                        >
                          {c.name}
                        </Link>
                      ) : (
                        c.name
                      )}
                      <Typography variant="note" component="div">
                        {c.jobName}
                      </Typography>
                    </TableCell>
                    {COUNTERS.map(([key]) => (
                      <TableCell key={key} align="right">
                        {formatWhole(c.counters[key])}
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </>
      )}
    </DashboardTile>
  );
}
