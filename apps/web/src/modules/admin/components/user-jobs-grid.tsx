import type { AuthMappedJobArtifactSchema, PagedListRequest } from '@b2b/contract';
import Autocomplete from '@mui/material/Autocomplete';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import type { z } from 'zod';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { ServerDataGrid } from '../../../components/data-grid';
import { useNotify } from '../../../components/feedback/notifications';
import { AsyncButton } from '../../../components/forms';
import { PermissionGuard } from '../../../lib/permissions';
import {
  assignableJobArtifactsQueryKey,
  useAssignableJobArtifacts,
} from '../../jobs/api/get-assignable-job-artifacts';
import { updateJobArtifactUserAssignment } from '../../jobs/api/update-job-artifact-user-assignment';
import { adminQueryKeys } from '../api/admin-query-keys';
import { listUserJobs } from '../api/list-user-jobs';
import { useT } from '../../../lib/i18n';
import type { Translate } from '../../../lib/i18n/i18n';

type JobRow = z.output<typeof AuthMappedJobArtifactSchema>;
const columnsOf = (t: Translate): GridColDef<JobRow>[] => {
  const yesNo = (v: boolean) => (v ? t('Yes') : t('No'));
  return [
    { field: 'name', headerName: t('Job'), flex: 1, minWidth: 200 },
    { field: 'buyerName', headerName: t('Buyer'), flex: 1, minWidth: 160 },
    { field: 'isPublished', headerName: t('Published'), width: 110, valueFormatter: yesNo },
    {
      field: 'isDirectAssignment',
      headerName: t('Assigned directly'),
      width: 150,
      valueFormatter: yesNo,
    },
    {
      field: 'createdOn',
      headerName: t('Created'),
      width: 180,
      filterable: false,
      valueFormatter: (v: string) => new Date(v).toLocaleString(),
    },
  ];
};

/**
 * Assign the user to one more job directly (JobDirectUserAssignment): the jobs the caller sees
 * of the user's issuers that the user is not yet on (SPEC §7 assignable job artifacts).
 */
function AssignToJob({ userId }: { userId: string }) {
  const t = useT();
  const [jobId, setJobId] = useState<string | null>(null);
  const assignable = useAssignableJobArtifacts(userId, true);
  const queryClient = useQueryClient();
  const notify = useNotify();
  const options = assignable.data ?? [];
  const chosen = options.find((j) => j.id === jobId) ?? null;
  return (
    <Stack direction="row" spacing={1} sx={{ mb: 2, alignItems: 'center' }}>
      <Autocomplete
        sx={{ minWidth: 360 }}
        options={options}
        value={chosen}
        loading={assignable.isLoading}
        getOptionLabel={(j) => `${j.name} · ${j.buyerName}`}
        onChange={(_, value) => setJobId(value?.id ?? null)}
        noOptionsText={t("No other job of the user's issuers")}
        renderInput={(params) => (
          <TextField {...params} label={t('Assign to a job')} size="small" />
        )}
      />
      <AsyncButton
        variant="outlined"
        disabled={!chosen}
        onClick={async () => {
          await updateJobArtifactUserAssignment(chosen!.id, { userId, isAssigned: true });
          notify.success(t('Assigned to {{name}}', { name: chosen!.name }));
          setJobId(null);
          await Promise.all([
            queryClient.invalidateQueries({ queryKey: adminQueryKeys.userJobs(userId) }),
            queryClient.invalidateQueries({ queryKey: assignableJobArtifactsQueryKey(userId) }),
          ]);
        }}
        onError={(e) => notify.error(e, { operation: t('Assign to a job') })}
      >
        {t('Assign')}
      </AsyncButton>
    </Stack>
  );
}

/** The job artifacts the user may see (issuer, ownership or direct assignment), 25 a page. */
export function UserJobsGrid({
  userId,
  canAssignMore,
}: {
  userId: string;
  /** The server's hasMoreJobArtifactsToAssign: whether any job is left to assign the user to. */
  canAssignMore: boolean;
}) {
  const t = useT();
  const columns = useMemo(() => columnsOf(t), [t]);
  return (
    <Paper sx={{ p: 3 }}>
      <Typography variant="h6" sx={{ mb: 2 }}>
        {t('Job artifacts')}
      </Typography>
      {canAssignMore && (
        <PermissionGuard permissions="JobDirectUserAssignment">
          <AssignToJob userId={userId} />
        </PermissionGuard>
      )}
      <ServerDataGrid<JobRow>
        label={t('Job artifacts of the user')}
        queryKey={adminQueryKeys.userJobs(userId)}
        columns={columns}
        fetchPage={(body: PagedListRequest, signal) => listUserJobs(userId, body, signal)}
      />
    </Paper>
  );
}
