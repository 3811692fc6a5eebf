import type { FilterItem, JobDetails } from '@b2b/contract';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { DatapointFilterBar } from '../../../modules/jobs/components/datapoint-filter-bar';
import {
  allFilterItems,
  type DatapointFilterValue,
} from '../../../modules/jobs/components/datapoint-filters';
import { JobFrame } from '../../../modules/jobs/components/job-frame';
import { supplierFilters } from '../../../modules/jobs/pages/suppliers-page';
import { useT } from '../../../lib/i18n';
import { useCan } from '../../../lib/permissions';
import { UseCasePage } from '../../../modules/use-cases/pages/use-case-page';
import { UseCaseSupplierPage } from '../../../modules/use-cases/pages/use-case-supplier-page';
import { UseCasesPage } from '../../../modules/use-cases/pages/use-cases-page';
import { UseCasesReportPage } from '../../../modules/use-cases/pages/use-cases-report-page';
import { DownloadPdfButton } from '../../../modules/reports/components/download-pdf-button';

/*
 * The use-case pages composed with the jobs module: its job frame (tabs, status) and the
 * suppliers tab's datapoint filter widgets, which add lines to a use case's rule. A module
 * reaches another only through its api/, so the composition lives here (route-pages.ts).
 */

/** The suppliers tab's widgets; "Add to rule" appends their filters as rule lines. */
function SupplierFilterPicker({
  job,
  onAdd,
}: {
  job: JobDetails;
  onAdd: (items: FilterItem[]) => void;
}) {
  const t = useT();
  const seesScores = useCan('SupplierScores_VIEW');
  const filters = useMemo(() => supplierFilters(job, seesScores), [job, seesScores]);
  const [values, setValues] = useState<Record<string, DatapointFilterValue | undefined>>({});
  const { items, problems } = useMemo(() => allFilterItems(filters, values), [filters, values]);
  return (
    <Stack spacing={1}>
      <Typography variant="subtitle2" component="h3">
        {t('Add lines with the suppliers tab’s filters')}
      </Typography>
      <DatapointFilterBar
        jobId={job.id}
        filters={filters}
        values={values}
        problems={problems}
        onChange={(id, value) => setValues((current) => ({ ...current, [id]: value }))}
      />
      <div>
        <Button
          variant="outlined"
          disabled={items.length === 0}
          onClick={() => {
            onAdd(items);
            setValues({});
          }}
        >
          {items.length === 1
            ? t('Add to rule (1 line)')
            : t('Add to rule ({{count}} lines)', { count: items.length })}
        </Button>
      </div>
    </Stack>
  );
}

export function UseCasesRoute() {
  return (
    <JobFrame>
      {(job) => (
        <UseCasesPage
          job={job}
          filterPicker={(add) => <SupplierFilterPicker job={job} onAdd={add} />}
        />
      )}
    </JobFrame>
  );
}

export function UseCaseRoute() {
  return <JobFrame>{(job) => <UseCasePage job={job} />}</JobFrame>;
}

export function UseCaseSupplierRoute() {
  return <JobFrame>{(job) => <UseCaseSupplierPage job={job} />}</JobFrame>;
}

/** The report reads its campaign progress through the campaigns module's api. */
export function UseCasesReportRoute() {
  return (
    <JobFrame>
      {(job) => (
        <Stack spacing={2}>
          {/* The reports module prints the report's printable route to PDF. */}
          <DownloadPdfButton jobId={job.id} analysisReportType="use-cases" />
          <UseCasesReportPage job={job} />
        </Stack>
      )}
    </JobFrame>
  );
}
