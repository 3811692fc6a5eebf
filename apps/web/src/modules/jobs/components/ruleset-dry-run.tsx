import type { RulesetChange, RulesetDryRun } from '@b2b/contract';
import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TablePagination from '@mui/material/TablePagination';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { AsyncButton } from '../../../components/forms';
import { Section } from '../../../components/layout/section';
import { errorMessageOf } from '../../../lib/api-error';
import { tKey, useT } from '../../../lib/i18n';
import type { RulesetKind } from '../api/jobs-query-keys';
import { useRulesetDryRun } from '../api/get-ruleset-dry-run';
import { useRulesetDryRunChanges } from '../api/list-ruleset-dry-run-changes';
import { useCompletedJobs } from '../api/list-jobs';
import { useStartRulesetDryRun } from '../api/start-ruleset-dry-run';
import { productName } from './ruleset-text';
import { SimpleTable } from './simple-table';

type Translate = ReturnType<typeof useT>;

/** A dry-run's group: a card product, or the match confidence (shown with `t`). */
const groupName = (group: string) =>
  group === 'Confidence' ? tKey('Match confidence') : productName(group);

function changeText(c: RulesetChange, t: Translate): string {
  const score = (s: number | null) => (s === null ? '' : ` (${s})`);
  const merchant =
    c.beforeMerchantId !== c.afterMerchantId
      ? `; ${t('merchant {{before}} → {{after}}', {
          before: c.beforeMerchantId ?? t('none'),
          after: c.afterMerchantId ?? t('none'),
        })}`
      : '';
  return `${t(groupName(c.group))}: ${c.beforeLevel}${score(c.beforeScore)} → ${c.afterLevel}${score(c.afterScore)}${merchant}`;
}

function ChangedSuppliers({ kind, dryRun }: { kind: RulesetKind; dryRun: RulesetDryRun }) {
  const t = useT();
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(10);
  const changes = useRulesetDryRunChanges(kind, dryRun.id, page + 1, pageSize, true);
  if (changes.isError) return <Alert severity="error">{errorMessageOf(changes.error)}</Alert>;
  if (!changes.data) return <LinearProgress aria-label={t('Loading the changed suppliers')} />;
  return (
    <Section headingLevel={3} title={t('Suppliers that change')}>
      <SimpleTable
        label={t('Changed suppliers')}
        head={[t('Supplier'), t('What changes')]}
        rows={changes.data.collection.map((s) => [
          s.supplierName ?? s.supplierKey,
          s.changes.map((c) => changeText(c, t)).join('; '),
        ])}
      />
      <TablePagination
        component="div"
        count={changes.data.totalCount}
        page={page}
        rowsPerPage={pageSize}
        rowsPerPageOptions={[10, 25, 100]}
        onPageChange={(_e, p) => setPage(p)}
        onRowsPerPageChange={(e) => {
          setPageSize(Number(e.target.value));
          setPage(0);
        }}
      />
    </Section>
  );
}

