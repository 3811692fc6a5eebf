import NotificationsIcon from '@mui/icons-material/Notifications';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useRef, useState } from 'react';
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

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const jobSchema = z.object({
  name: z.string().trim().min(3, 'Job name must be at least 3 characters'),
  currency: z
    .string()
    .nullable()
    .refine((value) => value !== null, 'Choose a currency'),
  type: z.enum(['base', 'matched-data-only', 'advanced'], { error: 'Choose a job type' }),
  confirmed: z.boolean().refine((value) => value, 'Please confirm before creating the job'),
  files: z.array(z.instanceof(File)).min(1, 'Choose a spend file'),
});
type JobValues = z.input<typeof jobSchema>;

const jobFields: FormDialogField<JobValues>[] = [
  { type: 'TextField', name: 'name', label: 'Job name', required: true },
  {
    type: 'Autocomplete',
    name: 'currency',
    label: 'Currency',
    required: true,
    options: ['GBP', 'EUR', 'USD'].map((code) => ({ value: code, label: code })),
  },
  {
    type: 'RadioGroup',
    name: 'type',
    label: 'Job type',
    required: true,
    row: true,
    options: [
      { value: 'base', label: 'Summary Upload' },
      { value: 'matched-data-only', label: 'Matched Data Only Upload' },
      { value: 'advanced', label: 'Consultant Upload' },
    ],
  },
  { type: 'Checkbox', name: 'confirmed', label: 'I confirm the data may be processed' },
  { type: 'FileUpload', name: 'files', label: 'Spend file', accept: '.csv,.xlsx' },
];
const jobDefaults = { name: '', currency: null, type: undefined, confirmed: false, files: [] };

type Supplier = { id: number; name: string; country: string; spend: number; invoices: number };
const COUNTRIES = ['GBR', 'FRA', 'DEU', 'USA', 'ESP'];
const SUPPLIERS: Supplier[] = Array.from({ length: 137 }, (_, i) => ({
  id: i + 1,
  name: `Supplier ${String(i + 1).padStart(3, '0')}`,
  country: COUNTRIES[i % COUNTRIES.length] ?? 'GBR',
  spend: ((i * 7919) % 100_000) + 500,
  invoices: (i * 31) % 400,
}));
const supplierColumns: GridColDef<Supplier>[] = [
  { field: 'name', headerName: 'Name', flex: 1, minWidth: 160 },
  { field: 'country', headerName: 'Country', width: 120 },
  { field: 'spend', headerName: 'Spend', type: 'number', width: 140 },
  { field: 'invoices', headerName: 'Invoices', type: 'number', width: 120 },
];

/** Answers like a paged list endpoint would, a little slowly, from the rows above. */
async function fetchSuppliers(request: Parameters<typeof pageRows>[1]) {
  await wait(300);
  return pageRows(SUPPLIERS, request);
}

/** /dev/examples: the shared UI pieces of every screen, to try by hand and in browser tests. */
export function ExamplesPage() {
  const notify = useNotify();
  const copy = useCopyToClipboard();
  const [dialogOpen, setDialogOpen] = useState(false);
  const [attempts, setAttempts] = useState(0);
  const failedOnce = useRef(false);
  const [submitted, setSubmitted] = useState<string | null>(null);
  const [singleFiles, setSingleFiles] = useState<File[]>([]);
  const [manyFiles, setManyFiles] = useState<File[]>([]);
  const [runs, setRuns] = useState(0);

  async function submitJob(values: z.output<typeof jobSchema>) {
    setAttempts((count) => count + 1);
    await wait(1000);
    if (!failedOnce.current) {
      failedOnce.current = true;
      throw new ApiError(409, 'A job with this name already exists (example: submit again).');
    }
    setSubmitted(`${values.name}, ${values.currency}, ${values.type}, ${values.files.length} file`);
    notify.success(`Job ${values.name} created`);
  }

  return (
    <Stack spacing={3}>
      <Section title="Form dialog">
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Button variant="contained" onClick={() => setDialogOpen(true)}>
            Open form dialog
          </Button>
          <Typography role="status">Submit attempts: {attempts}</Typography>
          {submitted && <Typography>Last submitted: {submitted}</Typography>}
        </Stack>
        <FormDialog
          open={dialogOpen}
          title="Create example job"
          description="The first submit fails like a server would; the second succeeds."
          fields={jobFields}
          schema={jobSchema}
          defaultValues={jobDefaults}
          onSubmit={submitJob}
          onClose={() => setDialogOpen(false)}
        />
      </Section>

      <Section title="File upload field">
        <FileUploadField
          label="Single file example"
          value={singleFiles}
          onChange={setSingleFiles}
          accept=".csv"
        />
        <FileUploadField
          label="Several files example"
          value={manyFiles}
          onChange={setManyFiles}
          multiple
        />
      </Section>

      <Section title="Async button">
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <AsyncButton
            variant="outlined"
            onClick={async () => {
              await wait(1000);
              setRuns((count) => count + 1);
            }}
          >
            Run slow action
          </AsyncButton>
          <Typography role="status">Runs finished: {runs}</Typography>
        </Stack>
      </Section>

      <Section title="Server data grid">
        <ServerDataGrid<Supplier>
          queryKey={['dev', 'examples', 'suppliers']}
          label="Example suppliers"
          columns={supplierColumns}
          fetchPage={fetchSuppliers}
          initialSortModel={[{ field: 'name', sort: 'asc' }]}
          secondaryOrderBy="id"
        />
      </Section>

      <Section title="Notifications and badges">
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Button onClick={() => notify.success('Saved successfully')}>Show success</Button>
          <Button onClick={() => notify.warning('Data is being recalculated')}>Show warning</Button>
          <Button
            color="error"
            onClick={() =>
              notify.error(
                new ApiError(500, 'The example service did not answer.', 'internal', [
                  { field: 'supplierKey', message: 'Unknown supplier' },
                ]),
                { operation: 'Load example data' },
              )
            }
          >
            Show error
          </Button>
          <Button onClick={() => void copy('Example text')}>Copy example text</Button>
          <CountBadge count={7} label="Unread notifications">
            <NotificationsIcon />
          </CountBadge>
          <CountBadge count={150} label="Queued commands">
            <NotificationsIcon />
          </CountBadge>
        </Stack>
      </Section>
    </Stack>
  );
}
