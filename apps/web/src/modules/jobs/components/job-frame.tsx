import {
  JOB_TAB_GROUPS_EXPANDED,
  JOB_TABS,
  JOB_TYPES,
  type JobDetails,
  type JobTabGroup,
} from '@b2b/contract';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink, useLocation, useParams } from 'react-router';
import { useNotify } from '../../../components/feedback/notifications';
import { errorMessageOf, isApiError } from '../../../lib/api-error';
import { useSession } from '../../../lib/auth/get-session';
import { tKey, useT } from '../../../lib/i18n';
import { PermissionGuard } from '../../../lib/permissions';
import { usePublishJob } from '../api/publish-job';
import { useJob } from '../api/get-job';
import { groupJobTabs, tabOfPath, visibleJobTabs, type JobTab } from './job-tabs';
import { JobNoAccess } from './job-no-access';
import { JobStatusChip } from './status-chips';

/**
 * The tab groups' names and the one tab label that is not also a page title (page titles are
 * keys already), marked here for the key extractor; shown with `t`.
 */
const NAV_NAMES: Record<string, string> = {
  Creation: tKey('Creation'),
  Analysis: tKey('Analysis'),
  Enablement: tKey('Enablement'),
  Output: tKey('Output'),
  Admin: tKey('Admin'),
  'Business Case': tKey('Business Case'),
  'Use Cases': tKey('Use Cases'),
};
const navName = (name: string) => NAV_NAMES[name] ?? name;

/** Publish or unpublish (AnalysisPublish and JobPublish); only a Completed job can be published. */
function PublishToggle({ job }: { job: JobDetails }) {
  const t = useT();
  const publish = usePublishJob(job.id);
  const notify = useNotify();
  const disabled = publish.isPending || (!job.isPublished && job.status !== 'Completed');
  return (
    <PermissionGuard permissions={['AnalysisPublish', 'JobPublish']}>
      <FormControlLabel
        label={t('Published')}
        control={
          <Switch
            checked={job.isPublished}
            disabled={disabled}
            onChange={(_, checked) =>
              publish.mutate(checked, {
                onSuccess: () =>
                  notify.success(checked ? t('Job published') : t('Job unpublished')),
                onError: (e) =>
                  notify.error(e, { operation: checked ? t('Publish job') : t('Unpublish job') }),
              })
            }
          />
        }
      />
    </PermissionGuard>
  );
}

/** The tab groups as a navigation list; Creation and Analysis start expanded. */
function JobTabNav({ jobId, tabs, current }: { jobId: string; tabs: JobTab[]; current?: JobTab }) {
  const t = useT();
  const [expanded, setExpanded] = useState<ReadonlySet<JobTabGroup>>(
    () => new Set([...JOB_TAB_GROUPS_EXPANDED, ...(current ? [current.group] : [])]),
  );
  const toggle = (group: JobTabGroup) =>
    setExpanded((open) => {
      const next = new Set(open);
      if (next.has(group)) next.delete(group);
      else next.add(group);
      return next;
    });
  return (
    <Paper variant="outlined" component="nav" aria-label={t('Job tabs')} sx={{ minWidth: 220 }}>
      <List dense disablePadding>
        {groupJobTabs(tabs).map(({ group, tabs: groupTabs }) => {
          const open = expanded.has(group);
          const listId = `job-tab-group-${group.replace(/\s/g, '-')}`;
          return (
            <Box component="li" key={group} sx={{ listStyle: 'none' }}>
              <ListItemButton
                onClick={() => toggle(group)}
                aria-expanded={open}
                aria-controls={listId}
              >
                <ListItemText
                  primary={t(navName(group))}
                  slotProps={{ primary: { sx: { fontWeight: 600 } } }}
                />
                {open ? <ExpandLess /> : <ExpandMore />}
              </ListItemButton>
              <Collapse in={open} unmountOnExit>
                <List dense disablePadding id={listId} aria-label={t(navName(group))}>
                  {groupTabs.map((tab) => (
                    <Box component="li" key={tab.path} sx={{ listStyle: 'none' }}>
                      <ListItemButton
                        component={RouterLink}
                        to={`/jobs/${jobId}/${tab.path}`}
                        selected={tab === current}
                        aria-current={tab === current ? 'page' : undefined}
                        sx={{ pl: 4 }}
                      >
                        <ListItemText primary={t(navName(tab.label))} />
                      </ListItemButton>
                    </Box>
                  ))}
                </List>
              </Collapse>
            </Box>
          );
        })}
      </List>
    </Paper>
  );
}

/**
 * The frame of every /jobs/:jobId/* page: the job's name, type, status and publish toggle, and
 * its tabs by group (only those whose accessor role and permission the user holds). A job the
 * user may not see (the server answers 404) shows the no-access message of /jobs/:jobId/no-access.
 */
export function JobFrame({ children }: { children: (job: JobDetails) => ReactNode }) {
  const t = useT();
  const { jobId = '' } = useParams();
  const { pathname } = useLocation();
  const { data: user } = useSession();
  const job = useJob(jobId);
  const tabs = visibleJobTabs(user);
  const rest = pathname.split(`/jobs/${jobId}/`)[1] ?? '';
  const current = tabOfPath(rest, tabs);
  // The route itself only needs ViewJobTabs: a tab's page checks its accessor role here.
  const pageTab = tabOfPath(rest, JOB_TABS);
  const tabAllowed = !pageTab || tabs.includes(pageTab);

  if (job.isError) {
    // Shown in place rather than redirected: the address stays the one the user opened.
    if (isApiError(job.error, 404) || isApiError(job.error, 403)) return <JobNoAccess />;
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void job.refetch()}>
            {t('Try again')}
          </Button>
        }
      >
        {errorMessageOf(job.error)}
      </Alert>
    );
  }
  if (!job.data) return <LinearProgress aria-label={t('Loading the job')} />;

  const data = job.data;
  return (
    <Stack spacing={2}>
      <Paper variant="panel" component="section" aria-label={t('Job header')}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'center' }}>
          <Box sx={{ flexGrow: 1, minWidth: 0 }}>
            <Typography variant="h5" component="h2" noWrap>
              {data.name}
            </Typography>
            <Typography variant="note">
              {t(JOB_TYPES[data.type])} · {data.issuerName} · {data.buyerName}
            </Typography>
          </Box>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Typography variant="body2" component="span">
              {t('Status')}
            </Typography>
            <JobStatusChip status={data.status} />
          </Stack>
          <PublishToggle job={data} />
        </Stack>
      </Paper>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
        <JobTabNav jobId={jobId} tabs={tabs} current={current} />
        <Box sx={{ flexGrow: 1, minWidth: 0, width: '100%' }}>
          {tabAllowed ? (
            children(data)
          ) : (
            <Alert severity="warning">
              {t('The {{tab}} tab is not available to you for this job.', {
                tab: t(navName(pageTab?.label ?? '')),
              })}
            </Alert>
          )}
        </Box>
      </Stack>
    </Stack>
  );
}
