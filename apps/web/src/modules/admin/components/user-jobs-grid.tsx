import type { AuthMappedJobArtifactSchema, PagedListRequest } from '@b2b/contract';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import type { z } from 'zod';
import { ServerDataGrid } from '../../../components/data-grid';
import { adminQueryKeys } from '../api/admin-query-keys';
import { listUserJobs } from '../api/list-user-jobs';

type JobRow = z.output<typeof AuthMappedJobArtifactSchema>;
const yesNo = (v: boolean) => (v ? 'Yes' : 'No');

const COLUMNS: GridColDef<JobRow>[] = [
  { field: 'name', headerName: 'Job', flex: 1, minWidth: 200 },
  { field: 'buyerName', headerName: 'Buyer', flex: 1, minWidth: 160 },
  { field: 'isPublished', headerName: 'Published', width: 110, valueFormatter: yesNo },
  {
    field: 'isDirectAssignment',
    headerName: 'Assigned directly',
    width: 150,
    valueFormatter: yesNo,
  },
  {
    field: 'createdOn',
    headerName: 'Created',
    width: 180,
    filterable: false,
    valueFormatter: (v: string) => new Date(v).toLocaleString(),
  },
];

/** The job artifacts the user may see (issuer, ownership or direct assignment), 25 a page. */
export function UserJobsGrid({ userId }: { userId: string }) {
  return (
    <Paper sx={{ p: 3 }}>
      <Typography variant="h6" sx={{ mb: 2 }}>
        Job artifacts
      </Typography>
      <ServerDataGrid<JobRow>
        label="Job artifacts of the user"
        queryKey={adminQueryKeys.userJobs(userId)}
        columns={COLUMNS}
        fetchPage={(body: PagedListRequest, signal) => listUserJobs(userId, body, signal)}
      />
    </Paper>
  );
}
