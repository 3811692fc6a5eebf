import { CARD_PRODUCT_INFO, type BusinessCaseSupplierOption } from '@b2b/contract';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useBusinessCaseSuppliers } from '../api/search-business-case-suppliers';
import { money } from './format';
import { useT } from '../../../lib/i18n';

/** A chosen key not (yet) named by the server: shown as its key. */
const keyOnly = (supplierKey: string): BusinessCaseSupplierOption => ({
  supplierKey,
  supplierName: supplierKey,
  country: null,
  product: null,
  level: 'None',
  spend: 0,
});

/**
 * "Chosen suppliers" (SPEC §2 business-case-calculator, spend chosen by supplier selection):
 * search the job's suppliers by name, key or id and pick them; the keys are the source, saved
 * with the scenario. The chosen ones are named once by their keys (a saved scenario holds only
 * keys), then from the searches.
 */
export function SupplierPicker({
  jobId,
  currency,
  supplierKeys,
  error,
  onChange,
}: {
  jobId: string;
  currency: string;
  supplierKeys: string[];
  error?: string;
  onChange: (supplierKeys: string[]) => void;
}) {
  const t = useT();
  const [search, setSearch] = useState('');
  const found = useBusinessCaseSuppliers(jobId, { search });
  // Names of the chosen suppliers, from the searches and, for keys chosen elsewhere (a loaded
  // scenario holds only keys), from one look-up of those keys.
  const [names, setNames] = useState<ReadonlyMap<string, BusinessCaseSupplierOption>>(new Map());
  const unnamed = supplierKeys.filter((k) => !names.has(k));
  const named = useBusinessCaseSuppliers(jobId, { keys: unnamed }, unnamed.length > 0);
  const remember = (list: readonly BusinessCaseSupplierOption[]) =>
    setNames((m) => new Map([...m, ...list.map((s) => [s.supplierKey, s] as const)]));
  const looked = named.data?.suppliers;
  // One array while nothing changes: the Autocomplete clears its search on a new value.
  const value = useMemo(() => {
    const byKey = new Map(looked?.map((s) => [s.supplierKey, s]));
    return supplierKeys.map((k) => names.get(k) ?? byKey.get(k) ?? keyOnly(k));
  }, [supplierKeys, names, looked]);
  const chosen = { count: supplierKeys.length };
  const hint = found.data?.more
    ? t(
        '{{count}} chosen; every score level of theirs counts — more match: type more of the name',
        chosen,
      )
    : t('{{count}} chosen; every score level of theirs counts', chosen);

  return (
    <Autocomplete
      multiple
      sx={{ maxWidth: 640 }}
      options={found.data?.suppliers ?? []}
      value={value}
      loading={found.isFetching}
      filterOptions={(o) => o}
      filterSelectedOptions
      getOptionLabel={(o) => o.supplierName}
      isOptionEqualToValue={(a, b) => a.supplierKey === b.supplierKey}
      onInputChange={(_, text) => setSearch(text)}
      onChange={(_, chosen) => {
        // Only the newly picked come from a search, with their names.
        remember(chosen.filter((s) => !supplierKeys.includes(s.supplierKey)));
        onChange(chosen.map((s) => s.supplierKey));
      }}
      renderOption={({ key, ...props }, o) => (
        <Box component="li" key={key} {...props}>
          <Box>
            <Typography variant="body2">{o.supplierName}</Typography>
            <Typography variant="caption" color="text.secondary">
              {/* The product's name stays as the issuer calls it in every language (SPEC §9). */}
              {o.product
                ? t('{{product}} {{level}}', {
                    product: CARD_PRODUCT_INFO[o.product].name,
                    level: t(o.level),
                  })
                : t('No scored product')}
              {' · '}
              {t('{{amount}} a year', { amount: money(o.spend, currency) })}
              {o.country ? ` · ${o.country}` : ''}
            </Typography>
          </Box>
        </Box>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          size="small"
          label={t('Chosen suppliers')}
          placeholder={t('Search by name, key or id')}
          error={Boolean(error)}
          helperText={error ?? hint}
        />
      )}
    />
  );
}
