import {
  CARD_PRODUCT_DISPLAY_ORDER,
  CARD_PRODUCT_INFO,
  MATCH_EVIDENCE_FIELDS,
  type JobDetails,
  type Level,
  type SupplierResultDetail,
} from '@b2b/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { z } from 'zod';
import { useNotify } from '../../../components/feedback/notifications';
import { AsyncButton, FormDialog } from '../../../components/forms';
import { errorMessageOf } from '../../../lib/api-error';
import { PermissionGuard } from '../../../lib/permissions';
import { JobFrame } from '../components/job-frame';
import { formatAmount, formatDateTime } from '../components/format';
import { LevelChip, MatchStatusChip, ScoreChip } from '../components/level-chips';
import { useJobSupplier } from '../api/get-job-supplier';
import { useMatchDecision } from '../api/decide-supplier-match';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: 2 }}>
      <Typography variant="subtitle1" component="h3" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** Label and value pairs as a description list. */
function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: 'max-content 1fr',
        columnGap: 2,
        rowGap: 0.5,
        m: 0,
      }}
    >
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
            {label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0 }}>
            {value ?? '—'}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

const count = (n: number | null) => (n === null ? '—' : n.toLocaleString());
const days = (n: number | null) => (n === null ? '—' : `${Math.round(n)} days`);

function Identity({ s }: { s: SupplierResultDetail }) {
  const address = [s.city, s.postcode, s.country].filter(Boolean).join(', ');
  return (
    <Section title="Identity">
      <Facts
        rows={[
          ['Name', s.supplierName],
          ['Supplier id', s.supplierId ?? '—'],
          ['Address', address || '—'],
          ['Country', s.country ?? '—'],
        ]}
      />
    </Section>
  );
}

function SpendAndDocuments({ s, currency }: { s: SupplierResultDetail; currency: string }) {
  const money = (v: number | null) => (v === null ? '—' : formatAmount(v, currency));
  return (
    <Section title="Spend and documents">
      <Facts
        rows={[
          ['Spend', money(s.spend)],
          ['Annual spend', money(s.annualSpend)],
          ['Purchase orders', count(s.poCount)],
          ['Invoices', count(s.invoiceCount)],
          ['Payments', count(s.paymentCount)],
        ]}
      />
    </Section>
  );
}

