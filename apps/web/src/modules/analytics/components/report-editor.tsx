import {
  REPORT_SCHEDULE_FREQUENCIES,
  type AnalyticsDatasetInfo,
  type AnalyticsQueryDefinition,
  type AnalyticsResult,
  type ReportChartKind,
  type SaveReportRequestInput,
  type SavedReport,
} from '@b2b/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Section } from '../../../components/layout/section';
import { errorMessageOf } from '../../../lib/api-error';
import { useCreateReport } from '../api/create-report';
import { useDeleteReport } from '../api/delete-report';
import { exportReportUrl } from '../api/export-report-url';
import { useShareCandidates } from '../api/list-share-candidates';
import { useRunQuery } from '../api/run-query';
import { useUpdateReport } from '../api/update-report';
import { QueryBuilder } from './query-builder';
import { QueryResults } from './query-results';
import { useT } from '../../../lib/i18n';

const PAGE_SIZE = 50;

const emptyDefinition = (dataset: string): AnalyticsQueryDefinition => ({
  dataset,
  columns: [],
  filters: [],
  groupBy: [],
  aggregates: [],
  sort: [],
});

type Props = {
  datasets: AnalyticsDatasetInfo[];
  /** The saved report shown; a new one when absent. */
  report?: SavedReport;
};

/**
 * Builds and runs a query and saves it as a report: on /admin/analytics-query and
 * /reports/create a new one, on /reports/{reportId} the saved one (changed only by its owner).
 */
export function ReportEditor({ datasets, report }: Props) {
  const t = useT();
  const navigate = useNavigate();
  const canEdit = report ? report.canEdit : true;
  const [definition, setDefinition] = useState<AnalyticsQueryDefinition>(
    report?.definition ?? emptyDefinition(datasets[0]?.key ?? 'jobs'),
  );
  const [chart, setChart] = useState<ReportChartKind>(report?.chart ?? 'table');
  const [name, setName] = useState(report?.name ?? '');
  const [description, setDescription] = useState(report?.description ?? '');
  const [sharedWith, setSharedWith] = useState<string[]>(
    report?.sharedWith.map((s) => s.userId) ?? [],
  );
  const [frequency, setFrequency] = useState<string>(report?.schedule?.frequency ?? '');
  const [recipients, setRecipients] = useState(report?.schedule?.recipients.join(', ') ?? '');
  const [result, setResult] = useState<AnalyticsResult | null>(null);
  const [saved, setSaved] = useState(false);
  const run = useRunQuery();
  const create = useCreateReport();
  const update = useUpdateReport(report?.id ?? '');
  const remove = useDeleteReport();
  const candidates = useShareCandidates();
  const save = report ? update : create;

  const runPage = (pageNumber: number) =>
    run.mutate({ definition, pageNumber, pageSize: PAGE_SIZE }, { onSuccess: setResult });

  const body = (): SaveReportRequestInput => ({
    name,
    description,
    definition,
    chart,
    sharedWithUserIds: sharedWith,
    schedule: frequency
      ? {
          frequency: frequency as (typeof REPORT_SCHEDULE_FREQUENCIES)[number],
          recipients: recipients
            .split(/[,;\s]+/)
            .map((r) => r.trim())
            .filter(Boolean),
        }
      : null,
  });

  const onSave = () => {
    setSaved(false);
    save.mutate(body(), {
      onSuccess: (savedReport) => {
        setSaved(true);
        if (!report) void navigate(`/reports/${savedReport.id}`);
      },
    });
  };

  return (
    <Stack spacing={2}>
      <Section title={t('Query')}>
        <Stack spacing={2}>
          <QueryBuilder
            datasets={datasets}
            definition={definition}
            onChange={(d) => {
              setDefinition(d);
              setResult(null);
            }}
          />
          <Button variant="contained" sx={{ alignSelf: 'start' }} onClick={() => runPage(1)}>
            {t('Run')}
          </Button>
          {run.isError && <Alert severity="error">{errorMessageOf(run.error)}</Alert>}
          {result && (
            <QueryResults result={result} chart={chart} onChart={setChart} onPage={runPage} />
          )}
        </Stack>
      </Section>

      <Section title={report ? t('Report') : t('Save as report')}>
        <Stack spacing={2} sx={{ maxWidth: 640 }}>
          <TextField
            label={t('Report name')}
            value={name}
            required
            disabled={!canEdit}
            onChange={(e) => setName(e.target.value)}
          />
          <TextField
            label={t('Description')}
            value={description}
            multiline
            disabled={!canEdit}
            onChange={(e) => setDescription(e.target.value)}
          />
          <TextField
            select
            label={t('Share with')}
            value={sharedWith}
            disabled={!canEdit}
            slotProps={{
              select: {
                multiple: true,
                renderValue: (ids) =>
                  (ids as string[])
                    .map(
                      (id) =>
                        candidates.data?.find((u) => u.userId === id)?.displayName ??
                        report?.sharedWith.find((s) => s.userId === id)?.displayName ??
                        id,
                    )
                    .join(', '),
              },
            }}
            onChange={(e) => setSharedWith(e.target.value as unknown as string[])}
          >
            {(candidates.data ?? []).map((u) => (
              <MenuItem key={u.userId} value={u.userId}>
                {u.displayName} ({u.username})
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label={t('E-mail schedule')}
            value={frequency}
            disabled={!canEdit}
            onChange={(e) => setFrequency(e.target.value)}
          >
            <MenuItem value="">{t('Not e-mailed')}</MenuItem>
            {REPORT_SCHEDULE_FREQUENCIES.map((f) => (
              <MenuItem key={f} value={f}>
                {f}
              </MenuItem>
            ))}
          </TextField>
          {frequency && (
            <TextField
              label={t('Recipients')}
              helperText={t('E-mail addresses, separated by commas; yours when empty.')}
              value={recipients}
              disabled={!canEdit}
              onChange={(e) => setRecipients(e.target.value)}
            />
          )}
          {save.isError && <Alert severity="error">{errorMessageOf(save.error)}</Alert>}
          {saved && <Alert severity="success">{t('Report saved.')}</Alert>}
          <Stack direction="row" spacing={1}>
            {canEdit && (
              <Button
                variant="contained"
                disabled={!name.trim() || save.isPending}
                onClick={onSave}
              >
                {report ? t('Save changes') : t('Save report')}
              </Button>
            )}
            {report && (
              <>
                <Button href={exportReportUrl(report.id, 'csv')} download>
                  {t('Export CSV')}
                </Button>
                <Button href={exportReportUrl(report.id, 'xlsx')} download>
                  {t('Export XLSX')}
                </Button>
              </>
            )}
            {report && canEdit && (
              <Button
                color="error"
                onClick={() =>
                  remove.mutate(report.id, {
                    onSuccess: () => void navigate('/admin/analytics-query'),
                  })
                }
              >
                {t('Delete')}
              </Button>
            )}
          </Stack>
        </Stack>
      </Section>
    </Stack>
  );
}
