import type { CommandState, ProqCommand } from '@b2b/contract';
import type { GridColDef } from '@mui/x-data-grid';
import { getNumberFilterOperators, getStringFilterOperators } from '../../../components/data-grid';
import { CommandStateChip } from './command-state-chip';
import type { Translate } from '../../../lib/i18n/i18n';

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
export function commandColumns(withMessage: boolean, t: Translate): GridColDef<ProqCommand>[] {
  return [
    { field: 'commandType', headerName: t('Command type'), width: 190 },
    {
      field: 'state',
      headerName: t('State'),
      width: 120,
      renderCell: ({ value }) => <CommandStateChip state={value as CommandState} />,
    },
    ...(withMessage
      ? [
          {
            field: 'message',
            headerName: t('Message'),
            width: 320,
          } satisfies GridColDef<ProqCommand>,
        ]
      : []),
    { field: 'priority', headerName: t('Priority'), type: 'number', width: 90 },
    { field: 'age', headerName: t('Age (min)'), type: 'number', width: 100 },
    date('queuedDate', t('Queued')),
    date('startedDate', t('Started')),
    date('completedDate', t('Completed')),
    {
      field: 'tags',
      headerName: t('Tags'),
      width: 160,
      sortable: false,
      valueFormatter: (value: string[]) => value.join(', '),
      filterOperators: getStringFilterOperators<ProqCommand>(),
    },
    { field: 'jobId', headerName: t('Job id'), width: 290 },
    { field: 'category', headerName: t('Category'), width: 120 },
    { field: 'targetEntityId', headerName: t('Target entity'), width: 160 },
    { field: 'correlationId', headerName: t('Correlation id'), width: 290 },
    { field: 'processingGroup', headerName: t('Processing group'), width: 150 },
    { field: 'environment', headerName: t('Environment'), width: 120 },
    date('scheduledTime', t('Scheduled')),
    {
      field: 'stuckTimeOutInSeconds',
      headerName: t('Stuck time-out (s)'),
      type: 'number',
      width: 140,
    },
    { field: 'prerequisite', headerName: t('Prerequisite'), width: 290 },
    { field: 'batchId', headerName: t('Batch'), width: 150 },
    { field: 'prerequisiteBatchId', headerName: t('Prerequisite batch'), width: 160 },
    {
      field: 'payload',
      headerName: t('Payload'),
      width: 240,
      sortable: false,
      valueFormatter: (value: unknown) => JSON.stringify(value),
      filterOperators: jsonFilterOperators<ProqCommand>(),
    },
    { field: 'id', headerName: t('Id'), width: 290 },
  ];
}