function PaymentBehaviour({ s, currency }: { s: SupplierResultDetail; currency: string }) {
  const late =
    s.paymentTermsDays !== null && s.actualDaysToPay !== null
      ? Math.round(s.actualDaysToPay - s.paymentTermsDays)
      : null;
  return (
    <Section title="Payment behaviour">
      <Facts
        rows={[
          ['Main payment method', s.mainPaymentMethod ?? '—'],
          ['Payment frequency', s.paymentFrequency ?? '—'],
          ['Payment terms', days(s.paymentTermsDays)],
          [
            'Actual days to pay',
            late === null
              ? days(s.actualDaysToPay)
              : `${days(s.actualDaysToPay)} (${late > 0 ? `${late} days late` : late < 0 ? `${-late} days early` : 'on terms'})`,
          ],
        ]}
      />
      {s.paymentMethods && s.paymentMethods.length > 0 && (
        <Table size="small" aria-label="Payment methods" sx={{ mt: 1 }}>
          <TableHead>
            <TableRow>
              <TableCell>Method</TableCell>
              <TableCell align="right">Payments</TableCell>
              <TableCell align="right">Amount</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {s.paymentMethods.map((m) => (
              <TableRow key={m.method}>
                <TableCell component="th" scope="row">
                  {m.method}
                </TableCell>
                <TableCell align="right">{m.count.toLocaleString()}</TableCell>
                <TableCell align="right">{formatAmount(m.amount, currency)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Section>
  );
}

const SOURCE_TEXT = {
  computed: 'Computed by the matching rules',
  override: 'Set by a person',
  rejected: 'Rejected by a person',
} as const;

/** The supplier's fields next to the reference merchant's, and the evidence scores. */
function Evidence({ s }: { s: SupplierResultDetail }) {
  const evidence = s.evidence;
  if (!evidence)
    return <Alert severity="info">No match evidence was kept for this supplier.</Alert>;
  const fields = [
    ...new Set([
      ...Object.keys(evidence.compared.supplier),
      ...Object.keys(evidence.compared.merchant),
    ]),
  ];
  const scores = Object.entries(evidence.fields);
  return (
    <Stack spacing={1}>
      <Table size="small" aria-label="Fields compared">
        <TableHead>
          <TableRow>
            <TableCell>Field</TableCell>
            <TableCell>Supplier</TableCell>
            <TableCell>Reference merchant</TableCell>
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
        <Table size="small" aria-label="Evidence scores">
          <TableHead>
            <TableRow>
              <TableCell>Evidence</TableCell>
              <TableCell align="right">Value</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {scores.map(([name, value]) => (
              <TableRow key={name}>
                <TableCell component="th" scope="row">
                  {MATCH_EVIDENCE_FIELDS[name as keyof typeof MATCH_EVIDENCE_FIELDS]?.label ?? name}
                </TableCell>
                <TableCell align="right">
                  {value === null
                    ? '—'
                    : typeof value === 'boolean'
                      ? value
                        ? 'yes'
                        : 'no'
                      : String(value)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        Rule fired: {evidence.ruleId ?? 'none'} · confidence ruleset version{' '}
        {evidence.rulesetVersion}
      </Typography>
    </Stack>
  );
}

const OverrideSchema = z.object({
  merchantId: z.string().trim().min(1, 'Enter the merchant id.').max(100),
});

/** Confirm, reject or override the match (JobEdit); the server re-runs the job from Match. */
function MatchControls({ job, s }: { job: JobDetails; s: SupplierResultDetail }) {
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
          onClick={run({ decision: 'confirmed' }, 'Match confirmed')}
          onError={onError('Confirm match')}
        >
          Confirm match
        </AsyncButton>
        <AsyncButton
          variant="outlined"
          color="error"
          disabled={!completed}
          pending={decide.isPending}
          onClick={run({ decision: 'rejected' }, 'Match rejected')}
          onError={onError('Reject match')}
        >
          Reject match
        </AsyncButton>
        <Button variant="outlined" disabled={!completed} onClick={() => setOverriding(true)}>
          Choose merchant
        </Button>
        {s.override && (
          <AsyncButton
            disabled={!completed}
            pending={decide.isPending}
            onClick={run(null, 'Match decision removed')}
            onError={onError('Remove match decision')}
          >
            Remove decision
          </AsyncButton>
        )}
      </Stack>
      {!completed && (
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 1 }}>
          Matches can be changed once the job has completed.
        </Typography>
      )}
      <FormDialog
        open={overriding}
        title="Choose merchant"
        description="The reference merchant this supplier is. The job is matched and scored again."
        fields={[{ type: 'TextField', name: 'merchantId', label: 'Merchant id', required: true }]}
        schema={OverrideSchema}
        defaultValues={{ merchantId: s.merchantId ?? '' }}
        submitLabel="Use merchant"
        cancelLabel="Cancel"
        onSubmit={async ({ merchantId }) => {
          await decide.mutateAsync({ decision: 'merchant', merchantId });
          notify.success('Merchant chosen');
        }}
        onClose={() => setOverriding(false)}
      />
    </PermissionGuard>
  );
}

function Match({ job, s }: { job: JobDetails; s: SupplierResultDetail }) {
  return (
    <Section title="Match">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <MatchStatusChip status={s.matchStatus} />
        <span>Confidence</span>
        <LevelChip level={s.confidence} />
      </Stack>
      <Facts
        rows={[
          ['Reference merchant', s.merchantName ?? '—'],
          ['Merchant id', s.merchantId ?? '—'],
          ['Doing business as', s.merchantDbaName ?? '—'],
          ['MCC', s.mcc ?? '—'],
          ['How', SOURCE_TEXT[s.matchSource]],
          [
            'Decision',
            s.override
              ? `${s.override.decision} by ${s.override.byUsername}, ${formatDateTime(s.override.at)}`
              : 'None',
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

/** The eight scores in display order, each with the factors that drove it. */
function Scores({ s }: { s: SupplierResultDetail }) {
  if (!s.scoreDrivers) {
    return (
      <Section title="Scores">
        <Alert severity="info">This supplier has no scores (the job is matched, not scored).</Alert>
      </Section>
    );
  }
  return (
    <Section title="Scores">
      <Stack spacing={1.5}>
        {CARD_PRODUCT_DISPLAY_ORDER.map((product) => {
          const { name, scoreField } = CARD_PRODUCT_INFO[product];
          const explanation = s.scoreDrivers?.[product];
          const score = s[scoreField as keyof SupplierResultDetail] as number | null;
          const level = s[
            scoreField.replace(/Score$/, 'Level') as keyof SupplierResultDetail
          ] as Level | null;
          return (
            <Box key={product} component="section" aria-label={`${name} score`}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <Typography variant="subtitle2" component="h4" sx={{ minWidth: 110 }}>
                  {name}
                </Typography>
                <ScoreChip score={score} level={level} />
              </Stack>
              {explanation && explanation.drivers.length > 0 ? (
                <Box component="ul" sx={{ m: 0, pl: 3 }}>
                  {explanation.drivers.map((d) => (
                    <Typography component="li" variant="body2" key={d.factorId}>
                      {d.description} ({d.points > 0 ? '+' : ''}
                      {d.points})
                    </Typography>
                  ))}
                </Box>
              ) : (
                <Typography variant="body2" sx={{ color: 'text.secondary', pl: 3 }}>
                  No factor moved this score from its base.
                </Typography>
              )}
            </Box>
          );
        })}
      </Stack>
    </Section>
  );
}

function SupplierDetail({ job, supplierKey }: { job: JobDetails; supplierKey: string }) {
  const supplier = useJobSupplier(job.id, supplierKey);
  if (supplier.isPending) return <LinearProgress aria-label="Loading the supplier" />;
  if (supplier.isError) return <Alert severity="error">{errorMessageOf(supplier.error)}</Alert>;
  const s = supplier.data;
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'baseline' }}>
        <Typography variant="h6" component="h2">
          {s.supplierName}
        </Typography>
        <Link component={RouterLink} to={`/jobs/${job.id}/suppliers`}>
          All suppliers
        </Link>
      </Stack>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', md: 'repeat(3, minmax(0, 1fr))' },
        }}
      >
        <Identity s={s} />
        <SpendAndDocuments s={s} currency={job.currency} />
        <PaymentBehaviour s={s} currency={job.currency} />
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '3fr 2fr' } }}>
        <Match job={job} s={s} />
        <Scores s={s} />
      </Box>
    </Stack>
  );
}

/** /jobs/:jobId/suppliers/:supplierKey — one supplier: identity, spend, match and scores. */
export function SupplierDetailPage() {
  const { supplierKey = '' } = useParams();
  return <JobFrame>{(job) => <SupplierDetail job={job} supplierKey={supplierKey} />}</JobFrame>;
}
