import { DOCUMENT_TYPE_LABELS, JOB_TYPES, type JobDetails } from '@b2b/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { formatFileSize } from '../../../components/forms';
import { useRefetchInterval } from '../../../lib/client-flags';
import { JOB_REFRESH_MS } from '../api/get-job';
import { formatAmount, formatDateTime } from '../components/format';
import { JobFrame } from '../components/job-frame';
import { JobManageSection } from '../components/job-manage-section';
import { WorkflowProgress, WorkflowSteps } from '../components/workflow-steps';
import { PermissionGuard, useCan } from '../../../lib/permissions';
import { JobCommands } from '../components/job-commands';
import { EntityLockBar } from '../../../components/feedback/entity-lock-bar';
import { useEntityLock } from '../../admin/api/use-entity-lock';
import { Section } from '../../../components/layout/section';
import { FactList } from '../../../components/layout/fact-list';
import { useT } from '../../../lib/i18n';

function JobDetailsView({ job }: { job: JobDetails }) {
  const t = useT();
  const refetch = useRefetchInterval(JOB_REFRESH_MS);
  const workflowView = useCan('Workflow_VIEW');
  // SPEC §2 magic links: an administrator sends a Draft job's upload link from its page.
  const sendsUploadLinks = useCan(['Analysis_Admin_Area_VIEW', 'MagicLinks_CRUD']);
  // Watched, not taken: reading the details is not editing; rename and delete wait while
  // someone edits the job (its wizard holds the lock).
  const lock = useEntityLock('job', job.id, { take: false });
  return (
    <Stack spacing={2}>
      {job.status === 'Draft' && (
        <Alert
          severity="info"
          action={
            <Stack direction="row" spacing={1}>
              {sendsUploadLinks && (
                <Button
                  color="inherit"
                  size="small"
                  component={RouterLink}
                  to={`/admin/analysis-admin/magic-links?jobId=${job.id}`}
                >
                  {t('Send upload link')}
                </Button>
              )}
              {job.can.editWizard && (
                <Button
                  color="inherit"
                  size="small"
                  component={RouterLink}
                  to={`/jobs/${job.id}/workflow/${job.type}`}
                >
                  {t('Continue setup')}
                </Button>
              )}
            </Stack>
          }
        >
          {t('This job has not been submitted yet.')}
        </Alert>
      )}
      <Section headingLevel={3} title={workflowView ? t('Workflow steps') : t('Progress')}>
        {job.steps.length === 0 ? (
          <Typography>{t('The steps start when the job is submitted.')}</Typography>
        ) : workflowView ? (
          <WorkflowSteps job={job} />
        ) : (
          <WorkflowProgress job={job} />
        )}
        {job.status === 'Processing' && (
          <Typography variant="note" sx={{ mt: 1 }}>
            {refetch === false
              ? t('Automatic refresh is off (profile settings); reload to see progress.')
              : t('Statuses refresh while the job runs.')}
          </Typography>
        )}
      </Section>
      <Section headingLevel={3} title={t('Job')}>
        <FactList
          facts={[
            [t('Type'), t(JOB_TYPES[job.type])],
            [t('Issuer'), job.issuerName],
            [t('Buyer'), job.buyerName],
            [t('Owner'), job.ownerName],
            [t('Currency'), job.currency],
            [t('Created'), formatDateTime(job.createdOn)],
            [t('Submitted'), formatDateTime(job.submittedAt)],
            [t('Completed'), formatDateTime(job.completedAt)],
            [t('Analysis date'), formatDateTime(job.analysisDate)],
          ]}
        />
      </Section>
      <PermissionGuard permissions="JobDetails_VIEW">
        <Section headingLevel={3} title={t('Technical details')}>
          <FactList
            facts={[
              [t('Job id'), job.id],
              [t('Reference data version'), job.referenceVersionId ?? '—'],
              [t('Confidence ruleset version'), job.confidenceRulesetVersion ?? '—'],
              [t('Scoring ruleset version'), job.scoringRulesetVersion ?? '—'],
            ]}
          />
          <PermissionGuard permissions="QuickView_ProQ_VIEW">
            <Typography variant="subtitle2" component="h4" sx={{ mt: 2, mb: 1 }}>
              {t('Job commands')}
            </Typography>
            <JobCommands jobId={job.id} />
          </PermissionGuard>
        </Section>
      </PermissionGuard>
      <Section headingLevel={3} title={t('Files')}>
        {job.files.length === 0 ? (
          <Typography>{t('No files uploaded yet.')}</Typography>
        ) : (
          <Table size="small" aria-label={t('Files')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('File')}</TableCell>
                <TableCell>{t('Role')}</TableCell>
                <TableCell>{t('Size')}</TableCell>
                <TableCell>{t('Uploaded')}</TableCell>
                <TableCell>{t('Rows accepted')}</TableCell>
                <TableCell>{t('Rows rejected')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {job.files.map((file) => (
                <TableRow key={file.id}>
                  <TableCell>{file.fileName}</TableCell>
                  <TableCell>
                    {file.documentType
                      ? t(DOCUMENT_TYPE_LABELS[file.documentType])
                      : t('Supplier list')}
                  </TableCell>
                  <TableCell>{formatFileSize(file.sizeBytes)}</TableCell>
                  <TableCell>{formatDateTime(file.uploadedAt)}</TableCell>
                  <TableCell>{file.validation?.acceptedCount ?? '—'}</TableCell>
                  <TableCell>{file.validation?.rejectedCount ?? '—'}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </Section>
      {job.summary && (
        <Section headingLevel={3} title={t('Results')}>
          <FactList
            facts={[
              [t('Suppliers'), job.summary.suppliers.toLocaleString()],
              [t('Matched'), job.summary.matched.toLocaleString()],
              [t('Unmatched'), job.summary.unmatched.toLocaleString()],
              [t('Annual spend'), formatAmount(job.summary.annualSpend, job.currency)],
            ]}
          />
        </Section>
      )}
      <EntityLockBar lock={lock} />
      <JobManageSection job={job} readOnly={lock.readOnly} />
    </Stack>
  );
}

/** /jobs/:jobId/details: the job's facts, files and workflow steps (live while running). */
export function JobDetailsPage() {
  return <JobFrame>{(job) => <JobDetailsView job={job} />}</JobFrame>;
}
