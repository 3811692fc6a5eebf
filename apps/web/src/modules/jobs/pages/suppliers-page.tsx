import {
  CARD_PRODUCT_DISPLAY_ORDER,
  CARD_PRODUCT_INFO,
  type CardProduct,
  type JobDetails,
  type Level,
  type SupplierResult,
} from '@b2b/contract';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { ServerDataGrid } from '../../../components/data-grid';
import { JobFrame } from '../components/job-frame';
import { formatAmount } from '../components/format';
import { DatapointFilterBar } from '../components/datapoint-filter-bar';
import {
  allFilterItems,
  type DatapointFilter,
  type DatapointFilterValue,
} from '../components/datapoint-filters';
import { LevelChip, MatchStatusChip, ScoreChip } from '../components/level-chips';
import { listJobSuppliers, useSupplierReviewCount } from '../api/list-job-suppliers';
import { formatWeight } from '../components/match-weight-waterfall';
import { ReviewActionsBar } from '../components/review-actions-bar';
import { PredictCardAcceptance } from '../components/predict-card-acceptance';
import { CapabilitySelector, useCapabilitySelection } from '../components/capability-selector';
import { tKey, useT } from '../../../lib/i18n';
import { useCan } from '../../../lib/permissions';
import { jobsQueryKeys } from '../api/jobs-query-keys';

/** The eight product scores in the display order of SPEC.md section 9. */
export const SCORE_COLUMNS = CARD_PRODUCT_DISPLAY_ORDER.map((product) => {
  const { name, scoreField } = CARD_PRODUCT_INFO[product];
  return {
    product,
    name,
    scoreField,
    levelField: scoreField.replace(/Score$/, 'Level') as keyof SupplierResult,
  };
});

// Spend has no natural ceiling, but a missing max counts as 0 (SPEC.md section 5): a trillion
// is above any supplier's spend in any currency we hold.
const SPEND_MAX = 1_000_000_000_000;

/**
 * The datapoint filters of the suppliers tab; those the job's data lacks say why. Labels and
 * reasons are keys: the filter bar shows them with `t`.
 */
export function supplierFilters(job: JobDetails, seesScores: boolean): DatapointFilter[] {
  const scored = job.type !== 'matched-data-only';
  return [
    {
      kind: 'multiselect',
      id: 'country',
      label: tKey('Country'),
      property: 'country',
      optionsChart: 'Countries',
    },
    {
      kind: 'multiselect',
      id: 'mainPaymentMethod',
      label: tKey('Main payment method'),
      property: 'mainPaymentMethod',
      optionsChart: 'PaymentMethods',
    },
    {
      kind: 'multiselect',
      id: 'mcc',
      label: tKey('MCC'),
      property: 'mcc',
      optionsChart: 'IndustriesMccDescription',
    },
    {
      kind: 'boolean',
      id: 'cardAccepting',
      label: tKey('Accepts card'),
      property: 'cardAccepting',
      yes: 'MATCHED',
      no: 'UNMATCHED',
    },
    {
      kind: 'boolean',
      id: 'stpCapable',
      label: tKey('STP capable'),
      property: 'stpCapable',
      yes: 'TRUE',
      no: 'FALSE',
    },
    {
      kind: 'number',
      id: 'spend',
      label: tKey('Spend'),
      properties: [{ property: 'spend', label: tKey('Spend') }],
      min: 0,
      max: SPEND_MAX,
    },
    // The ingestion keeps days to pay between -60 and 730 (engine aggregate); terms likewise.
    {
      kind: 'number',
      id: 'daysToPay',
      label: tKey('Days to pay'),
      properties: [
        { property: 'actualDaysToPay', label: tKey('Actual days to pay') },
        { property: 'paymentTermsDays', label: tKey('Payment terms (days)') },
      ],
      min: -60,
      max: 730,
    },
    !seesScores
      ? {
          kind: 'unavailable',
          id: 'score',
          label: tKey('Score'),
          reason: tKey(
            'Score numbers are shown with the supplier scores permission; the levels are.',
          ),
        }
      : scored
        ? {
            kind: 'number',
            id: 'score',
            label: tKey('Score'),
            properties: SCORE_COLUMNS.map((c) => ({ property: c.scoreField, label: c.name })),
            min: 0,
            max: 100,
          }
        : {
            kind: 'unavailable',
            id: 'score',
            label: tKey('Score'),
            reason: tKey('A Matched Data Only job is matched, not scored.'),
          },
    // The supplier results keep counts and totals per supplier, not document dates.
    {
      kind: 'unavailable',
      id: 'lastDocumentDate',
      label: tKey('Last document date'),
      reason: tKey('The supplier results do not keep document dates.'),
    },
  ];
}

