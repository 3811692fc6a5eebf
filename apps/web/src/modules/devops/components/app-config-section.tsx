import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { FactList } from '../../../components/layout/fact-list';
import { Section } from '../../../components/layout/section';
import { errorMessageOf } from '../../../lib/api-error';
import { formatDateTime } from '../../../lib/date-format';
import { useAppConfig } from '../api/get-app-config';
import { tKey, useT } from '../../../lib/i18n';

const SOURCE_LABEL = {
  environment: tKey('Environment'),
  default: tKey('Default'),
  unset: tKey('Not set'),
} as const;

/**
 * The running configuration (AppConfig_VIEW): every setting the server reads, the value in
 * effect and where it came from. Secrets arrive masked; the server never sends them.
 */
export function AppConfigSection() {
  const t = useT();
  const { data, error } = useAppConfig();
  const [filter, setFilter] = useState('');
  const shown = (data?.settings ?? []).filter((s) =>
    s.name.toLowerCase().includes(filter.trim().toLowerCase()),
  );
  return (
    <Section title={t('Running configuration')}>
      <Stack spacing={2}>
        {error && <Alert severity="error">{errorMessageOf(error)}</Alert>}
        {!data && !error && <LinearProgress aria-label={t('Loading the running configuration')} />}
        {data && (
          <>
            <FactList
              facts={[
                [t('Environment'), data.environment],
                [t('Node environment'), data.nodeEnv],
                [t('Started'), formatDateTime(data.startedAt)],
              ]}
            />
            <TextField
              label={t('Find a setting')}
              size="small"
              value={filter}
              onChange={(e) => setFilter(e.target.value)}
              sx={{ maxWidth: 320 }}
            />
            <Table size="small" aria-label={t('Settings')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('Setting')}</TableCell>
                  <TableCell>{t('Value')}</TableCell>
                  <TableCell>{t('Source')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {shown.map((s) => (
                  <TableRow key={s.name}>
                    <TableCell sx={{ fontFamily: 'monospace' }}>{s.name}</TableCell>
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>
                      {s.value ?? '—'} {s.masked && <Chip size="small" label={t('Masked')} />}
                    </TableCell>
                    <TableCell>{t(SOURCE_LABEL[s.source])}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            {shown.length === 0 && (
              <Typography variant="body2">
                {t('No setting has “{{filter}}” in its name.', { filter })}
              </Typography>
            )}
          </>
        )}
      </Stack>
    </Section>
  );
}
