import { ANONYMIZE_COPY_CONFIRMATION, ANONYMIZE_LIVE_CONFIRMATION } from '@b2b/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Section } from '../../../components/layout/section';
import { errorMessageOf, fieldErrorsOf } from '../../../lib/api-error';
import { useAnonymizeDatabase } from '../api/anonymize-database';
import { useT } from '../../../lib/i18n';

/**
 * /dev/tools/database-anonymizer (SPEC §2 Dev): rewrite the personal data of a copy of the
 * database made for testing. The live database needs "force" and a longer typed confirmation,
 * and the server refuses it in production.
 */
export function DatabaseAnonymizerPage() {
  const t = useT();
  const [targetDatabaseUrl, setTarget] = useState('');
  const [force, setForce] = useState(false);
  const [key, setKey] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const run = useAnonymizeDatabase();
  const expected = force ? ANONYMIZE_LIVE_CONFIRMATION : ANONYMIZE_COPY_CONFIRMATION;
  const fieldErrors = fieldErrorsOf(run.error);
  const ready = confirmation.trim() === expected && (force || targetDatabaseUrl.trim() !== '');
  const result = run.data && {
    target: run.data.target,
    seconds: (run.data.millis / 1000).toFixed(1),
  };

  return (
    <Stack spacing={3}>
      <Section title={t('Anonymize a database')}>
        <Stack spacing={2} sx={{ maxWidth: 720 }}>
          <Typography>
            {t(
              "Users' names, e-mail addresses and passwords, supplier contacts, names in the audit trail and chat questions are rewritten in one transaction; sign-ins, sessions and waiting e-mails are deleted; SFTP inboxes and single sign-on are switched off. The same key gives the same pseudonyms on another copy. Uploaded files are not in the database and are not rewritten: make the copy without them, or use Anonymize CSV.",
            )}
          </Typography>
          <TextField
            label={t('Copy of the database (postgres://…)')}
            value={targetDatabaseUrl}
            onChange={(e) => setTarget(e.target.value)}
            disabled={force}
            error={Boolean(fieldErrors.targetDatabaseUrl)}
            helperText={
              fieldErrors.targetDatabaseUrl ?? t('The password is never shown or stored.')
            }
            autoComplete="off"
          />
          <FormControlLabel
            control={<Checkbox checked={force} onChange={(e) => setForce(e.target.checked)} />}
            label={t('Anonymize the live database instead (force; refused in production)')}
          />
          {force && (
            <Alert severity="error">
              {t(
                'Every account of this installation, yours included, will be renamed and signed out.',
              )}
            </Alert>
          )}
          <TextField
            label={t('Key (optional)')}
            value={key}
            onChange={(e) => setKey(e.target.value)}
            helperText={t('At least 8 characters. Without one, a random key is used.')}
            autoComplete="off"
          />
          <TextField
            label={t('New password for every user (optional)')}
            type="password"
            value={newPassword}
            onChange={(e) => setNewPassword(e.target.value)}
            helperText={t('At least 12 characters. Without one, passwords are removed.')}
            autoComplete="new-password"
          />
          <TextField
            label={t('Type {{expected}} to confirm', { expected })}
            value={confirmation}
            onChange={(e) => setConfirmation(e.target.value)}
            error={Boolean(fieldErrors.confirmation)}
            helperText={fieldErrors.confirmation}
            autoComplete="off"
          />
          <div>
            <Button
              variant="contained"
              color="error"
              disabled={!ready || run.isPending}
              onClick={() =>
                run.mutate({
                  ...(force ? {} : { targetDatabaseUrl: targetDatabaseUrl.trim() }),
                  force,
                  confirmation,
                  ...(key ? { key } : {}),
                  ...(newPassword ? { newPassword } : {}),
                })
              }
            >
              {t('Anonymize')}
            </Button>
          </div>
          {run.isPending && <Typography role="status">{t('Rewriting…')}</Typography>}
          {run.error && <Alert severity="error">{errorMessageOf(run.error)}</Alert>}
        </Stack>
      </Section>
      {run.data && (
        <Section title={t('Result')}>
          <Alert severity="success" role="status" sx={{ mb: 2 }}>
            {run.data.passwords === 'replaced'
              ? t('{{target}} was anonymized in {{seconds}} s; passwords were replaced.', result)
              : t('{{target}} was anonymized in {{seconds}} s; passwords were removed.', result)}
          </Alert>
          <Table size="small" aria-label={t('Rows rewritten')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('Table or column')}</TableCell>
                <TableCell align="right">{t('Rows')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {run.data.counts.map((c) => (
                <TableRow key={c.target}>
                  <TableCell>{c.target}</TableCell>
                  <TableCell align="right">{c.rows.toLocaleString()}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Section>
      )}
    </Stack>
  );
}
