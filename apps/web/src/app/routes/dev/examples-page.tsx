import NotificationsIcon from '@mui/icons-material/Notifications';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo, useRef, useState } from 'react';
import { z } from 'zod';
import { pageRows, ServerDataGrid } from '../../../components/data-grid';
import {
  CountBadge,
  useCopyToClipboard,
  useNotify,
} from '../../../components/feedback/notifications';
import {
  AsyncButton,
  FileUploadField,
  FormDialog,
  type FormDialogField,
} from '../../../components/forms';
import { ApiError } from '../../../lib/api-error';
import { Section } from '../../../components/layout/section';
import { useT } from '../../../lib/i18n';
import type { Translate } from '../../../lib/i18n/i18n';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The example job form, in the UI's language (FormDialog shows labels and messages as given). */
const jobSchemaOf = (t: Translate) =>
  z.object({
    name: z.string().trim().min(3, t('Job name must be at least 3 characters')),
    currency: z
      .string()
      .nullable()
      .refine((value) => value !== null, t('Choose a currency')),
    type: z.enum(['base', 'matched-data-only', 'advanced'], { error: t('Choose a job type') }),
    confirmed: z.boolean().refine((value) => value, t('Please confirm before creating the job')),
    files: z.array(z.instanceof(File)).min(1, t('Choose a spend file')),
  });
type JobSchema = ReturnType<typeof jobSchemaOf>;
type JobValues = z.input<JobSchema>;

const jobFieldsOf = (t: Translate): FormDialogField<JobValues>[] => [
  { type: 'TextField', name: 'name', label: t('Job name'), required: true },
  {
    type: 'Autocomplete',
    name: 'currency',
    label: t('Currency'),
    required: true,
    options: ['GBP', 'EUR', 'USD'].map((code) => ({ value: code, label: code })),
  },
  {
    type: 'RadioGroup',
    name: 'type',
    label: t('Job type'),
    required: true,
    row: true,
    options: [
      { value: 'base', label: t('Summary Upload') },
      { value: 'matched-data-only', label: t('Matched Data Only Upload') },
      { value: 'advanced', label: t('Consultant Upload') },
    ],
  },
  { type: 'Checkbox', name: 'confirmed', label: t('I confirm the data may be processed') },
  { type: 'FileUpload', name: 'files', label: t('Spend file'), accept: '.csv,.xlsx' },
];
const jobDefaults = { name: '', currency: null, type: undefined, confirmed: false, files: [] };

type Supplier = { id: number; name: string; country: string; spend: number; invoices: number };
const COUNTRIES = ['GBR', 'FRA', 'DEU', 'USA', 'ESP'];
const SUPPLIERS: Supplier[] = Array.from({ length: 137 }, (_, i) => ({
  id: i + 1,
  name: `Supplier ${String(i + 1).padStart(3, '0')}`, // example data, not UI text
  country: COUNTRIES[i % COUNTRIES.length] ?? 'GBR',
  spend: ((i * 7919) % 100_000) + 500,
  invoices: (i * 31) % 400,
}));
const supplierColumnsOf = (t: Translate): GridColDef<Supplier>[] => [
  { field: 'name', headerName: t('Name'), flex: 1, minWidth: 160 },
  { field: 'country', headerName: t('Country'), width: 120 },
  { field: 'spend', headerName: t('Spend'), type: 'number', width: 140 },
  { field: 'invoices', headerName: t('Invoices'), type: 'number', width: 120 },
];

/** Answers like a paged list endpoint would, a little slowly, from the rows above. */
async function fetchSuppliers(request: Parameters<typeof pageRows>[1]) {
  await wait(300);
  return pageRows(SUPPLIERS, request);
}

