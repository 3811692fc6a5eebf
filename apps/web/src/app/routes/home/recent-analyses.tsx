import { JOB_TYPES } from '@b2b/contract';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { Section } from '../../../components/layout/section';
import { errorMessageOf } from '../../../lib/api-error';
import { formatDateTime } from '../../../lib/date-format';
import { useRecentJobs } from '../../../modules/jobs/api/list-jobs';
import { JobStatusChip } from '../../../modules/jobs/components/status-chips';
import { useT } from '../../../lib/i18n';

/**
 * The analysis landing (AnalysisLanding_VIEW, SPEC §6 issuer base): the five jobs the user sees
 * that changed last, each with its state, so a returning user picks up where they left off.
 */
export function RecentAnalyses() {
  const t = useT();
  const jobs = useRecentJobs();
  return (
    <Section title={t('Recent analyses')}>
      {jobs.isError && <Alert severity="error">{errorMessageOf(jobs.error)}</Alert>}
      {jobs.data?.length === 0 && (
        <Typography>{t('No analyses yet. Start a new job to see it here.')}</Typography>
      )}
      {!!jobs.data?.length && (
        <List dense disablePadding aria-label={t('Recent analyses')}>
          {jobs.data.map((job) => (
            <ListItem
              key={job.id}
              disableGutters
              secondaryAction={<JobStatusChip status={job.status} />}
            >
              <ListItemText
                primary={
                  <Link component={RouterLink} to={`/jobs/loading/${job.id}`}>
                    {job.name}
                  </Link>
                }
                secondary={`${t(JOB_TYPES[job.type])} · ${job.issuerName} · ${job.buyerName} · ${t('updated {{date}}', { date: formatDateTime(job.updatedOn) })}`}
              />
            </ListItem>
          ))}
        </List>
      )}
      <Link component={RouterLink} to="/analysis">
        {t('All analyses')}
      </Link>
    </Section>
  );
}
