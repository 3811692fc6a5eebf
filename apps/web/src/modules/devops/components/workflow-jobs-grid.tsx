import type { CommandState, ProqWorkflowJob } from '@b2b/contract';
import type { GridColDef } from '@mui/x-data-grid';
import { ServerDataGrid } from '../../../components/data-grid';
import { devopsQueryKeys } from '../api/devops-query-keys';
import { listWorkflowJobs } from '../api/list-workflow-jobs';
import { dateFilterOperators, formatDate } from './command-columns';
import { CommandStateChip } from './command-state-chip';
import { useMemo } from 'react';
import { useT } from '../../../lib/i18n';
import type { Translate } from '../../../lib/i18n/i18n';

const date = (field: keyof ProqWorkflowJob, headerName: string): GridColDef<ProqWorkflowJob> => ({
  field,
  headerName,
  width: 180,
  valueFormatter: (value: string) => formatDate(value),
  filterOperators: dateFilterOperators<ProqWorkflowJob>(),
});
const count = (field: keyof ProqWorkflowJob, headerName: string): GridColDef<ProqWorkflowJob> => ({
  field,
  headerName,
  type: 'number',
  width: 110,
});

const columnsOf = (t: Translate): GridColDef<ProqWorkflowJob>[] => [
  { field: 'jobName', headerName: t('Job'), width: 220 },
  { field: 'jobId', headerName: t('Job id'), width: 300 },
  {
    field: 'state',
    headerName: t('State'),
    width: 120,
    renderCell: ({ value }) => <CommandStateChip state={value as CommandState} />,
  },
  count('commandCount', t('Commands')),
  count('queuedCount', t('Queued')),
  count('completedCount', t('Completed')),
  count('errorCount', t('Error')),
  count('canceledCount', t('Canceled')),
  date('firstQueuedDate', t('First queued')),
  date('lastActivityDate', t('Last activity')),
  {
    field: 'isPaused',
    headerName: t('Paused'),
    width: 90,
    sortable: false,
    filterable: false,
    valueFormatter: (value: boolean) => (value ? t('Paused') : ''),
  },
];

/**
 * The jobs that have ProQ commands (server-paged, filterable); a row selects the job. Not
 * polled: the list aggregates every job's commands, so it refreshes on demand (sorting,
 * filtering, paging, an action) while the selected job's workflow refreshes every 4 s.
 */
export function WorkflowJobsGrid({ onSelect }: { onSelect: (jobId: string) => void }) {
  const t = useT();
  const columns = useMemo(() => columnsOf(t), [t]);
  return (
    <ServerDataGrid<ProqWorkflowJob>
      label={t('Jobs with ProQ commands')}
      queryKey={devopsQueryKeys.workflowJobs}
      columns={columns}
      getRowId={(row) => row.jobId}
      filterForm="wrapped"
      fetchPage={listWorkflowJobs}
      onRowClick={({ row }) => onSelect(row.jobId)}
      pageSize={10}
    />
  );
}
