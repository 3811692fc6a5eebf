import type { GlobalFilterOptions } from '@b2b/contract';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import { errorMessageOf } from '../../../lib/api-error';
import { CurrencyNote } from './currency-note';
import { CurrencySelect } from './currency-select';
import { formatJobCount } from './format';
import { DEFAULT_SLICE, useGlobalSummary } from '../api/get-global-summary';
import { useGlobalFilterOptions } from '../api/get-global-filter-options';
import type { GlobalFilter } from '../hooks/use-global-filter';
import { useT } from '../../../lib/i18n';

type Option = { id: string; label: string };

function IdPicker(props: {
  label: string;
  options: Option[];
  selected: string[];
  loading: boolean;
  onChange: (ids: string[]) => void;
}) {
  const t = useT();
  const byId = new Map(props.options.map((o) => [o.id, o]));
  // A selected id missing from the options (another issuer's, or gone) still shows, by its id.
  const value = props.selected.map((id) => byId.get(id) ?? { id, label: id });
  return (
    <Autocomplete
      multiple
      disableCloseOnSelect
      size="small"
      sx={{ minWidth: 0 }}
      options={props.options}
      loading={props.loading}
      value={value}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      getOptionLabel={(o) => o.label}
      getOptionKey={(o) => o.id}
      onChange={(_, selected) => props.onChange(selected.map((o) => o.id))}
      renderInput={(params) => (
        <TextField
          {...params}
          label={props.label}
          placeholder={value.length ? undefined : t('All')}
        />
      )}
    />
  );
}

/** Narrowing choices: each list offers only what the choices before it leave. */
function choices(options: GlobalFilterOptions | undefined, filter: GlobalFilter) {
  const issuers = (options?.issuers ?? []).map((i) => ({
    id: i.id,
    label: `${i.name} (${formatJobCount(i.jobCount)})`,
  }));
  const buyers = (options?.buyers ?? [])
    .filter((b) => filter.issuerIds.length === 0 || filter.issuerIds.includes(b.issuerId))
    .map((b) => ({ id: b.id, label: `${b.name} — ${b.issuerName}` }));
  const jobs = (options?.jobs ?? [])
    .filter((j) => filter.issuerIds.length === 0 || filter.issuerIds.includes(j.issuerId))
    .filter((j) => filter.buyerIds.length === 0 || filter.buyerIds.includes(j.buyerId))
    .map((j) => ({ id: j.id, label: `${j.name} (${j.buyerName})` }));
  return { issuers, buyers, jobs };
}

/**
 * Issuer, buyer and job multi-selects; every chosen filter applies (and). Then the currency, when
 * the filtered jobs have more than one, and what the figures are in and leave out.
 */
export function GlobalFilterBar({
  filter,
  onChange,
}: {
  filter: GlobalFilter;
  onChange: (filter: GlobalFilter) => void;
}) {
  const t = useT();
  const options = useGlobalFilterOptions();
  const { issuers, buyers, jobs } = choices(options.data, filter);
  const loading = options.isPending;
  const any =
    filter.issuerIds.length + filter.buyerIds.length + filter.jobIds.length > 0 ||
    !!filter.currency;
  const summary = useGlobalSummary(filter, DEFAULT_SLICE).data;
  const currencies = [...(summary?.currencies ?? [])];
  // A chosen currency none of the filtered jobs has stays offered, so it can be changed back.
  if (summary?.currency && !currencies.some((c) => c.currency === summary.currency)) {
    currencies.push({ currency: summary.currency, jobs: 0 });
  }
  return (
    <Paper variant="panel" component="section" aria-label={t('Filters')}>
      {/* A grid, so the currency select and Clear take their own width and the three pickers
          share the rest instead of pushing them out of the card. */}
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          alignItems: 'center',
          gridTemplateColumns: { xs: '1fr', md: 'repeat(3, minmax(0, 1fr)) auto auto' },
        }}
      >
        <IdPicker
          label={t('Issuers')}
          options={issuers}
          selected={filter.issuerIds}
          loading={loading}
          onChange={(issuerIds) => onChange({ ...filter, issuerIds })}
        />
        <IdPicker
          label={t('Buyers')}
          options={buyers}
          selected={filter.buyerIds}
          loading={loading}
          onChange={(buyerIds) => onChange({ ...filter, buyerIds })}
        />
        <IdPicker
          label={t('Jobs')}
          options={jobs}
          selected={filter.jobIds}
          loading={loading}
          onChange={(jobIds) => onChange({ ...filter, jobIds })}
        />
        {summary?.currency && currencies.length > 1 && (
          <CurrencySelect
            currencies={currencies}
            value={summary.currency}
            onChange={(currency) => onChange({ ...filter, currency })}
          />
        )}
        <Button
          disabled={!any}
          onClick={() => onChange({ issuerIds: [], buyerIds: [], jobIds: [] })}
        >
          {t('Clear')}
        </Button>
      </Box>
      {summary && <CurrencyNote summary={summary} />}
      {options.isError && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {errorMessageOf(options.error)}
        </Alert>
      )}
    </Paper>
  );
}
