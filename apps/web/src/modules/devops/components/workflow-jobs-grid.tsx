import type { CommandState, ProqWorkflowJob } from '@b2b/contract';
import type { GridColDef } from '@mui/x-data-grid';
import { ServerDataGrid } from '../../../components/data-grid';
import { devopsQueryKeys } from '../api/devops-query-keys';
import { listWorkflowJobs } from '../api/list-workflow-jobs';
import { dateFilterOperators, formatDate } from './command-columns';
import { CommandStateChip } from './command-state-chip';

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

const COLUMNS: GridColDef<ProqWorkflowJob>[] = [
  { field: 'jobName', headerName: 'Job', width: 220 },
  { field: 'jobId', headerName: 'Job id', width: 300 },
  {
    field: 'state',
    headerName: 'State',
    width: 120,
    renderCell: ({ value }) => <CommandStateChip state={value as CommandState} />,
  },
  count('commandCount', 'Commands'),
  count('queuedCount', 'Queued'),
  count('completedCount', 'Completed'),
  count('errorCount', 'Error'),
  count('canceledCount', 'Canceled'),
  date('firstQueuedDate', 'First queued'),
  date('lastActivityDate', 'Last activity'),
  {
    field: 'isPaused',
    headerName: 'Paused',
    width: 90,
    sortable: false,
    filterable: false,
    valueFormatter: (value: boolean) => (value ? 'Paused' : ''),
  },
];

/**
 * The jobs that have ProQ commands (server-paged, filterable); a row selects the job. Not
 * polled: the list aggregates every job's commands, so it refreshes on demand (sorting,
 * filtering, paging, an action) while the selected job's workflow refreshes every 4 s.
 */
export function WorkflowJobsGrid({ onSelect }: { onSelect: (jobId: string) => void }) {
  return (
    <ServerDataGrid<ProqWorkflowJob>
      label="Jobs with ProQ commands"
      queryKey={devopsQueryKeys.workflowJobs}
      columns={COLUMNS}
      getRowId={(row) => row.jobId}
      filterForm="wrapped"
      fetchPage={listWorkflowJobs}
      onRowClick={({ row }) => onSelect(row.jobId)}
      pageSize={10}
    />
  );
}