function DryRunResult({ kind, dryRunId }: { kind: RulesetKind; dryRunId: string }) {
  const t = useT();
  const dryRun = useRulesetDryRun(kind, dryRunId);
  if (dryRun.isError) return <Alert severity="error">{errorMessageOf(dryRun.error)}</Alert>;
  const d = dryRun.data;
  if (!d || d.state === 'Queued' || d.state === 'Running')
    return (
      <Stack spacing={1}>
        <Typography role="status">
          {!d
            ? t('Dry-run starting…')
            : d.state === 'Queued'
              ? t('Dry-run queued…')
              : t('Dry-run running…')}
        </Typography>
        <LinearProgress aria-label={t('Dry-run in progress')} />
      </Stack>
    );
  if (d.state === 'Error' || !d.summary)
    return (
      <Alert severity="error">
        {t('The dry-run failed: {{error}}', { error: d.error ?? t('no result') })}
      </Alert>
    );
  const s = d.summary;
  const rows = s.counts.filter((c) => c.before > 0 || c.after > 0);
  return (
    <Stack spacing={2}>
      <Alert severity={s.changedCount > 0 ? 'info' : 'success'} role="status">
        {s.comparedWithVersion !== null
          ? t(
              '{{changed}} of {{total}} suppliers would change (compared with version {{version}}); computed in {{seconds}} s. Nothing was written to the job.',
              {
                changed: s.changedCount.toLocaleString(),
                total: s.supplierCount.toLocaleString(),
                version: s.comparedWithVersion,
                seconds: s.seconds,
              },
            )
          : t(
              '{{changed}} of {{total}} suppliers would change; computed in {{seconds}} s. Nothing was written to the job.',
              {
                changed: s.changedCount.toLocaleString(),
                total: s.supplierCount.toLocaleString(),
                seconds: s.seconds,
              },
            )}
        {s.fromStoredMatches === true &&
          ` ${t('Decided from the job’s stored matches: the draft changes only how levels are decided.')}`}
        {s.fromStoredMatches === false &&
          s.rematchReason &&
          ` ${t('Matched again: {{reason}}.', { reason: s.rematchReason })}`}
      </Alert>
      <SimpleTable
        label={t('Counts before and after')}
        head={[
          kind === 'scoring' ? t('Product') : t('Group'),
          t('Level'),
          t('Before'),
          t('After'),
          t('Change'),
        ]}
        rows={rows.map((c) => [
          t(groupName(c.group)),
          c.level,
          c.before.toLocaleString(),
          c.after.toLocaleString(),
          c.after === c.before ? '' : `${c.after > c.before ? '+' : ''}${c.after - c.before}`,
        ])}
      />
      {s.changedCount > 0 && <ChangedSuppliers kind={kind} dryRun={d} />}
    </Stack>
  );
}

/** Dry-run a version on a chosen Completed job: what would change, without writing anything. */
export function RulesetDryRunPanel({
  kind,
  versionNumber,
}: {
  kind: RulesetKind;
  versionNumber: number;
}) {
  const t = useT();
  const jobs = useCompletedJobs();
  const start = useStartRulesetDryRun(kind, versionNumber);
  const [jobId, setJobId] = useState('');
  const [dryRunId, setDryRunId] = useState<string | null>(null);
  return (
    <Section headingLevel={3} title={t('Dry-run on a job')}>
      <Stack spacing={2}>
        <Typography variant="body2">
          {kind === 'scoring'
            ? t(
                'Runs this version on a completed job’s stored data and shows which suppliers’ product scores and levels would change. The job’s results stay as they are.',
              )
            : t(
                'Runs this version on a completed job’s stored data and shows which suppliers’ match levels would change. The job’s results stay as they are.',
              )}
        </Typography>
        {jobs.isError && <Alert severity="error">{errorMessageOf(jobs.error)}</Alert>}
        <Stack direction="row" spacing={2}>
          <TextField
            select
            size="small"
            label={t('Job')}
            value={jobId}
            onChange={(e) => setJobId(e.target.value)}
            fullWidth
          >
            {(jobs.data ?? [])
              .filter((j) => kind === 'confidence' || j.type !== 'matched-data-only')
              .map((j) => (
                <MenuItem key={j.id} value={j.id}>
                  {t('{{job}} ({{buyer}}, {{count}} suppliers)', {
                    job: j.name,
                    buyer: j.buyerName,
                    count: j.supplierCount ?? 0,
                  })}
                </MenuItem>
              ))}
          </TextField>
          <AsyncButton
            variant="outlined"
            sx={{ flexShrink: 0 }}
            disabled={!jobId}
            onClick={async () => setDryRunId((await start.mutateAsync(jobId)).id)}
            onError={() => undefined}
          >
            {t('Dry-run')}
          </AsyncButton>
        </Stack>
        {start.isError && <Alert severity="error">{errorMessageOf(start.error)}</Alert>}
        {dryRunId && <DryRunResult key={dryRunId} kind={kind} dryRunId={dryRunId} />}
      </Stack>
    </Section>
  );
}
