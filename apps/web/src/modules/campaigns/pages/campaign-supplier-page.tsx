import type { CampaignEventType, JobDetails } from '@b2b/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { FactList } from '../../../components/layout/fact-list';
import { Section } from '../../../components/layout/section';
import { errorMessageOf } from '../../../lib/api-error';
import { useCan } from '../../../lib/permissions';
import { useCampaignSupplier } from '../api/get-campaign-supplier';
import { useIssueCampaignResponseLink } from '../api/issue-campaign-response-link';
import { useUpdateCampaignContacts } from '../api/update-campaign-contacts';
import { formatWhen, outcomeLabel, StatusChip } from '../components/campaign-format';
import { tKey, translateServerMessage, useT } from '../../../lib/i18n';

/** How each tracker event reads in the timeline (SPEC §3 campaign tracker): keys for `t`. */
const EVENT_LABELS: Record<CampaignEventType, string> = {
  Sent: tKey('E-mail sent'),
  FollowUp: tKey('Follow-up sent'),
  Resent: tKey('Sent again (earlier delivery unknown)'),
  Deferred: tKey('Delivery deferred (retrying)'),
  LinkOpened: tKey('Opened the response link'),
  Responded: tKey('Responded'),
  Enrolled: tKey('Enrolled'),
  Declined: tKey('Declined'),
  CallRequested: tKey('Asked to be called'),
  Bounced: tKey('Bounced'),
  Failed: tKey('Failed'),
  Closed: tKey('Closed without an answer'),
  VlbAutoEnrolled: tKey('Auto-enrolled through the virtual lockbox'),
  OutcomeImported: tKey('Outcome imported'),
  ContactUpdated: tKey('Contact updated'),
};

function ContactForm({
  campaignId,
  supplierKey,
  initial,
}: {
  campaignId: string;
  supplierKey: string;
  initial: { email: string; name: string; phone: string };
}) {
  const t = useT();
  const [contact, setContact] = useState(initial);
  const update = useUpdateCampaignContacts(campaignId);
  const reject = update.data?.rejects[0];
  return (
    <Stack spacing={2} sx={{ maxWidth: 420 }}>
      <TextField
        label={t('Contact e-mail')}
        type="email"
        value={contact.email}
        onChange={(event) => setContact((c) => ({ ...c, email: event.target.value }))}
        error={reject?.field === 'contactEmail'}
        helperText={
          reject?.field === 'contactEmail' ? translateServerMessage(reject.message) : undefined
        }
      />
      <TextField
        label={t('Contact name')}
        value={contact.name}
        onChange={(event) => setContact((c) => ({ ...c, name: event.target.value }))}
      />
      <TextField
        label={t('Contact phone')}
        value={contact.phone}
        onChange={(event) => setContact((c) => ({ ...c, phone: event.target.value }))}
      />
      <div>
        <Button
          variant="outlined"
          disabled={update.isPending}
          onClick={() =>
            update.mutate({
              contacts: [
                {
                  supplierKey,
                  contactEmail: contact.email.trim() || null,
                  contactName: contact.name.trim() || null,
                  contactPhone: contact.phone.trim() || null,
                },
              ],
            })
          }
        >
          {t('Save contact')}
        </Button>
      </div>
      {update.isError && <Alert severity="error">{errorMessageOf(update.error)}</Alert>}
      {reject && reject.field !== 'contactEmail' && (
        <Alert severity="error">
          {reject.field}: {translateServerMessage(reject.message)}
        </Alert>
      )}
      {update.data && update.data.updated > 0 && (
        <Alert severity="success">{t('Contact saved.')}</Alert>
      )}
    </Stack>
  );
}

/**
 * A fresh response link for a supplier whose e-mail was lost: shown once (only its hash is
 * stored) for the manager to hand over by another channel.
 */