/** /dev/examples: the shared UI pieces of every screen, to try by hand and in browser tests. */
export function ExamplesPage() {
  const t = useT();
  const jobSchema = useMemo(() => jobSchemaOf(t), [t]);
  const jobFields = useMemo(() => jobFieldsOf(t), [t]);
  const supplierColumns = useMemo(() => supplierColumnsOf(t), [t]);
  const notify = useNotify();
  const copy = useCopyToClipboard();
  const [dialogOpen, setDialogOpen] = useState(false);
  const [attempts, setAttempts] = useState(0);
  const failedOnce = useRef(false);
  const [submitted, setSubmitted] = useState<string | null>(null);
  const [singleFiles, setSingleFiles] = useState<File[]>([]);
  const [manyFiles, setManyFiles] = useState<File[]>([]);
  const [runs, setRuns] = useState(0);

  async function submitJob(values: z.output<JobSchema>) {
    setAttempts((count) => count + 1);
    await wait(1000);
    if (!failedOnce.current) {
      failedOnce.current = true;
      throw new ApiError(409, t('A job with this name already exists (example: submit again).'));
    }
    setSubmitted(
      t('{{name}}, {{currency}}, {{type}}, {{count}} file', {
        name: values.name,
        currency: values.currency,
        type: values.type,
        count: values.files.length,
      }),
    );
    notify.success(t('Job {{name}} created', { name: values.name }));
  }

  return (
    <Stack spacing={3}>
      <Section title={t('Form dialog')}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Button variant="contained" onClick={() => setDialogOpen(true)}>
            {t('Open form dialog')}
          </Button>
          <Typography role="status">
            {t('Submit attempts: {{count}}', { count: attempts })}
          </Typography>
          {submitted && (
            <Typography>{t('Last submitted: {{values}}', { values: submitted })}</Typography>
          )}
        </Stack>
        <FormDialog
          open={dialogOpen}
          title={t('Create example job')}
          description={t('The first submit fails like a server would; the second succeeds.')}
          fields={jobFields}
          schema={jobSchema}
          defaultValues={jobDefaults}
          onSubmit={submitJob}
          onClose={() => setDialogOpen(false)}
        />
      </Section>

      <Section title={t('File upload field')}>
        <FileUploadField
          label={t('Single file example')}
          value={singleFiles}
          onChange={setSingleFiles}
          accept=".csv"
        />
        <FileUploadField
          label={t('Several files example')}
          value={manyFiles}
          onChange={setManyFiles}
          multiple
        />
      </Section>

      <Section title={t('Async button')}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <AsyncButton
            variant="outlined"
            onClick={async () => {
              await wait(1000);
              setRuns((count) => count + 1);
            }}
          >
            {t('Run slow action')}
          </AsyncButton>
          <Typography role="status">{t('Runs finished: {{count}}', { count: runs })}</Typography>
        </Stack>
      </Section>

      <Section title={t('Server data grid')}>
        <ServerDataGrid<Supplier>
          queryKey={['dev', 'examples', 'suppliers']}
          label={t('Example suppliers')}
          columns={supplierColumns}
          fetchPage={fetchSuppliers}
          initialSortModel={[{ field: 'name', sort: 'asc' }]}
          secondaryOrderBy="id"
        />
      </Section>

      <Section title={t('Notifications and badges')}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Button onClick={() => notify.success(t('Saved successfully'))}>
            {t('Show success')}
          </Button>
          <Button onClick={() => notify.warning(t('Data is being recalculated'))}>
            {t('Show warning')}
          </Button>
          <Button
            color="error"
            onClick={() =>
              notify.error(
                new ApiError(500, t('The example service did not answer.'), 'internal', [
                  { field: 'supplierKey', message: t('Unknown supplier') },
                ]),
                { operation: t('Load example data') },
              )
            }
          >
            {t('Show error')}
          </Button>
          <Button onClick={() => void copy(t('Example text'))}>{t('Copy example text')}</Button>
          <CountBadge count={7} label={t('Unread notifications')}>
            <NotificationsIcon />
          </CountBadge>
          <CountBadge count={150} label={t('Queued commands')}>
            <NotificationsIcon />
          </CountBadge>
        </Stack>
      </Section>
    </Stack>
  );
}
