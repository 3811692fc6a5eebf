import {
  LINKED_ACCOUNT_SYNC_SCHEDULES,
  type LinkedAccount,
  type LinkedAccountSyncSchedule,
} from '@b2b/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { ConfirmButton } from '../../../components/feedback/confirm-button';
import { ActionsHeaderCell } from '../../../components/layout/actions-header-cell';
import { Section } from '../../../components/layout/section';
import { errorMessageOf } from '../../../lib/api-error';
import { formatDateTime } from '../../../lib/date-format';
import { useLinkedAccounts } from '../api/list-linked-accounts';
import { useMergeLinkedAccounts } from '../api/merge-linked-accounts';
import { useSetLinkedAccountSyncSchedule } from '../api/set-linked-account-sync-schedule';
import { useSyncLinkedAccount } from '../api/sync-linked-account';
import { useUnlinkLinkedAccount } from '../api/unlink-linked-account';
import { translateServerMessage, useT } from '../../../lib/i18n';
import type { Translate } from '../../../lib/i18n/i18n';

const connected = (a: LinkedAccount) => a.status === 'Linked' || a.status === 'Failing';
const label = (a: LinkedAccount, t: Translate) =>
  t('{{buyer}} — {{system}} ({{date}})', {
    buyer: a.buyerName,
    system: a.integrationName ?? t('not connected'),
    date: new Date(a.createdAt).toLocaleDateString(),
  });

/**
 * The account's sync schedule (issue 20): Off, or a sync a day / a week after the last attempt
 * (never before a rate limit's Retry-After), with when the next one is due.
 */
function SyncSchedule({ account, disabled }: { account: LinkedAccount; disabled: boolean }) {
  const t = useT();
  const schedule = useSetLinkedAccountSyncSchedule();
  const name = `${account.buyerName} ${account.integrationName ?? t('accounting system')}`;
  return (
    <Stack spacing={0.5}>
      <TextField
        select
        size="small"
        value={account.syncSchedule}
        disabled={disabled || schedule.isPending}
        onChange={(e) =>
          schedule.mutate({
            linkedAccountId: account.id,
            syncSchedule: e.target.value as LinkedAccountSyncSchedule,
          })
        }
        slotProps={{ htmlInput: { 'aria-label': t('Sync schedule of {{name}}', { name }) } }}
      >
        {LINKED_ACCOUNT_SYNC_SCHEDULES.map((s) => (
          <MenuItem key={s} value={s}>
            {t(s)}
          </MenuItem>
        ))}
      </TextField>
      {account.nextSyncAt && (
        <Typography variant="note">
          {t('Next: {{when}}', { when: formatDateTime(account.nextSyncAt) })}
        </Typography>
      )}
      {schedule.isError && (
        <Typography variant="body2" color="error">
          {errorMessageOf(schedule.error)}
        </Typography>
      )}
    </Stack>
  );
}

/** Asks before unlinking: the account token is revoked on the API and syncs stop. */
function UnlinkAccount({ account }: { account: LinkedAccount }) {
  const t = useT();
  const unlink = useUnlinkLinkedAccount();
  return (
    <ConfirmButton
      label={t('Unlink')}
      title={t('Unlink this accounting system?')}
      error={unlink.isError ? errorMessageOf(unlink.error) : null}
      pending={unlink.isPending}
      onConfirm={(close) => unlink.mutate(account.id, { onSuccess: close })}
    >
      {t(
        '{{buyer}}’s {{system}} is disconnected: its access is revoked on the accounting API and it is not synced again. Jobs already made stay.',
        { buyer: account.buyerName, system: account.integrationName ?? t('accounting system') },
      )}
    </ConfirmButton>
  );
}

