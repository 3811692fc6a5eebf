import type { FilterItem, VendorSearchHit } from '@b2b/contract';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { ServerDataGrid } from '../../../components/data-grid';
import { searchVendors } from '../api/search-vendors';
import { vendorsQueryKeys } from '../api/vendors-query-keys';
import { tKey, useT } from '../../../lib/i18n';
import type { Translate } from '../../../lib/i18n/i18n';

const yesNo = (value: boolean | null, t: Translate) =>
  value === null ? '—' : value ? t('Yes') : t('No');

const FLAG_COLUMN_NAMES = {
  acceptsCard: tKey('Card'),
  acceptsVirtualCard: tKey('Virtual card'),
  stpEnrolled: tKey('STP'),
};

const columns = (t: Translate): GridColDef<VendorSearchHit>[] => [
  {
    field: 'merchantName',
    headerName: t('Merchant'),
    flex: 1,
    minWidth: 220,
    filterable: false,
    renderCell: ({ row }) => (
      <Link
        component={RouterLink}
        to={`/vendors/${encodeURIComponent(row.merchantId)}`}
        onClick={(event) => event.stopPropagation()}
      >
        {row.merchantName}
      </Link>
    ),
  },
  {
    field: 'entityRecordCount',
    headerName: t('Listed'),
    description: t(
      'How many records of the card data are this same business: another feed, another letter case, a descriptor cut short or another site. The detail lists them.',
    ),
    width: 90,
    sortable: false,
    filterable: false,
    valueFormatter: (value: number) =>
      value === 1 ? t('once') : t('{{count}} times', { count: value }),
  },
  { field: 'dbaName', headerName: t('Trading as'), width: 180, sortable: false, filterable: false },
  { field: 'city', headerName: t('City'), width: 130, sortable: false, filterable: false },
  { field: 'postcode', headerName: t('Postcode'), width: 110, filterable: false },
  { field: 'country', headerName: t('Country'), width: 90, filterable: false },
  { field: 'mcc', headerName: t('MCC'), width: 80, filterable: false },
  ...(['acceptsCard', 'acceptsVirtualCard', 'stpEnrolled'] as const).map(
    (field): GridColDef<VendorSearchHit> => ({
      field,
      headerName: t(FLAG_COLUMN_NAMES[field]),
      width: 105,
      sortable: false,
      filterable: false,
      valueFormatter: (value: boolean | null) => yesNo(value, t),
    }),
  ),
  {
    field: 'nameSimilarity',
    headerName: t('Name match'),
    type: 'number',
    width: 110,
    filterable: false,
    valueFormatter: (value: number | null) =>
      value === null ? '—' : `${Math.round(value * 100)}%`,
  },
];

type Flag = 'acceptsCard' | 'acceptsVirtualCard' | 'stpEnrolled';
const FLAGS: { flag: Flag; label: string }[] = [
  { flag: 'acceptsCard', label: tKey('Accepts card') },
  { flag: 'acceptsVirtualCard', label: tKey('Accepts virtual card') },
  { flag: 'stpEnrolled', label: tKey('STP enrolled') },
];

const filter = (
  propertyName: string,
  comparisonOperator: FilterItem['comparisonOperator'],
  value: FilterItem['value'],
): FilterItem => ({ propertyName, comparisonOperator, value, allowNullValue: false });

/** /vendors — search the card-acceptance reference data (VendorsSearchView). */
export function VendorSearchPage() {
  const t = useT();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [country, setCountry] = useState('');
  const [postcode, setPostcode] = useState('');
  const [mcc, setMcc] = useState('');
  const [flags, setFlags] = useState<Partial<Record<Flag, boolean>>>({});
  const gridColumns = useMemo(() => columns(t), [t]);
  const filters = useMemo(() => {
    const criteria = { name, country, postcode, mcc, flags };
    const out: FilterItem[] = [];
    if (criteria.name.trim()) out.push(filter('name', 'Contains', criteria.name.trim()));
    if (criteria.country.trim()) out.push(filter('country', 'Equal', criteria.country.trim()));
    if (criteria.postcode.trim())
      out.push(filter('postcode', 'StartsWith', criteria.postcode.trim()));
    if (criteria.mcc.trim()) out.push(filter('mcc', 'Equal', criteria.mcc.trim()));
    for (const { flag } of FLAGS) {
      const value = criteria.flags[flag];
      if (value !== undefined) out.push(filter(flag, 'Equal', value));
    }
    return out;
  }, [name, country, postcode, mcc, flags]);

  return (
    <Stack spacing={2}>
      <Paper variant="panel" component="section" aria-label={t('Search')}>
        {/* Top-aligned: the name's two-line hint would lift its field above the others. */}
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}>
          <TextField
            size="small"
            label={t('Name')}
            value={name}
            onChange={(e) => setName(e.target.value)}
            helperText={t('Typos and legal forms (Ltd, GmbH…) do not matter')}
            sx={{ width: 280 }}
          />
          <TextField
            size="small"
            label={t('Country')}
            value={country}
            onChange={(e) => setCountry(e.target.value)}
            helperText={t('ISO3, e.g. GBR')}
            slotProps={{ htmlInput: { maxLength: 3 } }}
            sx={{ width: 110 }}
          />
          <TextField
            size="small"
            label={t('Postcode')}
            value={postcode}
            onChange={(e) => setPostcode(e.target.value)}
            helperText={t('Starts with')}
            sx={{ width: 130 }}
          />
          <TextField
            size="small"
            label={t('MCC')}
            value={mcc}
            onChange={(e) => setMcc(e.target.value)}
            helperText={t('4 digits')}
            slotProps={{ htmlInput: { maxLength: 4 } }}
            sx={{ width: 100 }}
          />
          {FLAGS.map(({ flag, label }) => (
            <Stack key={flag}>
              <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                {t(label)}
              </Typography>
              <ToggleButtonGroup
                size="small"
                exclusive
                aria-label={t(label)}
                value={flags[flag] === undefined ? 'any' : flags[flag] ? 'yes' : 'no'}
                onChange={(_, next: string | null) =>
                  setFlags((current) => ({
                    ...current,
                    [flag]: next === 'yes' ? true : next === 'no' ? false : undefined,
                  }))
                }
              >
                <ToggleButton value="any">{t('Any')}</ToggleButton>
                <ToggleButton value="yes">{t('Yes')}</ToggleButton>
                <ToggleButton value="no">{t('No')}</ToggleButton>
              </ToggleButtonGroup>
            </Stack>
          ))}
        </Stack>
      </Paper>
      <ServerDataGrid<VendorSearchHit>
        label={t('Vendors')}
        queryKey={vendorsQueryKeys.search}
        columns={gridColumns}

        fetchPage={searchVendors}
        filters={filters}
        getRowId={(row) => row.merchantId}
        onRowClick={({ row }) => void navigate(`/vendors/${encodeURIComponent(row.merchantId)}`)}
      />
    </Stack>
  );
}
