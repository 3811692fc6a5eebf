import Alert from '@mui/material/Alert';
import { TileRow } from '../../../components/layout/tile-row';
import { formatWhole } from '../../../lib/number-format';
import { useProqHealth } from '../api/get-proq-health';
import { DashboardTile } from './dashboard-tile';
import { tKey, useT } from '../../../lib/i18n';

/** ProQ health: queue depth, failed commands, workers alive; warns when nothing can run. */
export function ProqTile() {
  const t = useT();
  const query = useProqHealth();
  return (
    <DashboardTile
      title={t('ProQ health')}
      query={query}
      link={{ route: '/devops/proq-monitoring', label: t('Open ProQ monitoring') }}
    >
      {(data) => (
        <>
          <TileRow
            tiles={[
              { label: tKey('Queued'), value: formatWhole(data.queued) },
              { label: tKey('Errors'), value: formatWhole(data.errors) },
              {
                label: tKey('Workers alive'),
                value: t('{{alive}} of {{total}}', {
                  alive: formatWhole(data.workersAlive),
                  total: formatWhole(data.workers),
                }),
              },
            ]}
          />
          {data.isPaused && <Alert severity="warning">{t('The queue is paused.')}</Alert>}
          {data.workersAlive === 0 && (
            <Alert severity="warning">{t('No worker is alive: queued commands wait.')}</Alert>
          )}
        </>
      )}
    </DashboardTile>
  );
}
