import {
  JOB_STATUSES,
  JOB_TYPES,
  type FilterItem,
  type JobListItem,
  type JobStatus,
  type JobType,
} from '@b2b/contract';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { GridColDef } from '@mui/x-data-grid';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { ServerDataGrid } from '../../../components/data-grid';
import { useT } from '../../../lib/i18n';
import { useCan } from '../../../lib/permissions';
import { JOB_LIST_GRID, useAllJobsCount } from '../api/list-jobs';
import { useJobOwnerFilterItems } from '../api/get-job-owners-filter-items';
import { useWizardIssuers } from '../api/list-wizard-issuers';
import { formatDateTime } from '../components/format';
import { NewJobMenu } from '../components/new-job-menu';
import { JobStatusChip } from '../components/status-chips';

// Loaded from the page (app/route-first-data.ts): a chunk of its own made the bundler split the
// sign-in page's entry into more files.
export { prefetchJobList } from '../api/list-jobs';

type Translate = ReturnType<typeof useT>;

const allColumns = (t: Translate): GridColDef<JobListItem>[] => [
  { field: 'name', headerName: t('Name'), flex: 1, minWidth: 200 },
  {
    field: 'type',
    headerName: t('Type'),
    width: 200,
    filterable: false,
    valueFormatter: (value: JobType) => t(JOB_TYPES[value]),
  },
  {
    field: 'status',
    headerName: t('Status'),
    width: 130,
    filterable: false,
    renderCell: ({ value }) => <JobStatusChip status={value as JobStatus} />,
  },
  {
    field: 'isPublished',
    headerName: t('Published'),
    width: 110,
    filterable: false,
    valueFormatter: (value: boolean) => (value ? t('Yes') : t('No')),
  },
  { field: 'issuerName', headerName: t('Issuer'), width: 170 },
  { field: 'buyerName', headerName: t('Buyer'), width: 170 },
  { field: 'ownerName', headerName: t('Owner'), width: 170 },
  { field: 'currency', headerName: t('Currency'), width: 100 },
  {
    field: 'supplierCount',
    headerName: t('Suppliers'),
    type: 'number',
    width: 110,
    sortable: false,
    filterable: false,
  },
  {
    field: 'updatedOn',
    headerName: t('Updated'),
    width: 180,
    filterable: false,
    valueFormatter: (value: string) => formatDateTime(value),
  },
  {
    field: 'createdOn',
    headerName: t('Created'),
    width: 180,
    filterable: false,
    valueFormatter: (value: string) => formatDateTime(value),
  },
];

/**
 * The columns and filters everyone gets; ExtendedJobList_VIEW (the internal job team, SPEC §6)
 * adds publishing, owner, currency and creation.
 */
const EXTENDED_FIELDS = new Set(['isPublished', 'ownerName', 'currency', 'createdOn']);
const columnsFor = (t: Translate, extended: boolean) =>
  allColumns(t).filter((column) => extended || !EXTENDED_FIELDS.has(column.field));

type Filters = {
  ownerId: string;
  issuerId: string;
  buyerId: string;
  type: string;
  status: string;
  isPublished: string;
};
const NO_FILTERS: Filters = {
  ownerId: '',
  issuerId: '',
  buyerId: '',
  type: '',
  status: '',
  isPublished: '',
};

function equal(propertyName: string, value: string | boolean): FilterItem {
  return { propertyName, comparisonOperator: 'Equal', value, allowNullValue: false };
}

/** The filters above the grid as paged-list filter items (an empty choice filters nothing). */
export function jobListFilters(filters: Filters): FilterItem[] {
  const items: FilterItem[] = [];
  for (const key of ['ownerId', 'issuerId', 'buyerId', 'type', 'status'] as const) {
    if (filters[key]) items.push(equal(key, filters[key]));
  }
  if (filters.isPublished) items.push(equal('isPublished', filters.isPublished === 'yes'));
  return items;
}

