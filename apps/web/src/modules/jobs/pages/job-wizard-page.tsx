import {
  creatableJobTypes,
  JOB_TYPES,
  JobTypeSchema,
  type JobDetails,
  type JobType,
} from '@b2b/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepButton from '@mui/material/StepButton';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { EntityLockBar } from '../../../components/feedback/entity-lock-bar';
import { errorMessageOf, isApiError } from '../../../lib/api-error';
import { useT } from '../../../lib/i18n';
import { useEntityLock } from '../../admin/api/use-entity-lock';
import { useCurrentUser } from '../../../lib/auth/use-current-user';
import { useJob } from '../api/get-job';
import { JobNoAccess } from '../components/job-no-access';
import { JobStatusChip } from '../components/status-chips';
import { MappingStep } from '../components/wizard/mapping-step';
import { PreviewStep } from '../components/wizard/preview-step';
import { resumeStepOf, WIZARD_STEPS } from '../components/wizard/resume';
import { SetupStep } from '../components/wizard/setup-step';
import { hasRequiredFiles, UploadStep } from '../components/wizard/upload-step';
import { ValidateStep } from '../components/wizard/validate-step';

function Wizard({ type, job }: { type: JobType; job: JobDetails | undefined }) {
  const t = useT();
  const navigate = useNavigate();
  const [active, setActive] = useState(() => resumeStepOf(job));
  const filesReady = !!job && hasRequiredFiles(job);
  // A step can be opened once everything before it exists.
  const reachable = (step: number) => step === 0 || (!!job && (step === 1 || filesReady));

  return (
    <Stack spacing={3}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Typography variant="h5" component="h2" sx={{ flexGrow: 1 }}>
          {t(JOB_TYPES[type])}
          {job ? `: ${job.name}` : ''}
        </Typography>
        {job && <JobStatusChip status={job.status} />}
      </Stack>
      <Stepper nonLinear activeStep={active} aria-label={t('Job creation steps')}>
        {WIZARD_STEPS.map((label, index) => (
          <Step key={label} completed={index < resumeStepOf(job)}>
            <StepButton
              disabled={!reachable(index)}
              onClick={() => setActive(index)}
              aria-current={index === active ? 'step' : undefined}
            >
              {t(label)}
            </StepButton>
          </Step>
        ))}
      </Stepper>
      <Paper variant="panel" component="section" aria-label={t(WIZARD_STEPS[active] ?? '')}>
        <Typography variant="h6" component="h3" gutterBottom>
          {t(WIZARD_STEPS[active] ?? '')}
        </Typography>
        {active === 0 && (
          <SetupStep
            type={type}
            job={job}
            onDone={(saved) => {
              if (job) setActive(1);
              else void navigate(`/jobs/${saved.id}/workflow/${type}`, { replace: true });
            }}
          />
        )}
        {active === 1 && job && (
          <Stack spacing={2}>
            <UploadStep job={job} />
            <Stack direction="row">
              <Button variant="contained" disabled={!filesReady} onClick={() => setActive(2)}>
                {t('Continue to mapping')}
              </Button>
            </Stack>
          </Stack>
        )}
        {active === 2 && job && (
          <MappingStep
            key={job.files.map((f) => f.id).join()}
            job={job}
            onDone={() => setActive(3)}
          />
        )}
        {active === 3 && job && <PreviewStep job={job} onDone={() => setActive(4)} />}
        {active === 4 && job && (
          <ValidateStep
            job={job}
            onSubmitted={(submitted) => void navigate(`/jobs/${submitted.id}/details`)}
          />
        )}
      </Paper>
    </Stack>
  );
}

/**
 * /jobs/create/:type and /jobs/:jobId/workflow/:type: the step-by-step creation of a job of one
 * of the three types. A Draft job opened here resumes at the step its files have reached; a
 * submitted job has no wizard any more and opens on its details.
 */
export function JobWizardPage() {
  const t = useT();
  const { type: typeParam, jobId } = useParams();
  const type = JobTypeSchema.safeParse(typeParam);
  const job = useJob(jobId);
  const user = useCurrentUser();

  if (!type.success)
    return (
      <Alert severity="error">
        {t(
          'Unknown job type “{{type}}”. Choose Summary Upload, Matched Data Only Upload or Consultant Upload.',
          { type: typeParam },
        )}
      </Alert>
    );
  if (!jobId) {
    if (!creatableJobTypes(user).includes(type.data))
      return (
        <Alert severity="warning">
          {t(
            'Your roles do not allow creating a {{type}} job. Ask an administrator for the roles you need.',
            { type: t(JOB_TYPES[type.data]) },
          )}
        </Alert>
      );
    return <Wizard type={type.data} job={undefined} />;
  }
  if (job.isError) {
    if (isApiError(job.error, 404) || isApiError(job.error, 403)) return <JobNoAccess />;
    return <Alert severity="error">{errorMessageOf(job.error)}</Alert>;
  }
  if (!job.data) return <LinearProgress aria-label={t('Loading the job')} />;
  if (job.data.type !== type.data)
    return <Navigate to={`/jobs/${jobId}/workflow/${job.data.type}`} replace />;
  if (job.data.status !== 'Draft' || !job.data.can.editWizard)
    return <Navigate to={`/jobs/${jobId}/details`} replace />;
  return <LockedWizard key={jobId} type={type.data} job={job.data} />;
}

/**
 * A Draft job's wizard under the job's entity write lock (SPEC §9): while another user holds it
 * the wizard is replaced by who is editing, so two people never map the same files at once.
 */
function LockedWizard({ type, job }: { type: JobType; job: JobDetails }) {
  const lock = useEntityLock('job', job.id);
  return (
    <>
      <EntityLockBar lock={lock} />
      {lock.readOnly ? null : <Wizard type={type} job={job} />}
    </>
  );
}
