import { formatLimitBytes, type ResourceUsage } from '@b2b/contract';
import Grid from '@mui/material/Grid';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { FactList } from '../../../components/layout/fact-list';
import { Section } from '../../../components/layout/section';
import { formatDateTime } from '../../../lib/date-format';
import { formatWhole } from '../../../lib/number-format';
import { useT } from '../../../lib/i18n';

function IssuerTable({
  label,
  heading,
  rows,
  format,
}: {
  label: string;
  heading: string;
  rows: ResourceUsage['storageByIssuer'];
  format: (value: number) => string;
}) {
  const t = useT();
  if (rows.length === 0) return <Typography variant="body2">{t('None.')}</Typography>;
  return (
    <Table size="small" aria-label={label}>
      <TableHead>
        <TableRow>
          <TableCell>{t('Issuer')}</TableCell>
          <TableCell align="right">{heading}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.issuerId}>
            <TableCell>{row.issuerName}</TableCell>
            <TableCell align="right">{format(row.value)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** What the limits bound now: storage, jobs, the queue, this server's memory, the engine. */
export function UsagePanel({ usage }: { usage: ResourceUsage }) {
  const t = useT();
  return (
    <Section title={t('Usage')}>
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 4 }}>
          <FactList
            label={t('Server usage')}
            facts={[
              [t('Queue depth (ProQ commands waiting)'), formatWhole(usage.queueDepth)],
              [t('Most jobs queued by one user'), formatWhole(usage.maxQueuedPerUser)],
              [t('Process memory (RSS)'), formatLimitBytes(usage.process.rssBytes)],
              [
                t('Heap used / total'),
                `${formatLimitBytes(usage.process.heapUsedBytes)} / ${formatLimitBytes(usage.process.heapTotalBytes)}`,
              ],
              [
                t('Engine settings'),
                // Engine setting names, shown as the engine knows them.
                `memory_limit ${usage.engine.memoryLimit}, threads ${usage.engine.threads}`,
              ],
              [t('Measured'), formatDateTime(usage.measuredAt)],
            ]}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <Typography variant="subtitle2" component="h3">
            {t('Storage per issuer')}
          </Typography>
          <IssuerTable
            label={t('Storage per issuer')}
            heading={t('Stored files')}
            rows={usage.storageByIssuer}
            format={formatLimitBytes}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <Typography variant="subtitle2" component="h3">
            {t('Running jobs per issuer')}
          </Typography>
          <IssuerTable
            label={t('Running jobs per issuer')}
            heading={t('Jobs')}
            rows={usage.runningByIssuer}
            format={formatWhole}
          />
        </Grid>
      </Grid>
    </Section>
  );
}
