import Autocomplete from '@mui/material/Autocomplete';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useDatapointProfiles } from '../api/list-datapoint-profiles';
import { useIssuerCatalogues } from '../api/issuer-catalogues';
import { tKey, useT } from '../../../lib/i18n';

export type IssuerFormValues = {
  name: string;
  issuerKey: string;
  scheme: 'Visa' | 'Mastercard' | 'Unknown';
  language: string;
  currency: string;
  fallbackCountryIso3: string;
  capabilities: string[];
  virtualLockboxes: ('Boost' | 'BoostEu' | 'Its')[];
  inputDataOptions: ('CsvFileUpload' | 'SendUploadLink' | 'MergeLink' | 'MergeMagicLink')[];
  sendMagicLinks: boolean;
  brandingId: string | null;
  analysisDataDownloadDatapointProfileId: string | null;
  matchedDataOnlyDownloadDatapointProfileId: string | null;
  onboardingDataDownloadDatapointProfileId: string | null;
  issuerKeyAliases: string[];
  issuerEmailDomains: string[];
};

export const EMPTY_ISSUER: IssuerFormValues = {
  name: '',
  issuerKey: '',
  scheme: 'Unknown',
  language: 'en',
  currency: '',
  fallbackCountryIso3: '',
  capabilities: [],
  virtualLockboxes: [],
  inputDataOptions: ['CsvFileUpload'],
  sendMagicLinks: false,
  brandingId: null,
  analysisDataDownloadDatapointProfileId: null,
  matchedDataOnlyDownloadDatapointProfileId: null,
  onboardingDataDownloadDatapointProfileId: null,
  issuerKeyAliases: [],
  issuerEmailDomains: [],
};

/** The issuer's three data downloads, each naming the datapoint profile (columns) it uses. */
const DATAPOINT_PROFILE_SELECTS = [
  ['analysisDataDownloadDatapointProfileId', tKey('Analysis data download profile')],
  ['matchedDataOnlyDownloadDatapointProfileId', tKey('Matched data only download profile')],
  ['onboardingDataDownloadDatapointProfileId', tKey('Onboarding data download profile')],
] as const satisfies readonly (readonly [keyof IssuerFormValues, string])[];

const INPUT_OPTIONS = ['CsvFileUpload', 'SendUploadLink', 'MergeLink', 'MergeMagicLink'] as const;

export type IssuerFormProps = {
  values: IssuerFormValues;
  onChange: (values: IssuerFormValues) => void;
  /** Server field errors by field name (`body.currency` → `currency`). */
  errors: Record<string, string>;
  disabled?: boolean;
  /** Key aliases, e-mail domains and input options are edited once the issuer exists. */
  mode: 'create' | 'edit';
};

