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

function JobDetailsView({ job }: { job: JobDetails }) {
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
                  Send upload link
                </Button>
              )}
              {job.can.editWizard && (
                <Button
                  color="inherit"
                  size="small"
                  component={RouterLink}
                  to={`/jobs/${job.id}/workflow/${job.type}`}
                >
                  Continue setup
                </Button>
              )}
            </Stack>
          }
        >
          This job has not been submitted yet.
        </Alert>
      )}
      <Section headingLevel={3} title={workflowView ? 'Workflow steps' : 'Progress'}>
        {job.steps.length === 0 ? (
          <Typography>The steps start when the job is submitted.</Typography>
        ) : workflowView ? (
          <WorkflowSteps job={job} />
        ) : (
          <WorkflowProgress job={job} />
        )}
        {job.status === 'Processing' && (
          <Typography variant="note" sx={{ mt: 1 }}>
            {refetch === false
              ? 'Automatic refresh is off (profile settings); reload to see progress.'
              : 'Statuses refresh while the job runs.'}
          </Typography>
        )}
      </Section>
      <Section headingLevel={3} title="Job">
        <FactList
          facts={[
            ['Type', JOB_TYPES[job.type]],
            ['Issuer', job.issuerName],
            ['Buyer', job.buyerName],
            ['Owner', job.ownerName],
            ['Currency', job.currency],
            ['Created', formatDateTime(job.createdOn)],
            ['Submitted', formatDateTime(job.submittedAt)],
            ['Completed', formatDateTime(job.completedAt)],
            ['Analysis date', formatDateTime(job.analysisDate)],
          ]}
        />
      </Section>
      <PermissionGuard permissions="JobDetails_VIEW">
        <Section headingLevel={3} title="Technical details">
          <FactList
            facts={[
              ['Job id', job.id],
              ['Reference data version', job.referenceVersionId ?? '—'],
              ['Confidence ruleset version', job.confidenceRulesetVersion ?? '—'],
              ['Scoring ruleset version', job.scoringRulesetVersion ?? '—'],
            ]}
          />
          <PermissionGuard permissions="QuickView_ProQ_VIEW">
            <Typography variant="subtitle2" component="h4" sx={{ mt: 2, mb: 1 }}>
              Job commands
            </Typography>
            <JobCommands jobId={job.id} />
          </PermissionGuard>
        </Section>
      </PermissionGuard>
      <Section headingLevel={3} title="Files">
        {job.files.length === 0 ? (
          <Typography>No files uploaded yet.</Typography>
        ) : (
          <Table size="small" aria-label="Files">
            <TableHead>
              <TableRow>
                <TableCell>File</TableCell>
                <TableCell>Role</TableCell>
                <TableCell>Size</TableCell>
                <TableCell>Uploaded</TableCell>
                <TableCell>Rows accepted</TableCell>
                <TableCell>Rows rejected</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {job.files.map((file) => (
                <TableRow key={file.id}>
                  <TableCell>{file.fileName}</TableCell>
                  <TableCell>
                    {file.documentType ? DOCUMENT_TYPE_LABELS[file.documentType] : 'Supplier list'}
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
        <Section headingLevel={3} title="Results">
          <FactList
            facts={[
              ['Suppliers', job.summary.suppliers.toLocaleString()],
              ['Matched', job.summary.matched.toLocaleString()],
              ['Unmatched', job.summary.unmatched.toLocaleString()],
              ['Annual spend', formatAmount(job.summary.annualSpend, job.currency)],
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