function FilterSelect(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: { value: string; label: string }[];
}) {
  const t = useT();
  return (
    <TextField
      select
      size="small"
      label={props.label}
      value={props.value}
      onChange={(event) => props.onChange(event.target.value)}
      // Side by side in the filter row, not the theme's full-width form field.
      fullWidth={false}
      margin="none"
      sx={{ minWidth: 170 }}
    >
      <MenuItem value="">{t('All')}</MenuItem>
      {props.options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** /analysis: the jobs the user sees, server-paged, with filters; a row opens the job. */
export function JobListPage() {
  const t = useT();
  const navigate = useNavigate();
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const extended = useCan('ExtendedJobList_VIEW');
  const columns = useMemo(() => columnsFor(t, extended), [t, extended]);
  const owners = useJobOwnerFilterItems(extended);
  // Issuers and their buyers for the filters; the wizard's list is the one a creator may read.
  const mayCreate = useCan('JobCreate');
  const issuers = useWizardIssuers(mayCreate);
  const set = (key: keyof Filters) => (value: string) =>
    setFilters((current) => ({
      ...current,
      [key]: value,
      ...(key === 'issuerId' ? { buyerId: '' } : {}),
    }));
  const buyers = useMemo(
    () =>
      (issuers.data ?? [])
        .filter((issuer) => !filters.issuerId || issuer.id === filters.issuerId)
        .flatMap((issuer) => issuer.buyers),
    [issuers.data, filters.issuerId],
  );
  const filterItems = useMemo(() => jobListFilters(filters), [filters]);
  const showHidden = useCan('HiddenJobsCount_VIEW');
  const allJobs = useAllJobsCount(showHidden);
  const [shownCount, setShownCount] = useState<number>();
  const hidden =
    showHidden && allJobs.data !== undefined && shownCount !== undefined
      ? allJobs.data - shownCount
      : 0;

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap', rowGap: 2, alignItems: 'center' }}>
        {extended && (
          <FilterSelect
            label={t('Owner')}
            value={filters.ownerId}
            onChange={set('ownerId')}
            options={(owners.data ?? []).map((o) => ({ value: o.id, label: o.displayName }))}
          />
        )}
        {/* Shown while the issuers load (their options follow), so the row does not wrap and
            push the list down once they arrive. */}
        {mayCreate && !issuers.isError && (
          <>
            <FilterSelect
              label={t('Issuer')}
              value={filters.issuerId}
              onChange={set('issuerId')}
              options={(issuers.data ?? []).map((i) => ({ value: i.id, label: i.name }))}
            />
            <FilterSelect
              label={t('Buyer')}
              value={filters.buyerId}
              onChange={set('buyerId')}
              options={buyers.map((b) => ({ value: b.id, label: b.name }))}
            />
          </>
        )}
        <FilterSelect
          label={t('Type')}
          value={filters.type}
          onChange={set('type')}
          options={Object.entries(JOB_TYPES).map(([value, label]) => ({ value, label: t(label) }))}
        />
        <FilterSelect
          label={t('Status')}
          value={filters.status}
          onChange={set('status')}
          options={JOB_STATUSES.map((s) => ({ value: s, label: t(s) }))}
        />
        {extended && (
          <FilterSelect
            label={t('Published')}
            value={filters.isPublished}
            onChange={set('isPublished')}
            options={[
              { value: 'yes', label: t('Published') },
              { value: 'no', label: t('Not published') },
            ]}
          />
        )}
        <Stack sx={{ flexGrow: 1, alignItems: 'flex-end' }}>
          <NewJobMenu />
        </Stack>
      </Stack>
      {hidden > 0 && (
        <Typography role="status" variant="note">
          {allJobs.data === 1
            ? t('The filters hide {{hidden}} of 1 job.', { hidden: hidden.toLocaleString() })
            : t('The filters hide {{hidden}} of {{count}} jobs.', {
                hidden: hidden.toLocaleString(),
                count: allJobs.data?.toLocaleString(),
              })}
        </Typography>
      )}
      <ServerDataGrid<JobListItem>
        {...JOB_LIST_GRID}
        label={t('Jobs')}
        columns={columns}
        onTotalCount={setShownCount}
        filters={filterItems}
        onRowClick={({ row }) => void navigate(`/jobs/loading/${row.id}`)}
      />
    </Stack>
  );
}
