import {
  MAGIC_LINK_DEFAULT_DAYS,
  MAGIC_LINK_KINDS,
  MAGIC_LINK_MAX_DAYS,
  MAGIC_LINK_STATUSES,
  type CreatedMagicLink,
  type MagicLink,
  type MagicLinkKind,
  type MagicLinkStatus,
} from '@b2b/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { ConfirmButton } from '../../../components/feedback/confirm-button';
import { Section } from '../../../components/layout/section';
import { errorMessageOf } from '../../../lib/api-error';
import { tKey, useT } from '../../../lib/i18n';
import { useCreateMagicLink } from '../api/create-magic-link';
import { useMagicLinks } from '../api/list-magic-links';
import { useUploadLinkJobs } from '../api/list-upload-link-jobs';
import { useRevokeMagicLink } from '../api/revoke-magic-link';
import { ActionsHeaderCell } from '../../../components/layout/actions-header-cell';

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '—');

/** What each kind of link lets its holder do, as the form words it. */
const KINDS: Record<
  MagicLinkKind,
  {
    choice: string;
    about: string;
    /** Why the list has no job, or not the asked one. */
    noJobs: string;
    notFit: string;
    button: string;
    field: string;
    /** The revoke dialog's sentence, `{{job}}` the job's name. */
    revoke: string;
  }
> = {
  Upload: {
    choice: tKey('Upload the AP file'),
    about: tKey(
      'A person without an account opens the link and uploads the AP file of a Draft job, once. Only jobs of issuers whose input data options include SendUploadLink are listed.',
    ),
    noJobs: tKey('No Draft job of an issuer taking SendUploadLink.'),
    notFit: tKey(
      'That job cannot get this link: it is no longer Draft, or its issuer does not take SendUploadLink.',
    ),
    button: tKey('Create upload link'),
    field: tKey('Upload link'),
    revoke: tKey('The upload link for {{job}} stops working at once.'),
  },
  Accounting: {
    choice: tKey('Connect the accounting system'),
    about: tKey(
      'A person without an account opens the link and connects the buyer’s accounting system, once; its data becomes a new Consultant Upload job. Only jobs of issuers whose input data options include MergeMagicLink are listed.',
    ),
    noJobs: tKey('No Draft job of an issuer taking MergeMagicLink.'),
    notFit: tKey(
      'That job cannot get this link: it is no longer Draft, or its issuer does not take MergeMagicLink.',
    ),
    button: tKey('Create accounting link'),
    field: tKey('Accounting link'),
    revoke: tKey('The accounting link for {{job}} stops working at once.'),
  },
  Results: {
    choice: tKey('Read a job’s results'),
    about: tKey(
      'The person the link is made for opens a published job’s results (summary, insights and suppliers), read-only and without an account, until the link expires; revoking it ends their access at once. Only published jobs you may change are listed.',
    ),
    noJobs: tKey('No published job you may change.'),
    notFit: tKey('That job cannot get this link: it is not published, or you may not change it.'),
    button: tKey('Create results link'),
    field: tKey('Results link'),
    revoke: tKey(
      'The results link for {{job}} stops working at once, and its holder is signed out.',
    ),
  },
};

