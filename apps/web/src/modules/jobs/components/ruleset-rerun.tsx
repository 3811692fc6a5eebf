import Alert from '@mui/material/Alert';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { AsyncButton } from '../../../components/forms';
import { Section } from '../../../components/layout/section';
import { errorMessageOf } from '../../../lib/api-error';
import { useT } from '../../../lib/i18n';
import type { RulesetKind } from '../api/jobs-query-keys';
import { useCompletedJobs } from '../api/list-jobs';
import { useRerunJobsWithRuleset } from '../api/rerun-jobs-with-ruleset';

/** Run chosen Completed jobs again with this version (ProQ): re-scored, or re-matched and scored. */
export function RulesetRerunPanel({
  kind,
  versionNumber,
}: {
  kind: RulesetKind;
  versionNumber: number;
}) {
  const t = useT();
  const jobs = useCompletedJobs();
  const rerun = useRerunJobsWithRuleset(kind, versionNumber);
  const [chosen, setChosen] = useState<string[]>([]);
  const scoring = kind === 'scoring';
  return (
    <Section
      headingLevel={3}
      title={scoring ? t('Re-score jobs with this version') : t('Re-match jobs with this version')}
    >
      <Stack spacing={2}>
        <Typography variant="body2">
          {scoring
            ? t(
                'The chosen jobs run again from their Score step with version {{version}}; their results change when the run completes.',
                { version: versionNumber },
              )
            : t(
                'The chosen jobs run again from their Match step with version {{version}}; their results change when the run completes.',
                { version: versionNumber },
              )}
        </Typography>
        <Stack direction="row" spacing={2}>
          <TextField
            select
            size="small"
            label={t('Jobs')}
            value={chosen}
            onChange={(e) => setChosen(e.target.value as unknown as string[])}
            slotProps={{ select: { multiple: true } }}
            fullWidth
          >
            {(jobs.data ?? [])
              .filter((j) => kind === 'confidence' || j.type !== 'matched-data-only')
              .map((j) => (
                <MenuItem key={j.id} value={j.id}>
                  {j.name} ({j.buyerName})
                </MenuItem>
              ))}
          </TextField>
          <AsyncButton
            variant="outlined"
            sx={{ flexShrink: 0 }}
            disabled={chosen.length === 0}
            onClick={async () => {
              await rerun.mutateAsync(chosen);
              setChosen([]);
            }}
            onError={() => undefined}
          >
            {scoring ? t('Re-score chosen jobs') : t('Re-match chosen jobs')}
          </AsyncButton>
        </Stack>
        {rerun.isError && <Alert severity="error">{errorMessageOf(rerun.error)}</Alert>}
        {rerun.data && (
          <Alert severity="success" role="status">
            {t('Queued: {{jobs}}.', { jobs: rerun.data.jobs.map((j) => j.name).join(', ') })}
          </Alert>
        )}
      </Stack>
    </Section>
  );
}
