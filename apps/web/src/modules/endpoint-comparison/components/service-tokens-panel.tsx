import { SERVICE_TOKEN_MAX_DAYS, type CreatedServiceToken, type ServiceToken } from '@b2b/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
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
import { ConfirmButton } from '../../../components/feedback/confirm-button';
import { useCopyToClipboard } from '../../../components/feedback/notifications';
import { AsyncButton } from '../../../components/forms/async-button';
import { Section } from '../../../components/layout/section';
import { errorMessageOf } from '../../../lib/api-error';
import { useCreateServiceToken } from '../api/create-service-token';
import { useServiceTokens } from '../api/list-service-tokens';
import { useRevokeServiceToken } from '../api/revoke-service-token';
import { tKey, useT } from '../../../lib/i18n';

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '—');

/** A token's status in words: keys, shown with `t`. */
const TOKEN_STATUS: Record<ServiceToken['status'], string> = {
  Active: tKey('Active'),
  Expired: tKey('Expired'),
  Revoked: tKey('Revoked'),
};

/**
 * Your service tokens: what another environment uses to read this one as you (read-only, at
 * most 90 days). A new token is shown once, with a copy button; only its hash is kept.
 */
export function ServiceTokensPanel() {
  const t = useT();
  const tokens = useServiceTokens();
  const create = useCreateServiceToken();
  const revoke = useRevokeServiceToken();
  const copy = useCopyToClipboard();
  const [name, setName] = useState('');
  const [days, setDays] = useState('30');
  const [created, setCreated] = useState<CreatedServiceToken | null>(null);
  const items = tokens.data?.items ?? [];

  async function createToken() {
    setCreated(await create.mutateAsync({ name, expiresInDays: Number(days) }));
    setName('');
  }

  return (
    <Section title={t('Your service tokens')}>
      <Stack spacing={2}>
        <Typography variant="body2">
          {t(
            'Another environment compares itself with this one by calling it with one of your tokens: it reads as you, with your roles and issuers, and can change nothing.',
          )}
        </Typography>
        <Box
          component="form"
          aria-label={t('New service token')}
          onSubmit={(e) => e.preventDefault()}
        >
          <Stack
            direction={{ xs: 'column', md: 'row' }}
            spacing={2}
            sx={{ alignItems: 'flex-start' }}
          >
            <TextField
              label={t('Token name')}
              value={name}
              onChange={(e) => setName(e.target.value)}
              required
            />
            <TextField
              label={t('Valid for (days)')}
              type="number"
              value={days}
              onChange={(e) => setDays(e.target.value)}
              slotProps={{ htmlInput: { min: 1, max: SERVICE_TOKEN_MAX_DAYS } }}
              helperText={t('At most {{days}} days', { days: SERVICE_TOKEN_MAX_DAYS })}
            />
            <AsyncButton
              variant="contained"
              type="submit"
              onClick={createToken}
              onError={() => undefined}
            >
              {t('Create token')}
            </AsyncButton>
          </Stack>
        </Box>
        {create.error && <Alert severity="error">{errorMessageOf(create.error)}</Alert>}
        {created && (
          <Alert
            severity="success"
            action={
              <Button color="inherit" size="small" onClick={() => void copy(created.token)}>
                {t('Copy token')}
              </Button>
            }
          >
            <Typography variant="body2">
              {t('Token “{{name}}”, shown this once — copy it now:', { name: created.name })}
            </Typography>
            <Typography
              component="code"
              sx={{ wordBreak: 'break-all' }}
              aria-label={t('New token')}
            >
              {created.token}
            </Typography>
          </Alert>
        )}
        {tokens.error && <Alert severity="error">{errorMessageOf(tokens.error)}</Alert>}
        {tokens.isPending && <LinearProgress aria-label={t('Loading your tokens')} />}
        {tokens.data && items.length === 0 && (
          <Typography>{t('You have no service token.')}</Typography>
        )}
        {items.length > 0 && (
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label={t('Service tokens')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('Name')}</TableCell>
                  <TableCell>{t('Status')}</TableCell>
                  <TableCell>{t('Created')}</TableCell>
                  <TableCell>{t('Expires')}</TableCell>
                  <TableCell>{t('Last used')}</TableCell>
                  <TableCell>{t('Actions')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {items.map((token) => (
                  <TableRow key={token.id}>
                    <TableCell>{token.name}</TableCell>
                    <TableCell>{t(TOKEN_STATUS[token.status])}</TableCell>
                    <TableCell>{when(token.createdAt)}</TableCell>
                    <TableCell>{when(token.expiresAt)}</TableCell>
                    <TableCell>{when(token.lastUsedAt)}</TableCell>
                    <TableCell>
                      {token.status === 'Active' && (
                        <ConfirmButton
                          label={t('Revoke')}
                          title={t('Revoke the token “{{name}}”?', { name: token.name })}
                          pending={revoke.isPending}
                          error={revoke.error ? errorMessageOf(revoke.error) : null}
                          onConfirm={(close) => revoke.mutate(token.id, { onSuccess: close })}
                        >
                          {t('Calls made with it are refused from now on.')}
                        </ConfirmButton>
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}
      </Stack>
    </Section>
  );
}
