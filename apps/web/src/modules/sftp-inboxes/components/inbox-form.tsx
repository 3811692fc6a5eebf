import { type CreateSftpInbox, JOB_TYPES, type JobType, type SftpInbox } from '@b2b/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useWizardIssuers } from '../../jobs/api/list-wizard-issuers';
import { useT } from '../../../lib/i18n';
import type { Translate } from '../../../lib/i18n/i18n';

type Values = {
  name: string;
  issuerId: string;
  buyerId: string;
  host: string;
  port: string;
  username: string;
  authMethod: 'password' | 'privateKey';
  secret: string;
  hostKeyFingerprint: string;
  remoteFolder: string;
  filePattern: string;
  jobType: JobType;
  mapping: string;
  dateOrder: 'auto' | 'DMY' | 'MDY';
  scheduleKind: 'minutes' | 'cron';
  minutes: string;
  cron: string;
  enabled: boolean;
};

function initialValues(inbox: SftpInbox | undefined): Values {
  return {
    name: inbox?.name ?? '',
    issuerId: inbox?.issuerId ?? '',
    buyerId: inbox?.buyerId ?? '',
    host: inbox?.host ?? '',
    port: String(inbox?.port ?? 22),
    username: inbox?.username ?? '',
    authMethod: inbox?.authMethod ?? 'password',
    secret: '',
    hostKeyFingerprint: inbox?.hostKeyFingerprint ?? '',
    remoteFolder: inbox?.remoteFolder ?? '/',
    filePattern: inbox?.filePattern ?? '*.csv',
    jobType: inbox?.jobType ?? 'base',
    mapping: inbox?.mapping ? JSON.stringify(inbox.mapping) : '',
    dateOrder: inbox?.dateOrder ?? 'auto',
    scheduleKind: inbox?.schedule.kind ?? 'minutes',
    minutes: inbox?.schedule.kind === 'minutes' ? String(inbox.schedule.minutes) : '15',
    cron: inbox?.schedule.kind === 'cron' ? inbox.schedule.cron : '0 * * * *',
    enabled: inbox?.enabled ?? true,
  };
}

/** The form's values as the API takes them; a blank secret on an edit keeps the stored one. */
function toBody(v: Values, t: Translate): CreateSftpInbox | string {
  let mapping: CreateSftpInbox['mapping'] = null;
  if (v.mapping.trim()) {
    try {
      mapping = JSON.parse(v.mapping) as CreateSftpInbox['mapping'];
    } catch {
      return t('Column mapping must be JSON such as {{example}}, or empty.', {
        example: '{"supplierName": 0, "spend": 3}',
      });
    }
  }
  return {
    name: v.name,
    issuerId: v.issuerId,
    buyerId: v.buyerId,
    host: v.host,
    port: Number(v.port),
    username: v.username,
    ...(v.secret ? { [v.authMethod]: v.secret } : {}),
    hostKeyFingerprint: v.hostKeyFingerprint,
    remoteFolder: v.remoteFolder,
    filePattern: v.filePattern,
    jobType: v.jobType,
    mapping,
    dateOrder: v.dateOrder,
    schedule:
      v.scheduleKind === 'minutes'
        ? { kind: 'minutes', minutes: Number(v.minutes) }
        : { kind: 'cron', cron: v.cron },
    enabled: v.enabled,
  };
}

/**
 * An SFTP inbox's settings (create and edit). The password or key is write-only: the server
 * never sends it back, so on an edit an empty field keeps the stored one.
 */
