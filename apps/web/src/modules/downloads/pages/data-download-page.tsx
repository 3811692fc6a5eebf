import {
  DATA_DOWNLOAD_KINDS,
  DATA_DOWNLOAD_PROFILE_LABELS,
  DATA_DOWNLOAD_PROFILES,
  type DataDownloadProfile,
  type DownloadFormat,
  type JobDetails,
  STREAM_MAX_SUPPLIERS,
} from '@b2b/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Section } from '../../../components/layout/section';
import { errorMessageOf } from '../../../lib/api-error';
import { formatWhole } from '../../../lib/number-format';
import { PermissionGuard } from '../../../lib/permissions';
import { analysisDataDownloadUrl } from '../api/analysis-data-download-url';
import { matchedDataOnlyDownloadUrl } from '../api/matched-data-only-download-url';
import { useRequestDownload } from '../api/request-download';
import { NetworkFiles } from '../components/network-files';
import { YourDownloads } from '../components/your-downloads';
import { tKey, useT } from '../../../lib/i18n';

export type DataDownloadTab = 'analysis' | 'matchedDataOnly';

/** Format and profile descriptions are keys, shown with `t`. */
const FORMAT_LABELS: Record<DownloadFormat, string> = {
  csv: tKey('CSV'),
  xlsx: tKey('Excel (XLSX)'),
};
const PROFILE_HINTS: Record<DataDownloadProfile, string> = {
  analysis: tKey('every datapoint of the issuer’s analysis profile'),
  'matched-data-only': tKey('identity, spend and the card-acceptance match'),
  onboarding: tKey('what supplier onboarding needs'),
};

/**
 * /jobs/:jobId/analysis-data-download and /matched-data-only-download (SPEC §2): the job's
 * supplier results with the columns of one of the issuer's datapoint profiles, chosen here, as
 * CSV or XLSX. Small jobs download at once; larger ones are prepared in the background and land
 * in Your downloads. The Analysis Data tab also has the network vendor files.
 */
export function DataDownloadPage({ job, tab }: { job: JobDetails; tab: DataDownloadTab }) {
  const t = useT();
  const [profile, setProfile] = useState<DataDownloadProfile>(
    tab === 'analysis' ? 'analysis' : 'matched-data-only',
  );
  const [format, setFormat] = useState<DownloadFormat>('csv');
  const request = useRequestDownload(job.id);
  const completed = job.status === 'Completed';
  const limit = STREAM_MAX_SUPPLIERS[format];
  const suppliers = job.supplierCount ?? 0;
  const streams = suppliers <= limit;
  const url = (tab === 'analysis' ? analysisDataDownloadUrl : matchedDataOnlyDownloadUrl)(job.id, {
    profile,
    format,
  });
  return (
    <Stack spacing={2}>
      <Section title={tab === 'analysis' ? t('Analysis data') : t('Matched data only')}>
        {!completed ? (
          <Alert severity="info">
            {t(
              'The data download needs the job’s results, and this job is {{status}}; come back when it is Completed.',
              { status: t(job.status) },
            )}
          </Alert>
        ) : (
          <Stack spacing={2}>
            <FormControl>
              <FormLabel id="download-profile">{t('Datapoint profile')}</FormLabel>
              <RadioGroup
                aria-labelledby="download-profile"
                value={profile}
                onChange={(e) => setProfile(e.target.value as DataDownloadProfile)}
              >
                {DATA_DOWNLOAD_PROFILES.map((p) => (
                  <FormControlLabel
                    key={p}
                    value={p}
                    control={<Radio />}
                    label={t('{{profile}} — {{hint}}', {
                      profile: t(DATA_DOWNLOAD_PROFILE_LABELS[p]),
                      hint: t(PROFILE_HINTS[p]),
                    })}
                  />
                ))}
              </RadioGroup>
            </FormControl>
            <FormControl>
              <FormLabel id="download-format">{t('Format')}</FormLabel>
              <RadioGroup
                row
                aria-labelledby="download-format"
                value={format}
                onChange={(e) => setFormat(e.target.value as DownloadFormat)}
              >
                {(['csv', 'xlsx'] as const).map((f) => (
                  <FormControlLabel
                    key={f}
                    value={f}
                    control={<Radio />}
                    label={t(FORMAT_LABELS[f])}
                  />
                ))}
              </RadioGroup>
            </FormControl>
            <Typography variant="body2">
              {streams
                ? t('{{count}} suppliers. The file downloads at once.', {
                    count: formatWhole(suppliers),
                  })
                : t(
                    '{{count}} suppliers. More than {{limit}} suppliers: the {{format}} file is prepared in the background and appears in Your downloads.',
                    {
                      count: formatWhole(suppliers),
                      limit: formatWhole(limit),
                      format: t(FORMAT_LABELS[format]),
                    },
                  )}
            </Typography>
            <div>
              {streams ? (
                <Button variant="contained" href={url} download>
                  {t('Download {{format}}', { format: t(FORMAT_LABELS[format]) })}
                </Button>
              ) : (
                <Button
                  variant="contained"
                  disabled={request.isPending}
                  onClick={() =>
                    request.mutate({
                      kind: DATA_DOWNLOAD_KINDS[tab],
                      format,
                      params: { profile },
                    })
                  }
                >
                  {t('Prepare {{format}}', { format: t(FORMAT_LABELS[format]) })}
                </Button>
              )}
            </div>
            {request.isError && <Alert severity="error">{errorMessageOf(request.error)}</Alert>}
            {request.isSuccess && (
              <Alert severity="success">
                {t('Preparing {{download}}: it appears in Your downloads when ready.', {
                  download: request.data.label,
                })}
              </Alert>
            )}
          </Stack>
        )}
      </Section>
      {tab === 'analysis' && completed && (
        <PermissionGuard permissions="CardNetworkSms_Integration">
          <Section title={t('Network vendor files')}>
            <NetworkFiles jobId={job.id} />
          </Section>
        </PermissionGuard>
      )}
      <Section title={t('Your downloads')}>
        <YourDownloads jobId={job.id} />
      </Section>
    </Stack>
  );
}