function columns(
  t: ReturnType<typeof useT>,
  job: JobDetails,
  seesScores: boolean,
  products: readonly CardProduct[],
): GridColDef<SupplierResult>[] {
  return [
    {
      field: 'supplierName',
      headerName: t('Supplier'),
      flex: 1,
      minWidth: 200,
      renderCell: ({ row }) => (
        <Link
          component={RouterLink}
          to={`/jobs/${job.id}/suppliers/${encodeURIComponent(row.supplierKey)}`}
          onClick={(event) => event.stopPropagation()}
        >
          {row.supplierName}
        </Link>
      ),
    },
    { field: 'country', headerName: t('Country'), width: 90 },
    {
      field: 'spend',
      headerName: t('Spend'),
      type: 'number',
      width: 130,
      valueFormatter: (value: number | null) =>
        value === null ? '—' : formatAmount(value, job.currency),
    },
    {
      field: 'matchStatus',
      headerName: t('Match'),
      width: 120,
      renderCell: ({ row }) => <MatchStatusChip status={row.matchStatus} />,
    },
    {
      field: 'confidence',
      headerName: t('Confidence'),
      width: 110,
      renderCell: ({ row }) => <LevelChip level={row.confidence} />,
    },
    // The best candidate also when UNMATCHED, what a reviewer confirms or rejects.
    {
      field: 'candidateMerchantName',
      headerName: t('Best candidate'),
      minWidth: 180,
      flex: 0.8,
      valueFormatter: (value: string | null) => value ?? '—',
    },
    {
      field: 'matchWeight',
      headerName: t('Weight'),
      type: 'number',
      width: 90,
      valueFormatter: (value: number | null) => formatWeight(value),
    },
    {
      field: 'matchSource',
      headerName: t('Decision'),
      width: 110,
      valueFormatter: (value: SupplierResult['matchSource']) => t(DECISION_TEXT[value]),
    },
    // The card acceptance model's probability, for suppliers the reference data does not match
    // (ML prediction); a dash for matched ones and before a model scored the job.
    {
      field: 'predictedCardAcceptance',
      headerName: t('Predicted acceptance'),
      type: 'number',
      width: 120,
      valueFormatter: (value: number | null) =>
        value === null ? '—' : `${Math.round(value * 100)}%`,
    },
    ...SCORE_COLUMNS.filter((c) => products.includes(c.product)).map(
      (c): GridColDef<SupplierResult> => ({
        field: c.scoreField,
        headerName: c.name,
        type: 'number',
        width: 115,
        // Without the numbers the server refuses to sort by them (SupplierScores_VIEW).
        sortable: seesScores,
        renderCell: ({ row }) => (
          <ScoreChip
            score={row[c.scoreField as keyof SupplierResult] as number | null}
            level={row[c.levelField] as Level | null}
          />
        ),
      }),
    ),
  ];
}

const DECISION_TEXT: Record<SupplierResult['matchSource'], string> = {
  computed: '—',
  override: tKey('Confirmed'),
  rejected: tKey('Rejected'),
};

/**
 * The review queue's switch with its count (SPEC §3 match decisions): undecided Low/Medium
 * candidates, strongest match weight first.
 */
