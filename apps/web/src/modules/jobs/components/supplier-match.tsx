import { MATCH_EVIDENCE_FIELDS, type JobDetails, type SupplierResultDetail } from '@b2b/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { z } from 'zod';
import { useNotify } from '../../../components/feedback/notifications';
import { AsyncButton, FormDialog } from '../../../components/forms';
import { tKey, useT } from '../../../lib/i18n';
import { PermissionGuard } from '../../../lib/permissions';
import { formatDateTime } from './format';
import { formatProbability, formatWeight } from './match-weight-waterfall';
import { LevelChip, MatchStatusChip } from './level-chips';
import { useMatchDecision } from '../api/decide-supplier-match';
import { Section } from '../../../components/layout/section';
import { FactList } from '../../../components/layout/fact-list';

const SOURCE_TEXT = {
  computed: tKey('Computed by the matching rules'),
  override: tKey('Set by a person'),
  rejected: tKey('Rejected by a person'),
} as const;

/** The supplier's fields next to the reference merchant's, and the evidence scores. */
function Evidence({ s }: { s: SupplierResultDetail }) {
  const t = useT();
  const evidence = s.evidence;
  if (!evidence)
    return <Alert severity="info">{t('No match evidence was kept for this supplier.')}</Alert>;
  const fields = [
    ...new Set([
      ...Object.keys(evidence.compared.supplier),
      ...Object.keys(evidence.compared.merchant),
    ]),
  ];
  const scores = Object.entries(evidence.fields);
  return (
    <Stack spacing={1}>
      <Table size="small" aria-label={t('Fields compared')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('Field')}</TableCell>
            <TableCell>{t('Supplier')}</TableCell>
            <TableCell>{t('Reference merchant')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {fields.map((field) => (
            <TableRow key={field}>
              <TableCell component="th" scope="row">
                {field}
              </TableCell>
              <TableCell>{evidence.compared.supplier[field] ?? '—'}</TableCell>
              <TableCell>{evidence.compared.merchant[field] ?? '—'}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {scores.length > 0 && (
        <Table size="small" aria-label={t('Evidence scores')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('Evidence')}</TableCell>
              <TableCell align="right">{t('Value')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {scores.map(([name, value]) => (
              <TableRow key={name}>
                <TableCell component="th" scope="row">
                  {t(
                    MATCH_EVIDENCE_FIELDS[name as keyof typeof MATCH_EVIDENCE_FIELDS]?.label ??
                      name,
                  )}
                </TableCell>
                <TableCell align="right">
                  {value === null
                    ? '—'
                    : typeof value === 'boolean'
                      ? value
                        ? t('yes')
                        : t('no')
                      : String(value)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <Typography variant="note">
        {t('Rule fired: {{rule}} · confidence ruleset version {{version}}', {
          rule: evidence.ruleId ?? t('none'),
          version: evidence.rulesetVersion,
        })}
      </Typography>
    </Stack>
  );
}

/** The merchant id a person chooses; built per language, since zod shows its message as given. */
const overrideSchema = (t: ReturnType<typeof useT>) =>
  z.object({
    merchantId: z.string().trim().min(1, t('Enter the merchant id.')).max(100),
  });

/** Confirm, reject or override the match (JobEdit); the server re-runs the job from Match. */
function MatchControls({ job, s }: { job: JobDetails; s: SupplierResultDetail }) {
  const t = useT();
  const decide = useMatchDecision(job.id, s.supplierKey);
  const notify = useNotify();
  const [overriding, setOverriding] = useState(false);
  const completed = job.status === 'Completed';
  const run = (decision: Parameters<typeof decide.mutateAsync>[0], done: string) => async () => {
    await decide.mutateAsync(decision);
    notify.success(done);
  };
  const onError = (operation: string) => (error: unknown) => notify.error(error, { operation });
  return (
    <PermissionGuard permissions="JobEdit">
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', mt: 1 }}>
        <AsyncButton
          variant="outlined"
          disabled={!completed || s.matchStatus !== 'MATCHED'}
          pending={decide.isPending}
          onClick={run({ decision: 'confirmed' }, t('Match confirmed'))}
          onError={onError(t('Confirm match'))}
        >
          {t('Confirm match')}
        </AsyncButton>
        <AsyncButton
          variant="outlined"
          color="error"
          disabled={!completed}
          pending={decide.isPending}
          onClick={run({ decision: 'rejected' }, t('Match rejected'))}
          onError={onError(t('Reject match'))}
        >
          {t('Reject match')}
        </AsyncButton>
        <Button variant="outlined" disabled={!completed} onClick={() => setOverriding(true)}>
          {t('Choose merchant')}
        </Button>
        {s.override && (
          <AsyncButton
            disabled={!completed}
            pending={decide.isPending}
            onClick={run(null, t('Match decision removed'))}
            onError={onError(t('Remove match decision'))}
          >
            {t('Remove decision')}
          </AsyncButton>
        )}
      </Stack>
      {!completed && (
        <Typography variant="note" sx={{ mt: 1 }}>
          {t('Matches can be changed once the job has completed.')}
        </Typography>
      )}
      <FormDialog
        open={overriding}
        title={t('Choose merchant')}
        description={t(
          'The reference merchant this supplier is. The job is matched and scored again.',
        )}
        fields={[
          { type: 'TextField', name: 'merchantId', label: t('Merchant id'), required: true },
        ]}
        schema={overrideSchema(t)}
        defaultValues={{ merchantId: s.merchantId ?? '' }}
        submitLabel={t('Use merchant')}
        cancelLabel={t('Cancel')}
        onSubmit={async ({ merchantId }) => {
          await decide.mutateAsync({ decision: 'merchant', merchantId });
          notify.success(t('Merchant chosen'));
        }}
        onClose={() => setOverriding(false)}
      />
    </PermissionGuard>
  );
}

export function Match({ job, s }: { job: JobDetails; s: SupplierResultDetail }) {
  const t = useT();
  return (
    <Section headingLevel={3} title={t('Match')}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <MatchStatusChip status={s.matchStatus} />
        <span>{t('Confidence')}</span>
        <LevelChip level={s.confidence} />
      </Stack>
      <FactList
        facts={[
          [t('Reference merchant'), s.merchantName ?? '—'],
          [
            t('Best candidate'),
            s.candidateMerchantId
              ? `${s.candidateMerchantName ?? '—'} (${s.candidateMerchantId})`
              : t('None found'),
          ],
          [
            t('Match weight'),
            s.matchWeight === null
              ? '—'
              : `${formatWeight(s.matchWeight)} · ${formatProbability(s.matchProbability)}`,
          ],
          [t('Merchant id'), s.merchantId ?? '—'],
          [t('Doing business as'), s.merchantDbaName ?? '—'],
          [t('MCC'), s.mcc ?? '—'],
          [t('How'), t(SOURCE_TEXT[s.matchSource])],
          [
            t('Decision'),
            s.override
              ? t('{{decision}} by {{user}}, {{time}}', {
                  decision: s.override.decision,
                  user: s.override.byUsername,
                  time: formatDateTime(s.override.at),
                })
              : t('None'),
          ],
        ]}
      />
      <Box sx={{ mt: 2 }}>
        <Evidence s={s} />
      </Box>
      <MatchControls job={job} s={s} />
    </Section>
  );
}
