import type { CommandState, ProqCommand } from '@b2b/contract';
import type { GridColDef } from '@mui/x-data-grid';
import { getNumberFilterOperators, getStringFilterOperators } from '../../../components/data-grid';
import { CommandStateChip } from './command-state-chip';

export const formatDate = (value: string | null | undefined) =>
  value ? new Date(value).toLocaleString() : '';

/**
 * Dates compare on the server (before, after): the number comparisons, typed as text, where
 * an ISO 8601 date is entered (e.g. 2026-01-31 or 2026-01-31T08:00:00Z).
 */
export function dateFilterOperators<Row extends object>() {
  return getNumberFilterOperators<Row>().map((op) => ({
    ...op,
    InputComponentProps: { type: 'text' as const },
  }));
}

/** The payload is JSON: it can only be searched for a piece of its text. */
function jsonFilterOperators<Row extends object>() {
  return getStringFilterOperators<Row>().filter((op) =>
    ['Contains', 'StartsWith', 'EndsWith'].includes(op.value),
  );
}

const date = (field: keyof ProqCommand, headerName: string): GridColDef<ProqCommand> => ({
  field,
  headerName,
  width: 180,
  valueFormatter: (value: string | null) => formatDate(value),
  filterOperators: dateFilterOperators<ProqCommand>(),
});

/**
 * A column for every field of SPEC.md's ProQ command, each filterable and (but tags and
 * payload) sortable on the server by its own name. `withMessage` adds the message column of the
 * error and completed lists.
 */
export function commandColumns(withMessage: boolean): GridColDef<ProqCommand>[] {
  return [
    { field: 'commandType', headerName: 'Command type', width: 190 },
    {
      field: 'state',
      headerName: 'State',
      width: 120,
      renderCell: ({ value }) => <CommandStateChip state={value as CommandState} />,
    },
    ...(withMessage
      ? [{ field: 'message', headerName: 'Message', width: 320 } satisfies GridColDef<ProqCommand>]
      : []),
    { field: 'priority', headerName: 'Priority', type: 'number', width: 90 },
    { field: 'age', headerName: 'Age (min)', type: 'number', width: 100 },
    date('queuedDate', 'Queued'),
    date('startedDate', 'Started'),
    date('completedDate', 'Completed'),
    {
      field: 'tags',
      headerName: 'Tags',
      width: 160,
      sortable: false,
      valueFormatter: (value: string[]) => value.join(', '),
      filterOperators: getStringFilterOperators<ProqCommand>(),
    },
    { field: 'jobId', headerName: 'Job id', width: 290 },
    { field: 'category', headerName: 'Category', width: 120 },
    { field: 'targetEntityId', headerName: 'Target entity', width: 160 },
    { field: 'correlationId', headerName: 'Correlation id', width: 290 },
    { field: 'processingGroup', headerName: 'Processing group', width: 150 },
    { field: 'environment', headerName: 'Environment', width: 120 },
    date('scheduledTime', 'Scheduled'),
    {
      field: 'stuckTimeOutInSeconds',
      headerName: 'Stuck time-out (s)',
      type: 'number',
      width: 140,
    },
    { field: 'prerequisite', headerName: 'Prerequisite', width: 290 },
    { field: 'batchId', headerName: 'Batch', width: 150 },
    { field: 'prerequisiteBatchId', headerName: 'Prerequisite batch', width: 160 },
    {
      field: 'payload',
      headerName: 'Payload',
      width: 240,
      sortable: false,
      valueFormatter: (value: unknown) => JSON.stringify(value),
      filterOperators: jsonFilterOperators<ProqCommand>(),
    },
    { field: 'id', headerName: 'Id', width: 290 },
  ];
}