/** Makes a link for a Draft job; its address (with the token) is shown this once. */
function CreateUploadLink() {
  const t = useT();
  const [kind, setKind] = useState<MagicLinkKind>('Upload');
  const words = KINDS[kind];
  const jobs = useUploadLinkJobs(kind);
  const create = useCreateMagicLink();
  // A job page's "Send upload link" names its job (?jobId=).
  const [params] = useSearchParams();
  const askedJobId = params.get('jobId') ?? '';
  const [jobId, setJobId] = useState(askedJobId);
  const selected = jobs.data?.some((j) => j.id === jobId) ? jobId : '';
  const askedJobMissing =
    askedJobId !== '' && jobs.data !== undefined && !jobs.data.some((j) => j.id === askedJobId);
  const [days, setDays] = useState(String(MAGIC_LINK_DEFAULT_DAYS));
  const [recipient, setRecipient] = useState('');
  const [created, setCreated] = useState<CreatedMagicLink | null>(null);
  const daysValue = Number(days);
  const daysWrong =
    !Number.isInteger(daysValue) || daysValue < 1 || daysValue > MAGIC_LINK_MAX_DAYS;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!selected || daysWrong) return;
    create.mutate(
      {
        kind,
        jobId: selected,
        expiresInDays: daysValue,
        ...(recipient.trim() ? { recipientEmail: recipient.trim() } : {}),
      },
      { onSuccess: (result) => (setCreated(result), setJobId(''), setRecipient('')) },
    );
  };

  return (
    <Section title={t('New magic link')}>
      <Stack spacing={2} component="form" onSubmit={submit} noValidate>
        <TextField
          select
          label={t('The link lets its holder')}
          value={kind}
          onChange={(e) => (setKind(e.target.value as MagicLinkKind), setCreated(null))}
        >
          {MAGIC_LINK_KINDS.map((k) => (
            <MenuItem key={k} value={k}>
              {t(KINDS[k].choice)}
            </MenuItem>
          ))}
        </TextField>
        <Typography>{t(words.about)}</Typography>
        {jobs.error && <Alert severity="error">{errorMessageOf(jobs.error)}</Alert>}
        {askedJobMissing && <Alert severity="warning">{t(words.notFit)}</Alert>}
        <TextField
          select
          label={t('Job')}
          value={selected}
          onChange={(e) => setJobId(e.target.value)}
          required
          helperText={jobs.data?.length === 0 ? t(words.noJobs) : undefined}
        >
          {(jobs.data ?? []).map((job) => (
            <MenuItem key={job.id} value={job.id}>
              {job.name} ({job.issuerName})
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label={t('Valid for (days)')}
          type="number"
          value={days}
          onChange={(e) => setDays(e.target.value)}
          error={daysWrong}
          helperText={t('1 to {{max}} days', { max: MAGIC_LINK_MAX_DAYS })}
          slotProps={{ htmlInput: { min: 1, max: MAGIC_LINK_MAX_DAYS } }}
        />
        <TextField
          label={kind === 'Results' ? t('Recipient e-mail') : t('Recipient e-mail (optional)')}
          type="email"
          value={recipient}
          required={kind === 'Results'}
          onChange={(e) => setRecipient(e.target.value)}
          helperText={
            kind === 'Results'
              ? t('The one person the link is for; e-mailed when the issuer sends magic links.')
              : t('E-mailed to this address when the issuer sends magic links.')
          }
        />
        {create.isError && <Alert severity="error">{errorMessageOf(create.error)}</Alert>}
        <Box>
          <Button
            type="submit"
            variant="contained"
            disabled={
              !selected ||
              daysWrong ||
              (kind === 'Results' && !recipient.trim()) ||
              create.isPending
            }
          >
            {t(words.button)}
          </Button>
        </Box>
        {created && (
          <Alert severity="success" role="status">
            <Typography>
              {created.emailed
                ? t('Link created and e-mailed to {{email}}. Copy it now: it is not shown again.', {
                    email: created.magicLink.recipientEmail,
                  })
                : t('Link created. Copy it now: it is not shown again.')}
            </Typography>
            <TextField
              label={t(KINDS[created.magicLink.kind].field)}
              value={created.url}
              fullWidth
              slotProps={{ htmlInput: { readOnly: true } }}
              onFocus={(e) => e.target.select()}
              sx={{ mt: 1 }}
            />
          </Alert>
        )}
      </Stack>
    </Section>
  );
}

/** Asks before revoking: the person holding the link can no longer use it. */
function RevokeLink({ link }: { link: MagicLink }) {
  const t = useT();
  const revoke = useRevokeMagicLink();
  return (
    <ConfirmButton
      label={t('Revoke')}
      title={t('Revoke this link?')}
      error={revoke.isError ? errorMessageOf(revoke.error) : null}
      pending={revoke.isPending}
      onConfirm={(close) => revoke.mutate(link.id, { onSuccess: close })}
    >
      {t(KINDS[link.kind].revoke, { job: link.jobName ?? t('the job') })}
    </ConfirmButton>
  );
}

/**
 * /admin/analysis-admin/magic-links (SPEC §2, MagicLinks_CRUD): the links of the user's issuers
 * that let a person without an account do one thing: upload a Draft job's file (SendUploadLink),
 * connect the buyer's accounting system (MergeMagicLink) or read a published job's results
 * (MagicLinkUser).
 */
export function MagicLinksPage() {
  const t = useT();
  const [status, setStatus] = useState<MagicLinkStatus | ''>('');
  const links = useMagicLinks(status || undefined);
  const items = links.data ?? [];
  return (
    <Stack spacing={3}>
      <CreateUploadLink />
      <Section title={t('Magic links')}>
        <Stack spacing={2}>
          <TextField
            select
            label={t('Status')}
            value={status}
            onChange={(e) => setStatus(e.target.value as MagicLinkStatus | '')}
            sx={{ maxWidth: 240 }}
          >
            <MenuItem value="">{t('All')}</MenuItem>
            {MAGIC_LINK_STATUSES.map((s) => (
              <MenuItem key={s} value={s}>
                {t(s)}
              </MenuItem>
            ))}
          </TextField>
          {links.error && <Alert severity="error">{errorMessageOf(links.error)}</Alert>}
          {links.isPending && <LinearProgress aria-label={t('Loading the magic links')} />}
          {links.data && items.length === 0 && <Typography>{t('No magic links.')}</Typography>}
          {items.length > 0 && (
            <Box sx={{ overflowX: 'auto' }}>
              <Table size="small" aria-label={t('Magic links')}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('Kind')}</TableCell>
                    <TableCell>{t('Job')}</TableCell>
                    <TableCell>{t('Issuer')}</TableCell>
                    <TableCell>{t('Recipient')}</TableCell>
                    <TableCell>{t('Created by')}</TableCell>
                    <TableCell>{t('Created')}</TableCell>
                    <TableCell>{t('Expires')}</TableCell>
                    <TableCell>{t('Status')}</TableCell>

                    <ActionsHeaderCell />
                  </TableRow>
                </TableHead>
                <TableBody>
                  {items.map((link) => (
                    <TableRow key={link.id}>
                      <TableCell>{t(link.kind)}</TableCell>
                      <TableCell>{link.jobName ?? '—'}</TableCell>
                      <TableCell>{link.issuerName}</TableCell>
                      <TableCell>{link.recipientEmail ?? '—'}</TableCell>
                      <TableCell>{link.createdByUsername}</TableCell>
                      <TableCell>{when(link.createdAt)}</TableCell>
                      <TableCell>{when(link.expiresAt)}</TableCell>
                      <TableCell>{t(link.status)}</TableCell>
                      <TableCell>
                        {link.status === 'Active' && <RevokeLink link={link} />}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
          )}
        </Stack>
      </Section>
    </Stack>
  );
}