/** Folds this account into another connected account of the same issuer (the same buyer). */
function MergeAccount({ account, all }: { account: LinkedAccount; all: LinkedAccount[] }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [intoId, setIntoId] = useState('');
  const merge = useMergeLinkedAccounts();
  const candidates = all.filter(
    (a) => a.id !== account.id && a.issuerId === account.issuerId && connected(a),
  );
  const titleId = `merge-${account.id}`;
  if (candidates.length === 0) return null;
  return (
    <>
      <Button size="small" onClick={() => setOpen(true)}>
        {t('Merge')}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby={titleId} fullWidth>
        <DialogTitle id={titleId}>{t('Merge into another linked account')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <DialogContentText>
              {t(
                '{{account}} is the same buyer as the account you choose: it is merged into it, its access is revoked on the accounting API, and the chosen account is kept and synced.',
                { account: label(account, t) },
              )}
            </DialogContentText>
            <TextField
              select
              label={t('Keep')}
              value={intoId}
              onChange={(e) => setIntoId(e.target.value)}
              required
            >
              {candidates.map((a) => (
                <MenuItem key={a.id} value={a.id}>
                  {label(a, t)}
                </MenuItem>
              ))}
            </TextField>
            {merge.isError && <Alert severity="error">{errorMessageOf(merge.error)}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>{t('Cancel')}</Button>
          <Button
            variant="contained"
            disabled={!intoId || merge.isPending}
            onClick={() =>
              merge.mutate(
                { linkedAccountId: account.id, intoId },
                { onSuccess: () => setOpen(false) },
              )
            }
          >
            {t('Merge')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

/**
 * /admin/analysis-admin/merge-linked-accounts (SPEC §2, MergeLinkedAccounts_VIEW): the accounting
 * systems buyers of the user's issuers connected (MergeLink, MergeMagicLink), their last sync and
 * error and sync schedule; re-sync, schedule, unlink, and merge two accounts of the same buyer.
 * Without the accounting API
 * configured, it says how to configure it.
 */
export function MergeLinkedAccountsPage() {
  const t = useT();
  const accounts = useLinkedAccounts();
  const sync = useSyncLinkedAccount();
  const [queued, setQueued] = useState<string | null>(null);
  const items = accounts.data?.items ?? [];
  return (
    <Section title={t('Linked accounting systems')}>
      <Stack spacing={2}>
        <Typography>
          {t(
            'Buyers connect their accounting system from a job’s data step or through an accounting magic link. Each sync pulls vendors, invoices and payments into a new Consultant Upload job, submitted for analysis. A Daily or Weekly schedule syncs the account again a day or a week after its last sync attempt; when the accounting API rate-limits a sync, the next one waits until the time it names.',
          )}
        </Typography>
        {accounts.data && !accounts.data.configured && (
          <Alert severity="warning" role="status">
            {accounts.data.configureHint && t(accounts.data.configureHint)}
          </Alert>
        )}
        {accounts.error && <Alert severity="error">{errorMessageOf(accounts.error)}</Alert>}
        {sync.isError && <Alert severity="error">{errorMessageOf(sync.error)}</Alert>}
        {queued && (
          <Alert severity="success" role="status">
            {t(
              'Sync queued for {{buyer}}: a new Consultant Upload job is made when the data arrives.',
              { buyer: queued },
            )}
          </Alert>
        )}
        {accounts.isPending && <LinearProgress aria-label={t('Loading the linked accounts')} />}
        {accounts.data && items.length === 0 && <Typography>{t('No linked accounts.')}</Typography>}
        {items.length > 0 && (
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label={t('Linked accounts')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('Buyer')}</TableCell>
                  <TableCell>{t('Issuer')}</TableCell>
                  <TableCell>{t('System')}</TableCell>
                  <TableCell>{t('Status')}</TableCell>
                  <TableCell>{t('Connected via')}</TableCell>
                  <TableCell>{t('Last sync')}</TableCell>
                  <TableCell>{t('Sync schedule')}</TableCell>
                  <TableCell>{t('Last error')}</TableCell>
                  <ActionsHeaderCell />
                </TableRow>
              </TableHead>
              <TableBody>
                {items.map((account) => (
                  <TableRow key={account.id}>
                    <TableCell>{account.buyerName}</TableCell>
                    <TableCell>{account.issuerName}</TableCell>
                    <TableCell>{account.integrationName ?? '—'}</TableCell>
                    <TableCell>
                      {account.mergedIntoId
                        ? t('{{status}} into {{buyer}}', {
                            status: t(account.status),
                            buyer:
                              items.find((a) => a.id === account.mergedIntoId)?.buyerName ??
                              t('another account'),
                          })
                        : t(account.status)}
                    </TableCell>
                    <TableCell>
                      {account.connectedVia === 'MergeMagicLink'
                        ? t('Accounting magic link')
                        : t('Signed-in user')}
                    </TableCell>
                    <TableCell>
                      {formatDateTime(account.lastSyncAt)}
                      {account.lastSyncJobId && (
                        <>
                          {' '}
                          <Link
                            component={RouterLink}
                            to={`/jobs/${account.lastSyncJobId}/details`}
                          >
                            {t('job')}
                          </Link>
                        </>
                      )}
                    </TableCell>
                    <TableCell>
                      {connected(account) || account.status === 'Pending' ? (
                        <SyncSchedule account={account} disabled={!accounts.data?.configured} />
                      ) : (
                        '—'
                      )}
                    </TableCell>
                    <TableCell>
                      {account.lastError ? (
                        <Typography variant="body2" color="error">
                          {translateServerMessage(account.lastError)} (
                          {formatDateTime(account.lastErrorAt)})
                        </Typography>
                      ) : (
                        '—'
                      )}
                    </TableCell>
                    <TableCell>
                      {connected(account) && (
                        <Stack direction="row" spacing={1}>
                          <Button
                            size="small"
                            disabled={sync.isPending || !accounts.data?.configured}
                            onClick={() =>
                              sync.mutate(account.id, {
                                onSuccess: () => setQueued(account.buyerName),
                              })
                            }
                          >
                            {t('Re-sync')}
                          </Button>
                          <UnlinkAccount account={account} />
                          <MergeAccount account={account} all={items} />
                        </Stack>
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
