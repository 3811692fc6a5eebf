import type { JobDetails, JobType } from '@b2b/contract';
import Add from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { z } from 'zod';
import { useNotify } from '../../../../components/feedback/notifications';
import { FormDialog } from '../../../../components/forms';
import { errorMessageOf } from '../../../../lib/api-error';
import { useT } from '../../../../lib/i18n';
import { PermissionGuard } from '../../../../lib/permissions';
import { useCreateJob } from '../../api/create-job-artifact';
import { useCreateWizardBuyer } from '../../api/create-wizard-buyer';
import { useUpdateJobSetup } from '../../api/update-job-wizard';
import { useWizardIssuers } from '../../api/list-wizard-issuers';

/** A new buyer's fields; built per language, since zod shows its messages as given. */
const newBuyerSchema = (t: ReturnType<typeof useT>) =>
  z.object({
    name: z.string().trim().min(1, t('Enter the buyer’s name.')).max(200),
    countryIso3: z
      .string()
      .trim()
      .regex(/^([A-Za-z]{3})?$/, t('Enter a 3-letter country code, or leave it empty.')),
  });

export type SetupStepProps = {
  type: JobType;
  /** The job once created; the issuer is then fixed, the rest can still change. */
  job: JobDetails | undefined;
  /** After the job was created or its setup saved. */
  onDone: (job: JobDetails) => void;
};

/** Step 1: issuer, buyer (or a new one, Buyer_CREATE), name and currency; creates the job. */
export function SetupStep({ type, job, onDone }: SetupStepProps) {
  const t = useT();
  const issuers = useWizardIssuers();
  const createJob = useCreateJob();
  const updateJob = useUpdateJobSetup(job?.id ?? '');
  const createBuyer = useCreateWizardBuyer();
  const notify = useNotify();
  const [issuerId, setIssuerId] = useState(job?.issuerId ?? '');
  const [buyerId, setBuyerId] = useState(job?.buyerId ?? '');
  const [name, setName] = useState(job?.name ?? '');
  const [currency, setCurrency] = useState(job?.currency ?? '');
  const [buyerDialog, setBuyerDialog] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const pending = createJob.isPending || updateJob.isPending;

  if (issuers.isError) return <Alert severity="error">{errorMessageOf(issuers.error)}</Alert>;
  if (!issuers.data) return <LinearProgress aria-label={t('Loading issuers')} />;
  const issuerList = issuers.data;
  if (issuerList.length === 0)
    return (
      <Alert severity="warning">
        {t('You are not a member of an issuer you can create jobs for.')}
      </Alert>
    );
  const issuer = issuerList.find((i) => i.id === issuerId);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!issuerId || !buyerId || !name.trim() || !/^[A-Za-z]{3}$/.test(currency.trim())) {
      setError(t('Choose an issuer and a buyer, name the job and give a 3-letter currency code.'));
      return;
    }
    const done = { onSuccess: onDone, onError: (e: unknown) => setError(errorMessageOf(e)) };
    if (job) updateJob.mutate({ name: name.trim(), currency: currency.trim(), buyerId }, done);
    else
      createJob.mutate(
        { type, issuerId, buyerId, name: name.trim(), currency: currency.trim() },
        done,
      );
  };

  return (
    <Stack component="form" spacing={2} sx={{ maxWidth: 560 }} onSubmit={submit} noValidate>
      {error && <Alert severity="error">{error}</Alert>}
      <TextField
        select
        required
        label={t('Issuer')}
        value={issuerId}
        disabled={!!job}
        onChange={(event) => {
          const next = issuerList.find((i) => i.id === event.target.value);
          setIssuerId(event.target.value);
          setBuyerId('');
          if (next && !currency) setCurrency(next.currency);
        }}
      >
        {/* SPEC §3 input data options: this wizard uploads files or connects an accounting
            system (MergeLink), so an issuer that takes neither is shown but cannot be chosen (the
            server refuses its uploads too). */}
        {issuerList.map((i) => {
          const takesData =
            i.inputDataOptions.includes('CsvFileUpload') ||
            i.inputDataOptions.includes('MergeLink');
          return (
            <MenuItem key={i.id} value={i.id} disabled={!takesData}>
              {takesData ? i.name : t('{{issuer}} (takes no file uploads)', { issuer: i.name })}
            </MenuItem>
          );
        })}
      </TextField>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <TextField
          select
          required
          fullWidth
          label={t('Buyer')}
          value={buyerId}
          disabled={!issuer}
          onChange={(event) => setBuyerId(event.target.value)}
          helperText={
            issuer && issuer.buyers.length === 0
              ? t('This issuer has no buyers yet: create one.')
              : undefined
          }
        >
          {(issuer?.buyers ?? []).map((b) => (
            <MenuItem key={b.id} value={b.id}>
              {b.name}
            </MenuItem>
          ))}
        </TextField>
        <PermissionGuard permissions="Buyer_CREATE">
          <Button
            startIcon={<Add />}
            disabled={!issuer}
            onClick={() => setBuyerDialog(true)}
            sx={{ mt: 1, flexShrink: 0 }}
          >
            {t('New buyer')}
          </Button>
        </PermissionGuard>
      </Stack>
      <TextField
        required
        label={t('Job name')}
        value={name}
        onChange={(event) => setName(event.target.value)}
        slotProps={{ htmlInput: { maxLength: 200 } }}
      />
      <TextField
        required
        label={t('Currency')}
        value={currency}
        onChange={(event) => setCurrency(event.target.value.toUpperCase())}
        helperText={t('3-letter code, e.g. GBP')}
        slotProps={{ htmlInput: { maxLength: 3 } }}
        sx={{ maxWidth: 200 }}
      />
      <Stack direction="row">
        <Button type="submit" variant="contained" loading={pending}>
          {job ? t('Save and continue') : t('Create job')}
        </Button>
      </Stack>
      <FormDialog
        open={buyerDialog}
        title={t('New buyer')}
        description={
          issuer ? t('The buyer is created for {{issuer}}.', { issuer: issuer.name }) : undefined
        }
        schema={newBuyerSchema(t)}
        defaultValues={{ name: '', countryIso3: '' }}
        fields={[
          { type: 'TextField', name: 'name', label: t('Buyer name'), required: true },
          {
            type: 'TextField',
            name: 'countryIso3',
            label: t('Country (ISO 3166 alpha-3)'),
            helperText: t('Optional, e.g. GBR'),
          },
        ]}
        submitLabel={t('Create buyer')}
        cancelLabel={t('Cancel')}
        onSubmit={async (values) => {
          const buyer = await createBuyer.mutateAsync({
            issuerId,
            name: values.name,
            countryIso3: values.countryIso3 || undefined,
          });
          setBuyerId(buyer.id);
          notify.success(t('Buyer {{name}} created', { name: buyer.name }));
        }}
        onClose={() => setBuyerDialog(false)}
      />
    </Stack>
  );
}
