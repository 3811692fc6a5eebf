import { RenameJobSchema, type JobDetails } from '@b2b/contract';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { useNotify } from '../../../components/feedback/notifications';
import { FormDialog } from '../../../components/forms';
import { Section } from '../../../components/layout/section';
import { useT } from '../../../lib/i18n';
import { useDeleteJob } from '../api/delete-job';
import { useRenameJob } from '../api/rename-job';

/**
 * Renaming and deleting a job (SPEC §6: job name update, job delete), each behind a dialog. Shown
 * only to users the job's abilities allow; the server refuses the rest.
 */
export function JobManageSection({ job, readOnly }: { job: JobDetails; readOnly: boolean }) {
  const t = useT();
  const [dialog, setDialog] = useState<'rename' | 'delete' | null>(null);
  const rename = useRenameJob(job.id);
  const remove = useDeleteJob(job.id);
  const notify = useNotify();
  const navigate = useNavigate();
  if (!job.can.rename && !job.can.delete) return null;
  const close = () => setDialog(null);

  return (
    <Section headingLevel={3} title={t('Manage job')}>
      <Stack direction="row" spacing={1}>
        {job.can.rename && (
          <Button variant="outlined" disabled={readOnly} onClick={() => setDialog('rename')}>
            {t('Rename')}
          </Button>
        )}
        {job.can.delete && (
          <Button
            variant="outlined"
            color="error"
            disabled={readOnly}
            onClick={() => setDialog('delete')}
          >
            {t('Delete job')}
          </Button>
        )}
      </Stack>
      <FormDialog
        open={dialog === 'rename'}
        title={t('Rename the job')}
        fields={[{ type: 'TextField', name: 'name', label: t('Name'), required: true }]}
        schema={RenameJobSchema}
        defaultValues={{ name: job.name }}
        submitLabel={t('Rename')}
        cancelLabel={t('Cancel')}
        onSubmit={async ({ name }) => {
          await rename.mutateAsync(name);
          notify.success(t('Job renamed'));
        }}
        onClose={close}
      />
      <FormDialog
        open={dialog === 'delete'}
        title={t('Delete "{{name}}"?', { name: job.name })}
        description={t(
          'The job, its files, results, use cases and campaigns are deleted for everyone. This cannot be undone.',
        )}
        fields={[]}
        schema={z.object({})}
        defaultValues={{}}
        submitLabel={t('Delete')}
        cancelLabel={t('Cancel')}
        onSubmit={async () => {
          await remove.mutateAsync();
          notify.success(t('Job deleted'));
          void navigate('/analysis');
        }}
        onClose={close}
      />
    </Section>
  );
}