/** Every field of the issuer create payload, and on edit its aliases, domains and inputs. */
export function IssuerForm({ values, onChange, errors, disabled, mode }: IssuerFormProps) {
  const t = useT();
  const { data: catalogues } = useIssuerCatalogues();
  const { data: profiles, error: profilesError } = useDatapointProfiles();
  const set = <K extends keyof IssuerFormValues>(key: K, value: IssuerFormValues[K]) =>
    onChange({ ...values, [key]: value });
  const text = (key: keyof IssuerFormValues, label: string, extra: object = {}) => (
    <TextField
      label={label}
      value={(values[key] as string | null) ?? ''}
      onChange={(e) => set(key, (e.target.value || (key.endsWith('Id') ? null : '')) as never)}
      error={!!errors[key]}
      helperText={errors[key]}
      disabled={disabled}
      fullWidth
      {...extra}
    />
  );
  const multi = <K extends 'capabilities' | 'virtualLockboxes' | 'inputDataOptions'>(
    key: K,
    label: string,
    options: { value: string; label: string }[],
  ) => (
    <Autocomplete
      multiple
      options={options.map((o) => o.value)}
      getOptionLabel={(v) => options.find((o) => o.value === v)?.label ?? v}
      value={values[key] as string[]}
      onChange={(_, v) => set(key, v as IssuerFormValues[K])}
      disabled={disabled}
      renderInput={(params) => (
        <TextField {...params} label={label} error={!!errors[key]} helperText={errors[key]} />
      )}
    />
  );
  const freeList = (key: 'issuerKeyAliases' | 'issuerEmailDomains', label: string) => (
    <Autocomplete
      multiple
      freeSolo
      options={[]}
      value={values[key]}
      onChange={(_, v) => set(key, v.map((s) => s.trim()).filter(Boolean))}
      disabled={disabled}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          error={Object.keys(errors).some((k) => k.startsWith(key))}
          helperText={
            Object.entries(errors).find(([k]) => k.startsWith(key))?.[1] ?? t('Press Enter to add')
          }
        />
      )}
    />
  );

  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, md: 6 }}>{text('name', t('Name'), { required: true })}</Grid>
      <Grid size={{ xs: 12, md: 6 }}>{text('issuerKey', t('Issuer key'), { required: true })}</Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        {text('scheme', t('Scheme'), {
          select: true,
          children: ['Visa', 'Mastercard', 'Unknown'].map((s) => (
            <MenuItem key={s} value={s}>
              {s}
            </MenuItem>
          )),
        })}
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        {text('language', t('Language'), {
          select: true,
          children: (catalogues?.languages ?? [{ key: 'en', name: 'English' }]).map((l) => (
            <MenuItem key={l.key} value={l.key}>
              {l.name}
            </MenuItem>
          )),
        })}
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        {text('brandingId', t('Branding'), {
          select: true,
          children: [
            <MenuItem key="none" value="">
              {t('None')}
            </MenuItem>,
            ...(catalogues?.brandings ?? []).map((b) => (
              <MenuItem key={b.brandingId} value={b.brandingId}>
                {b.brandingDisplayName}
              </MenuItem>
            )),
          ],
        })}
      </Grid>
      <Grid size={{ xs: 6, md: 3 }}>
        {text('currency', t('Currency (ISO 4217)'), {
          required: true,
          slotProps: { htmlInput: { maxLength: 3 } },
        })}
      </Grid>
      <Grid size={{ xs: 6, md: 3 }}>
        {text('fallbackCountryIso3', t('Fallback country (ISO 3166 alpha-3)'), {
          required: true,
          slotProps: { htmlInput: { maxLength: 3 } },
        })}
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <FormControlLabel
          control={
            <Checkbox
              checked={values.sendMagicLinks}
              onChange={(e) => set('sendMagicLinks', e.target.checked)}
              disabled={disabled}
            />
          }
          label={t('Send magic links')}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        {multi(
          'capabilities',
          t('Capabilities'),
          (catalogues?.capabilities ?? []).map((c) => ({ value: c.id, label: c.name })),
        )}
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        {multi(
          'virtualLockboxes',
          t('Virtual lockboxes'),
          (catalogues?.lockboxes ?? []).map((l) => ({ value: l.key, label: l.label })),
        )}
      </Grid>
      {DATAPOINT_PROFILE_SELECTS.map(([key, label]) => (
        <Grid key={key} size={{ xs: 12, md: 4 }}>
          {text(key, t(label), {
            select: true,
            // 'None' is a choice: shown, not an empty box under the label.
            slotProps: { select: { displayEmpty: true }, inputLabel: { shrink: true } },
            // Without the profiles the select cannot offer choices: say why under it.
            ...(profilesError && !errors[key]
              ? { helperText: t('Datapoint profiles could not be loaded') }
              : {}),
            children: [
              <MenuItem key="none" value="">
                {t('None')}
              </MenuItem>,
              ...(profiles ?? []).map((p) => (
                <MenuItem key={p.id} value={p.id} title={p.description}>
                  {p.name}
                </MenuItem>
              )),
              // A stored id the list does not (yet) hold stays selectable instead of blank.
              ...(values[key] && !profiles?.some((p) => p.id === values[key])
                ? [
                    <MenuItem key={values[key]} value={values[key]!}>
                      {profiles ? t('Unknown profile') : t('Loading…')}
                    </MenuItem>,
                  ]
                : []),
            ],
          })}
        </Grid>
      ))}
      {mode === 'edit' && (
        <>
          <Grid size={{ xs: 12, md: 4 }}>
            {multi(
              'inputDataOptions',
              t('Input data options'),
              INPUT_OPTIONS.map((o) => ({ value: o, label: o })),
            )}
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>{freeList('issuerKeyAliases', t('Key aliases'))}</Grid>
          <Grid size={{ xs: 12, md: 4 }}>
            {freeList('issuerEmailDomains', t('E-mail domains'))}
          </Grid>
        </>
      )}
    </Grid>
  );
}
