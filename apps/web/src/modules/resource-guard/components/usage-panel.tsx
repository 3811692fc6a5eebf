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
  if (rows.length === 0) return <Typography variant="body2">None.</Typography>;
  return (
    <Table size="small" aria-label={label}>
      <TableHead>
        <TableRow>
          <TableCell>Issuer</TableCell>
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
  return (
    <Section title="Usage">
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 4 }}>
          <FactList
            label="Server usage"
            facts={[
              ['Queue depth (ProQ commands waiting)', formatWhole(usage.queueDepth)],
              ['Most jobs queued by one user', formatWhole(usage.maxQueuedPerUser)],
              ['Process memory (RSS)', formatLimitBytes(usage.process.rssBytes)],
              [
                'Heap used / total',
                `${formatLimitBytes(usage.process.heapUsedBytes)} / ${formatLimitBytes(usage.process.heapTotalBytes)}`,
              ],
              [
                'Engine settings',
                `memory_limit ${usage.engine.memoryLimit}, threads ${usage.engine.threads}`,
              ],
              ['Measured', formatDateTime(usage.measuredAt)],
            ]}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <Typography variant="subtitle2" component="h3">
            Storage per issuer
          </Typography>
          <IssuerTable
            label="Storage per issuer"
            heading="Stored files"
            rows={usage.storageByIssuer}
            format={formatLimitBytes}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <Typography variant="subtitle2" component="h3">
            Running jobs per issuer
          </Typography>
          <IssuerTable
            label="Running jobs per issuer"
            heading="Jobs"
            rows={usage.runningByIssuer}
            format={formatWhole}
          />
        </Grid>
      </Grid>
    </Section>
  );
}
