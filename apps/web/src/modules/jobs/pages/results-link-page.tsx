import {
  CARD_PRODUCT_DISPLAY_ORDER,
  CARD_PRODUCT_INFO,
  MESSAGES,
  type JobDetails,
  type ResultsLinkSession,
} from '@b2b/contract';
import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { LinkGone } from '../../../components/feedback/link-gone';
import { errorMessageOf, isApiError } from '../../../lib/api-error';
import { tKey, useT } from '../../../lib/i18n';
import { AppThemeProvider } from '../../../theme/app-theme-provider';
import { useOpenResultsLink } from '../../magic-links/api/open-results-link';
import { useJob } from '../api/get-job';
import { jobsQueryKeys } from '../api/jobs-query-keys';
import { listJobSuppliers } from '../api/list-job-suppliers';
import { formatAmount } from '../components/format';
import { Insights } from '../components/job-insights';
import { LevelChip, MatchStatusChip } from '../components/level-chips';
import { SummaryTab } from '../components/summary-tab';

const PAGE_SIZE = 25;

/**
 * The results link's tabs (SPEC §3 MagicLinkUser, docs/features.md): what a reader of the job
 * sees of its results, no more: the summary, the insights charts and the suppliers with their
 * product levels. Not the files, logs, downloads or users tabs: the link shares results, not
 * the buyer's data or the job's workings.
 */
const TABS = [
  { value: 'summary', label: tKey('Summary') },
  { value: 'insights', label: tKey('Insights') },
  { value: 'suppliers', label: tKey('Suppliers') },
] as const;
type TabValue = (typeof TABS)[number]['value'];

/** The suppliers, a page at a time, with their match and each product's level (no scores). */
function ResultsSuppliers({ job }: { job: JobDetails }) {
  const t = useT();
  const [page, setPage] = useState(1);
  const suppliers = useQuery({
    queryKey: [...jobsQueryKeys.supplierList(job.id), 'results-link', page] as const,
    queryFn: ({ signal }) =>
      listJobSuppliers(job.id, { pageNumber: page, pageSize: PAGE_SIZE, filters: [] }, signal),
    placeholderData: keepPreviousData,
  });
  if (suppliers.isError) return <Alert severity="error">{errorMessageOf(suppliers.error)}</Alert>;
  if (suppliers.isPending) return <LinearProgress aria-label={t('Loading the suppliers')} />;
  const { collection, totalCount } = suppliers.data;
  return (
    <Stack spacing={2}>
      {/* Wide (eight products): it scrolls sideways, so keyboard users can focus it. */}
      <TableContainer
        component={Paper}
        variant="outlined"
        tabIndex={0}
        role="region"
        aria-label={t('Suppliers, scrollable')}
      >
        <Table size="small" aria-label={t('Suppliers')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('Supplier')}</TableCell>
              <TableCell>{t('Country')}</TableCell>
              <TableCell align="right">{t('Spend')}</TableCell>
              <TableCell>{t('Match')}</TableCell>
              {CARD_PRODUCT_DISPLAY_ORDER.map((p) => (
                <TableCell key={p}>{CARD_PRODUCT_INFO[p].name}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {collection.map((s) => (
              <TableRow key={s.supplierKey}>
                <TableCell component="th" scope="row">
                  {s.supplierName}
                </TableCell>
                <TableCell>{s.country ?? '—'}</TableCell>
                <TableCell align="right">
                  {s.spend === null ? '—' : formatAmount(s.spend, job.currency)}
                </TableCell>
                <TableCell>
                  <MatchStatusChip status={s.matchStatus} />
                </TableCell>
                {CARD_PRODUCT_DISPLAY_ORDER.map((p) => (
                  <TableCell key={p}>
                    <LevelChip level={s[CARD_PRODUCT_INFO[p].levelField]} />
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={totalCount}
        page={page - 1}
        rowsPerPage={PAGE_SIZE}
        rowsPerPageOptions={[]}
        onPageChange={(_, next) => setPage(next + 1)}
      />
    </Stack>
  );
}

function Results({ session }: { session: ResultsLinkSession }) {
  const t = useT();
  const job = useJob(session.jobId);
  const [tab, setTab] = useState<TabValue>('summary');
  // The session ended (the link expired or was revoked) or the job was unpublished.
  if (isApiError(job.error, 401) || isApiError(job.error, 404)) return <LinkGone />;
  if (job.isError) return <Alert severity="error">{errorMessageOf(job.error)}</Alert>;
  if (job.isPending) return <Typography role="status">{t(MESSAGES.loading)}</Typography>;
  const from = session.branding?.brandingDisplayName ?? session.issuerName;
  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1">
        {session.jobName}
      </Typography>
      <Typography>
        {t('{{from}} shares the results of this analysis with you, read-only, until {{time}}.', {
          from,
          time: new Date(session.expiresAt).toLocaleString(),
        })}
      </Typography>
      <Tabs value={tab} onChange={(_, next: TabValue) => setTab(next)} aria-label={t('Results')}>
        {TABS.map((entry) => (
          <Tab key={entry.value} value={entry.value} label={t(entry.label)} />
        ))}
      </Tabs>
      {tab === 'summary' && <SummaryTab job={job.data} narrative={false} />}
      {tab === 'insights' && <Insights job={job.data} />}
      {tab === 'suppliers' && <ResultsSuppliers job={job.data} />}
    </Stack>
  );
}

/**
 * /results-link/:token — a results link (SPEC §3 MagicLinkUser): opening it signs the browser in
 * for this one published job, read-only, until the link expires, and shows its results tabs in
 * the issuer's branding. An expired, revoked or unknown link says so and shows nothing else.
 */
export function ResultsLinkPage() {
  const t = useT();
  const { token = '' } = useParams();
  const open = useOpenResultsLink();
  const { mutate } = open;
  // Opened once per visit: each opening is a session and an audit entry.
  const opened = useRef<string | null>(null);
  useEffect(() => {
    if (opened.current === token) return;
    opened.current = token;
    mutate(token);
  }, [mutate, token]);

  if (open.isError)
    return isApiError(open.error, 410) ? (
      <LinkGone />
    ) : (
      <Alert severity="error">{errorMessageOf(open.error)}</Alert>
    );
  if (!open.data) return <Typography role="status">{t(MESSAGES.loading)}</Typography>;
  const view = <Results session={open.data} />;
  return open.data.branding ? (
    <AppThemeProvider themeKey={open.data.branding.theme}>{view}</AppThemeProvider>
  ) : (
    view
  );
}