export function InboxForm({
  inbox,
  submitLabel,
  pending,
  error,
  onSubmit,
}: {
  inbox?: SftpInbox;
  submitLabel: string;
  pending: boolean;
  error: string | null;
  onSubmit: (body: CreateSftpInbox) => void;
}) {
  const t = useT();
  const issuers = useWizardIssuers();
  const [v, setV] = useState<Values>(() => initialValues(inbox));
  const [formError, setFormError] = useState<string | null>(null);
  const set =
    <K extends keyof Values>(key: K) =>
    (e: { target: { value: string } }) =>
      setV((old) => ({ ...old, [key]: e.target.value }));
  const buyers = issuers.data?.find((i) => i.id === v.issuerId)?.buyers ?? [];
  return (
    <Stack
      component="form"
      spacing={2}
      aria-label={t('SFTP inbox settings')}
      sx={{ maxWidth: 640 }}
      onSubmit={(e) => {
        e.preventDefault();
        const body = toBody(v, t);
        setFormError(typeof body === 'string' ? body : null);
        if (typeof body !== 'string') onSubmit(body);
      }}
    >
      <TextField label={t('Name')} value={v.name} onChange={set('name')} required />
      <Stack direction="row" spacing={2}>
        <TextField
          select
          label={t('Issuer')}
          value={issuers.data ? v.issuerId : ''}
          onChange={(e) => setV((old) => ({ ...old, issuerId: e.target.value, buyerId: '' }))}
          required
          fullWidth
        >
          {(issuers.data ?? []).map((i) => (
            <MenuItem key={i.id} value={i.id}>
              {i.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label={t('Buyer')}
          value={buyers.some((b) => b.id === v.buyerId) ? v.buyerId : ''}
          onChange={set('buyerId')}
          required
          fullWidth
        >
          {buyers.map((b) => (
            <MenuItem key={b.id} value={b.id}>
              {b.name}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <Stack direction="row" spacing={2}>
        <TextField label={t('Host')} value={v.host} onChange={set('host')} required fullWidth />
        <TextField
          label={t('Port')}
          type="number"
          value={v.port}
          onChange={set('port')}
          required
          sx={{ width: 140 }}
        />
      </Stack>
      <TextField label={t('User')} value={v.username} onChange={set('username')} required />
      <Stack direction="row" spacing={2}>
        <TextField
          select
          label={t('Sign in with')}
          value={v.authMethod}
          onChange={set('authMethod')}
          sx={{ minWidth: 180 }}
        >
          <MenuItem value="password">{t('Password')}</MenuItem>
          <MenuItem value="privateKey">{t('Private key')}</MenuItem>
        </TextField>
        <TextField
          label={v.authMethod === 'password' ? t('Password') : t('Private key')}
          type={v.authMethod === 'password' ? 'password' : 'text'}
          multiline={v.authMethod === 'privateKey'}
          minRows={v.authMethod === 'privateKey' ? 3 : undefined}
          value={v.secret}
          onChange={set('secret')}
          required={!inbox}
          helperText={inbox ? t('Stored encrypted; leave empty to keep it') : t('Stored encrypted')}
          fullWidth
          autoComplete="new-password"
        />
      </Stack>
      <TextField
        label={t('Host key fingerprint')}
        value={v.hostKeyFingerprint}
        onChange={set('hostKeyFingerprint')}
        required
        helperText={t(
          'SHA256:… as ssh-keyscan | ssh-keygen -lf - shows it; any other key stops the poll',
        )}
      />
      <Stack direction="row" spacing={2}>
        <TextField
          label={t('Remote folder')}
          value={v.remoteFolder}
          onChange={set('remoteFolder')}
          required
          fullWidth
        />
        <TextField
          label={t('File pattern')}
          value={v.filePattern}
          onChange={set('filePattern')}
          required
          fullWidth
        />
      </Stack>
      <Stack direction="row" spacing={2}>
        <TextField
          select
          label={t('Job type')}
          value={v.jobType}
          onChange={set('jobType')}
          fullWidth
        >
          {(Object.keys(JOB_TYPES) as JobType[]).map((type) => (
            <MenuItem key={type} value={type}>
              {t(JOB_TYPES[type])}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label={t('Date order')}
          value={v.dateOrder}
          onChange={set('dateOrder')}
          fullWidth
        >
          <MenuItem value="auto">{t('From the file')}</MenuItem>
          <MenuItem value="DMY">{t('Day/month/year')}</MenuItem>
          <MenuItem value="MDY">{t('Month/day/year')}</MenuItem>
        </TextField>
      </Stack>
      <TextField
        label={t('Column mapping')}
        value={v.mapping}
        onChange={set('mapping')}
        helperText={t(
          'JSON field → column number, e.g. {{example}}; empty = the wizard’s suggestion for each file',
          { example: '{"supplierName": 0}' },
        )}
      />
      <Stack direction="row" spacing={2}>
        <TextField
          select
          label={t('Schedule')}
          value={v.scheduleKind}
          onChange={set('scheduleKind')}
          sx={{ minWidth: 180 }}
        >
          <MenuItem value="minutes">{t('Every n minutes')}</MenuItem>
          <MenuItem value="cron">{t('Cron expression')}</MenuItem>
        </TextField>
        {v.scheduleKind === 'minutes' ? (
          <TextField
            label={t('Minutes')}
            type="number"
            value={v.minutes}
            onChange={set('minutes')}
            required
          />
        ) : (
          <TextField label={t('Cron')} value={v.cron} onChange={set('cron')} required />
        )}
      </Stack>
      <FormControlLabel
        control={
          <Switch
            checked={v.enabled}
            onChange={(e) => setV((old) => ({ ...old, enabled: e.target.checked }))}
          />
        }
        label={t('Enabled')}
      />
      {(formError ?? error) && <Alert severity="error">{formError ?? error}</Alert>}
      <Box>
        <Button type="submit" variant="contained" disabled={pending}>
          {submitLabel}
        </Button>
      </Box>
    </Stack>
  );
}
