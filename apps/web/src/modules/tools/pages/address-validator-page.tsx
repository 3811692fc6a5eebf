import type { AddressProblem, AddressValidationFile } from '@b2b/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import { useMemo, useState } from 'react';
import { Section } from '../../../components/layout/section';
import { errorMessageOf } from '../../../lib/api-error';
import { useValidateAddress } from '../api/validate-address';
import { useValidateAddressFile } from '../api/validate-address-file';
import { AddressComponentsFacts } from '../components/address-components-facts';
import { AddressFileForm } from '../components/address-file-form';
import { AddressFileRunStatus } from '../components/address-file-run-status';
import { DownloadResultsButton } from '../components/download-results-button';
import { translateServerMessage, useT } from '../../../lib/i18n';
import { useGridLocaleText } from '../../../components/data-grid';
import type { Translate } from '../../../lib/i18n/i18n';

function ValidChip({ valid }: { valid: boolean }) {
  const t = useT();
  return valid ? (
    <Chip size="small" color="success" label={t('Valid')} />
  ) : (
    <Chip size="small" color="error" label={t('Invalid')} />
  );
}

function ProblemList({ problems }: { problems: AddressProblem[] }) {
  const t = useT();
  if (problems.length === 0) return <Typography>{t('No problems found.')}</Typography>;
  return (
    <List dense aria-label={t('Problems')}>
      {problems.map((p) => (
        <ListItem key={p.code} disableGutters>
          <ListItemText
            primary={translateServerMessage(p.message)}
            secondary={`${p.severity === 'error' ? t('Error') : t('Warning')} · ${p.field}`}
          />
        </ListItem>
      ))}
    </List>
  );
}

function CheckOneSection() {
  const t = useT();
  const [address, setAddress] = useState('');
  const [country, setCountry] = useState('');
  const check = useValidateAddress();
  return (
    <Section title={t('Check an address')}>
      <Stack
        component="form"
        spacing={2}
        onSubmit={(e) => {
          e.preventDefault();
          check.mutate({ address, ...(country.trim() ? { country: country.trim() } : {}) });
        }}
      >
        <TextField
          label={t('Address')}
          multiline
          minRows={2}
          value={address}
          onChange={(e) => setAddress(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 500 } }}
        />
        <TextField
          size="small"
          label={t('Country code')}
          value={country}
          onChange={(e) => setCountry(e.target.value)}
          helperText={t('ISO 3166, e.g. GB or GBR; empty to tell it from the address')}
          sx={{ width: 320 }}
        />
        <Box>
          <Button type="submit" variant="contained" disabled={check.isPending || !address.trim()}>
            {t('Check')}
          </Button>
        </Box>
        {check.error && <Alert severity="error">{errorMessageOf(check.error)}</Alert>}
        {check.data && (
          <Stack spacing={1.5} role="status" aria-label={t('Check result')}>
            <Box>
              <ValidChip valid={check.data.valid} />
            </Box>
            <ProblemList problems={check.data.problems} />
            <AddressComponentsFacts
              components={check.data.components}
              label={t('Address components')}
            />
          </Stack>
        )}
      </Stack>
    </Section>
  );
}

type FileRow = AddressValidationFile['rows'][number];

const fileColumnsOf = (t: Translate): GridColDef<FileRow>[] => [
  { field: 'line', headerName: t('Line'), type: 'number', width: 70 },
  { field: 'address', headerName: t('Address'), flex: 2, minWidth: 220 },
  { field: 'country', headerName: t('Country'), width: 90 },
  {
    field: 'valid',
    headerName: t('Result'),
    width: 100,
    renderCell: ({ row }) => <ValidChip valid={row.valid} />,
  },
  {
    field: 'problems',
    headerName: t('Problems'),
    flex: 3,
    minWidth: 260,
    valueGetter: (_value, row) => row.problems.map((p) => p.message).join(' '),
  },
];

function CheckFileSection() {
  const localeText = useGridLocaleText();
  const t = useT();
  const fileColumns = useMemo(() => fileColumnsOf(t), [t]);
  const [countryColumn, setCountryColumn] = useState('');
  const [country, setCountry] = useState('');
  const check = useValidateAddressFile();
  return (
    <Section title={t('Check a file')}>
      <Stack spacing={2}>
        <AddressFileForm
          submitLabel={t('Check file')}
          pending={check.isPending}
          onSubmit={(file, column) =>
            check.mutate({
              file,
              query: {
                ...(column ? { column } : {}),
                ...(countryColumn.trim() ? { countryColumn: countryColumn.trim() } : {}),
                ...(country.trim() ? { country: country.trim() } : {}),
              },
            })
          }
        >
          <TextField
            size="small"
            label={t('Country column')}
            value={countryColumn}
            onChange={(e) => setCountryColumn(e.target.value)}
            helperText={t("A CSV column with each row's country (optional)")}
            sx={{ width: 280 }}
          />
          <TextField
            size="small"
            label={t('Country of every row')}
            value={country}
            onChange={(e) => setCountry(e.target.value)}
            helperText={t('ISO code for rows without a country column (optional)')}
            sx={{ width: 280 }}
          />
        </AddressFileForm>
        {check.error && <Alert severity="error">{errorMessageOf(check.error)}</Alert>}
        {check.data?.run && <AddressFileRunStatus key={check.data.run.id} run={check.data.run} />}
        {check.data && !check.data.run && (
          <Stack spacing={1.5}>
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
              <Typography role="status">
                {t('{{valid}} valid, {{invalid}} invalid in {{fileName}}', {
                  valid: check.data.validCount,
                  invalid: check.data.invalidCount,
                  fileName: check.data.fileName,
                })}
              </Typography>
              <DownloadResultsButton
                csv={check.data.csv}
                fileName={check.data.fileName}
                suffix="checked"
              />
            </Stack>
            <DataGrid
              localeText={localeText}
              aria-label={t('Checked addresses')}
              rows={check.data.rows}
              getRowId={(row) => row.line}
              columns={fileColumns}
              disableRowSelectionOnClick
              initialState={{ pagination: { paginationModel: { pageSize: 25 } } }}
              pageSizeOptions={[25, 100]}
              autoHeight
            />
          </Stack>
        )}
      </Stack>
    </Section>
  );
}

/**
 * /tools/address-validator (Address_Validator_VIEW): postcode formats per country, ISO country
 * codes, UK postcode areas and suspicious entries (blanks, placeholders, PO boxes), for one
 * address or a file, each problem with its reason.
 */
export function AddressValidatorPage() {
  return (
    <Stack spacing={3}>
      <CheckOneSection />
      <CheckFileSection />
    </Stack>
  );
}
