import { PROQ_LIMITS, type ProqCommand } from '@b2b/contract';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useMemo, useState } from 'react';
import { ServerDataGrid } from '../../../components/data-grid';
import { useRefetchInterval } from '../../../lib/client-flags';
import { listCommands, type ProqCommandListKind } from '../api/list-commands';
import { devopsQueryKeys } from '../api/devops-query-keys';
import { commandColumns } from './command-columns';
import { CommandDetailDialog } from './command-detail-dialog';
import { tKey, useT } from '../../../lib/i18n';

const LISTS: {
  kind: ProqCommandListKind;
  label: string;
  withCount: string;
  grid: string;
  count: keyof CommandListCounts;
}[] = [
  {
    kind: 'queued',
    label: tKey('Queued'),
    withCount: tKey('Queued ({{count}})'),
    grid: tKey('Queued commands'),
    count: 'queued',
  },
  {
    kind: 'error',
    label: tKey('Error'),
    withCount: tKey('Error ({{count}})'),
    grid: tKey('Error commands'),
    count: 'failed',
  },
  {
    kind: 'completed',
    label: tKey('Completed'),
    withCount: tKey('Completed ({{count}})'),
    grid: tKey('Completed commands'),
    count: 'completed',
  },
];

type CommandListCounts = { queued?: number; failed?: number; completed?: number };

/**
 * The three server-paged lists (queued; Error and Canceled; Completed) in tabs, filterable on
 * every field; a row opens the command's detail.
 */
export function CommandLists({ counts }: { counts: CommandListCounts }) {
  const t = useT();
  const [kind, setKind] = useState<ProqCommandListKind>('queued');
  const [openId, setOpenId] = useState<string | null>(null);
  const refetchInterval = useRefetchInterval(PROQ_LIMITS.refetchIntervalMs);
  const columns = useMemo(() => commandColumns(kind !== 'queued', t), [kind, t]);
  const current = LISTS.find((l) => l.kind === kind)!;
  return (
    <Box>
      <Tabs value={kind} onChange={(_, value: ProqCommandListKind) => setKind(value)}>
        {LISTS.map((list) => (
          <Tab
            key={list.kind}
            value={list.kind}
            label={
              counts[list.count] === undefined
                ? t(list.label)
                : t(list.withCount, { count: counts[list.count] })
            }
          />
        ))}
      </Tabs>
      <ServerDataGrid<ProqCommand>
        // A new grid per list: its sort and filters belong to that list.
        key={kind}
        label={t(current.grid)}
        queryKey={devopsQueryKeys.list(kind)}
        columns={columns}
        filterForm="wrapped"
        fetchPage={(request, signal) => listCommands(kind, request, signal)}
        refetchInterval={PROQ_LIMITS.refetchIntervalMs}
        refetch={refetchInterval !== false}
        onRowClick={({ row }) => setOpenId(row.id)}
        height={560}
      />
      <CommandDetailDialog commandId={openId} onClose={() => setOpenId(null)} />
    </Box>
  );
}
