import { JOB_TYPES, type DashboardJobRef } from '@b2b/contract';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { TileRow } from '../../../components/layout/tile-row';
import { formatWhole } from '../../../lib/number-format';
import { useJobsNow } from '../api/get-jobs-now';
import { DashboardTile, useCanOpen } from './dashboard-tile';
import { tKey, useT } from '../../../lib/i18n';

function JobList(props: { label: string; jobs: DashboardJobRef[]; tab: 'details' | 'logs' }) {
  const t = useT();
  const canOpen = useCanOpen(`/jobs/:jobId/${props.tab}`);
  if (props.jobs.length === 0) return null;
  return (
    <List dense aria-label={props.label} disablePadding>
      {props.jobs.map((job) => (
        <ListItem key={job.id} disableGutters>
          <ListItemText
            primary={
              canOpen ? (
                <Link component={RouterLink} to={`/jobs/${job.id}/${props.tab}`}>
                  {job.name}
                </Link>
              ) : (
                job.name
              )
            }
            secondary={`${job.issuerName} · ${t(JOB_TYPES[job.type])} · ${new Date(job.updatedAt).toLocaleString()}`}
          />
        </ListItem>
      ))}
    </List>
  );
}

/** Jobs whose pipeline runs now and those stopped on an error: each opens its job. */
export function JobsNowTile() {
  const t = useT();
  const query = useJobsNow();
  return (
    <DashboardTile
      title={t('Jobs running and failed now')}
      query={query}
      link={{ route: '/analysis', label: t('Open the job list') }}
    >
      {(data) => (
        <>
          <TileRow
            tiles={[
              { label: tKey('Running'), value: formatWhole(data.running) },
              { label: tKey('Failed'), value: formatWhole(data.failed) },
            ]}
          />
          {data.running + data.failed === 0 && (
            <Typography variant="note">{t('No job is running or failed.')}</Typography>
          )}
          <JobList label={t('Running jobs')} jobs={data.runningJobs} tab="details" />
          <JobList label={t('Failed jobs')} jobs={data.failedJobs} tab="logs" />
        </>
      )}
    </DashboardTile>
  );
}