function ReviewToggle({
  jobId,
  review,
  onChange,
}: {
  jobId: string;
  review: boolean;
  onChange: (review: boolean) => void;
}) {
  const t = useT();
  const count = useSupplierReviewCount(jobId);
  return (
    <ToggleButton
      value="candidates"
      size="small"
      color="primary"
      selected={review}
      onChange={() => onChange(!review)}
    >
      {t('Candidates to review ({{count}})', { count: count.data ?? '…' })}
    </ToggleButton>
  );
}

function Suppliers({ job }: { job: JobDetails }) {
  const t = useT();
  const navigate = useNavigate();
  const seesScores = useCan('SupplierScores_VIEW');
  const filters = useMemo(() => supplierFilters(job, seesScores), [job, seesScores]);
  const [products] = useCapabilitySelection();
  const gridColumns = useMemo(
    () => columns(t, job, seesScores, products),
    [t, job, seesScores, products],
  );
  const [values, setValues] = useState<Record<string, DatapointFilterValue | undefined>>({});
  const { items, problems } = useMemo(
    () => allFilterItems(filters, values, t),
    [filters, values, t],
  );
  const [review, setReview] = useState(false);
  const [selected, setSelected] = useState<SupplierResult[]>([]);
  // Decisions are the job's to take once it has completed (JobEdit, `can.overrideMatches`);
  // while a decision's re-run is under way the checkboxes wait for it.
  const decides = job.can.overrideMatches;
  const mayDecideLater = useCan('JobEdit') && !decides && job.status === 'Processing';
  return (
    <Stack spacing={2}>
      <DatapointFilterBar
        jobId={job.id}
        filters={filters}
        values={values}
        problems={problems}
        onChange={(id, value) => {
          setValues((current) => ({ ...current, [id]: value }));
          setSelected([]);
        }}
      />
      <CapabilitySelector />
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <ReviewToggle
          jobId={job.id}
          review={review}
          onChange={(next) => {
            setReview(next);
            setSelected([]);
          }}
        />
        {decides && (
          <ReviewActionsBar jobId={job.id} selected={selected} onDecided={() => setSelected([])} />
        )}
        {job.can.rescore && <PredictCardAcceptance jobId={job.id} />}
        {mayDecideLater && (
          <Typography variant="note">
            {t('The job is being matched again; matches can be decided once it has completed.')}
          </Typography>
        )}
      </Stack>
      <ServerDataGrid<SupplierResult>
        // The review queue sorts by weight: a grid of its own, with its own default order.
        key={review ? 'review' : 'all'}
        label={t('Suppliers')}
        // The job's completion brings re-matched rows: a new key reads them.
        queryKey={[...jobsQueryKeys.supplierList(job.id), review, job.completedAt]}
        columns={gridColumns}
        fetchPage={(request, signal) =>
          listJobSuppliers(job.id, request, signal, review ? 'candidates' : undefined)
        }
        filters={items}
        getRowId={(row) => row.supplierKey}
        initialSortModel={[
          review ? { field: 'matchWeight', sort: 'desc' } : { field: 'spend', sort: 'desc' },
        ]}
        secondaryOrderBy={review ? 'matchScore desc' : 'supplierKey'}
        {...(decides ? { selection: { rows: selected, onChange: setSelected } } : {})}
        onRowClick={({ row }, event) => {
          // A click on a row's checkbox chooses it; elsewhere it opens the supplier.
          if ((event.target as Element).closest('.MuiDataGrid-cellCheckbox')) return;
          void navigate(`/jobs/${job.id}/suppliers/${encodeURIComponent(row.supplierKey)}`);
        }}
      />
    </Stack>
  );
}

/** /jobs/:jobId/suppliers — the job's suppliers with match, confidence and the eight scores. */
export function SuppliersPage() {
  return <JobFrame>{(job) => <Suppliers job={job} />}</JobFrame>;
}