function ResponseLink({ campaignId, supplierKey }: { campaignId: string; supplierKey: string }) {
  const t = useT();
  const issue = useIssueCampaignResponseLink(campaignId, supplierKey);
  return (
    <Stack spacing={1}>
      <Typography variant="body2">
        {t(
          'The e-mail did not arrive? Give the supplier a new single-use link by another channel.',
        )}
      </Typography>
      <div>
        <Button variant="outlined" disabled={issue.isPending} onClick={() => issue.mutate()}>
          {t('Get a response link')}
        </Button>
      </div>
      {issue.isError && <Alert severity="error">{errorMessageOf(issue.error)}</Alert>}
      {issue.data && (
        <Alert severity="info">
          <code>{issue.data.link}</code> ·{' '}
          {t('valid until {{when}}', { when: formatWhen(issue.data.expiresAt) })}
        </Alert>
      )}
    </Stack>
  );
}

/**
 * /jobs/:jobId/campaign-workflows/:campaignWorkflowId/suppliers/:supplierKey — one supplier of
 * a campaign: contact (editable with CampaignUpdate), status and outcome, and the timeline of
 * every event, a failure with the mail server's own message.
 */
export function CampaignSupplierPage({ job }: { job: JobDetails }) {
  const t = useT();
  const { campaignWorkflowId = '', supplierKey = '' } = useParams();
  const supplier = useCampaignSupplier(campaignWorkflowId, supplierKey);
  const mayUpdate = useCan('CampaignUpdate');

  if (supplier.isError) return <Alert severity="error">{errorMessageOf(supplier.error)}</Alert>;
  if (!supplier.data) return <LinearProgress aria-label={t('Loading the supplier')} />;
  const s = supplier.data;
  return (
    <Stack spacing={2}>
      <Link component={RouterLink} to={`/jobs/${job.id}/campaign-workflows/${campaignWorkflowId}`}>
        {t('Back to the campaign')}
      </Link>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Typography variant="h5" component="h2">
          {s.supplierName}
        </Typography>
        <StatusChip status={s.status} />
      </Stack>
      <Section title={t('Supplier')} headingLevel={3}>
        <FactList
          label={t('Supplier facts')}
          facts={[
            [t('Supplier key'), s.supplierKey],
            [t('Status'), t(s.status)],
            [t('Outcome'), t(outcomeLabel(s.outcome))],
            ...(s.outcomeReason ? ([[t('Reason'), s.outcomeReason]] as const) : []),
            [t('Contact e-mail'), s.contactEmail ?? t('No contact')],
            [t('Contact name'), s.contactName ?? '—'],
            [t('Contact phone'), s.contactPhone ?? '—'],
            ...(s.isVlbAutoEnrolled ? ([[t('Virtual lockbox'), t('Auto-enrolled')]] as const) : []),
          ]}
        />
      </Section>
      <Section title={t('Timeline')} headingLevel={3}>
        {s.timeline.length === 0 ? (
          <Typography variant="body2">{t('Nothing has happened yet.')}</Typography>
        ) : (
          <ol aria-label={t('Timeline')}>
            {s.timeline.map((e) => (
              <li key={e.id}>
                <strong>{t(EVENT_LABELS[e.type])}</strong>
                {e.step !== null && e.step > 0
                  ? ` ${t('(follow-up {{step}})', { step: e.step })}`
                  : ''}{' '}
                · {formatWhen(e.at)}
                {e.detail ? ` · ${translateServerMessage(e.detail)}` : ''}
              </li>
            ))}
          </ol>
        )}
      </Section>
      {mayUpdate && s.status === 'Active' && (
        <Section title={t('Response link')} headingLevel={3}>
          <ResponseLink campaignId={campaignWorkflowId} supplierKey={s.supplierKey} />
        </Section>
      )}
      {mayUpdate && s.status !== 'Completed' && (
        <Section title={t('Contact')} headingLevel={3}>
          <ContactForm
            campaignId={campaignWorkflowId}
            supplierKey={s.supplierKey}
            initial={{
              email: s.contactEmail ?? '',
              name: s.contactName ?? '',
              phone: s.contactPhone ?? '',
            }}
          />
        </Section>
      )}
    </Stack>
  );
}
