import { ADDRESS_COMPONENTS, type ParsedAddress, type ParsedAddressFile } from '@b2b/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import { useMemo, useState } from 'react';
import { Section } from '../../../components/layout/section';
import { errorMessageOf } from '../../../lib/api-error';
import { useParseAddress } from '../api/parse-address';
import { useParseAddressFile } from '../api/parse-address-file';
import { AddressComponentsFacts, COMPONENT_LABELS } from '../components/address-components-facts';
import { AddressFileForm } from '../components/address-file-form';
import { AddressFileRunStatus } from '../components/address-file-run-status';
import { DefaultCountrySelect, type ParserCountry } from '../components/country-select';
import { DownloadResultsButton } from '../components/download-results-button';
import { useT } from '../../../lib/i18n';
import { useGridLocaleText } from '../../../components/data-grid';
import type { Translate } from '../../../lib/i18n/i18n';

/** Which parser answered, said plainly: the model, the rules, or the rules after the model failed. */
function ParserNote({
  result,
}: {
  result: Pick<ParsedAddress, 'parser' | 'model' | 'fallbackReason'>;
}) {
  const t = useT();
  if (result.parser === 'model')
    return (
      <Alert severity="info">
        {t('Parsed by the configured model ({{model}}).', { model: result.model })}
      </Alert>
    );
  if (result.fallbackReason)
    return (
      <Alert severity="warning">
        {t('The model ({{model}}) failed: {{reason}}. Parsed by the offline rules.', {
          model: result.model,
          reason: result.fallbackReason,
        })}
      </Alert>
    );
  return <Alert severity="info">{t('Parsed by the offline rules.')}</Alert>;
}

function ParseOneSection() {
  const t = useT();
  const [address, setAddress] = useState('');
  const [country, setCountry] = useState<ParserCountry | ''>('');
  const parse = useParseAddress();
  return (
    <Section title={t('Parse an address')}>
      <Stack
        component="form"
        spacing={2}
        onSubmit={(e) => {
          e.preventDefault();
          parse.mutate({ address, ...(country ? { defaultCountry: country } : {}) });
        }}
      >
        <TextField
          label={t('Address')}
          multiline
          minRows={2}
          value={address}
          onChange={(e) => setAddress(e.target.value)}
          helperText={t('UK, US, German, French, Irish or Dutch; with or without commas')}
          slotProps={{ htmlInput: { maxLength: 500 } }}
        />
        <DefaultCountrySelect value={country} onChange={setCountry} />
        <Box>
          <Button
            type="submit"
            variant="contained"
            disabled={parse.isPending || address.trim() === ''}
          >
            {t('Parse')}
          </Button>
        </Box>
        {parse.error && <Alert severity="error">{errorMessageOf(parse.error)}</Alert>}
        {parse.data && (
          <Stack spacing={1.5} role="status">
            <ParserNote result={parse.data} />
            <AddressComponentsFacts
              components={parse.data.components}
              label={t('Address components')}
            />
          </Stack>
        )}
      </Stack>
    </Section>
  );
}

type FileRow = ParsedAddressFile['rows'][number];

const fileColumnsOf = (t: Translate): GridColDef<FileRow>[] => [
  { field: 'line', headerName: t('Line'), type: 'number', width: 70 },
  { field: 'address', headerName: t('Address'), flex: 2, minWidth: 220 },
  ...ADDRESS_COMPONENTS.map((c): GridColDef<FileRow> => ({
    field: c,
    headerName: t(COMPONENT_LABELS[c]),
    flex: 1,
    minWidth: c === 'country' ? 80 : 120,
    valueGetter: (_value, row) => row.components[c],
  })),
  { field: 'parser', headerName: t('Parser'), width: 90 },
];

function ParseFileSection() {
  const localeText = useGridLocaleText();
  const t = useT();
  const fileColumns = useMemo(() => fileColumnsOf(t), [t]);
  const [country, setCountry] = useState<ParserCountry | ''>('');
  const parse = useParseAddressFile();
  return (
    <Section title={t('Parse a file')}>
      <Stack spacing={2}>
        <AddressFileForm
          submitLabel={t('Parse file')}
          pending={parse.isPending}
          onSubmit={(file, column) =>
            parse.mutate({
              file,
              query: {
                ...(column ? { column } : {}),
                ...(country ? { defaultCountry: country } : {}),
              },
            })
          }
        >
          <DefaultCountrySelect value={country} onChange={setCountry} disabled={parse.isPending} />
        </AddressFileForm>
        {parse.error && <Alert severity="error">{errorMessageOf(parse.error)}</Alert>}
        {parse.data?.run && <AddressFileRunStatus key={parse.data.run.id} run={parse.data.run} />}
        {parse.data && !parse.data.run && (
          <Stack spacing={1.5}>
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
              <Typography role="status">
                {parse.data.column
                  ? t('{{count}} addresses parsed from {{fileName}} (column {{column}})', {
                      count: parse.data.rows.length,
                      fileName: parse.data.fileName,
                      column: parse.data.column,
                    })
                  : t('{{count}} addresses parsed from {{fileName}}', {
                      count: parse.data.rows.length,
                      fileName: parse.data.fileName,
                    })}
              </Typography>
              <DownloadResultsButton
                csv={parse.data.csv}
                fileName={parse.data.fileName}
                suffix="parsed"
              />
            </Stack>
            {parse.data.rows[0] && <ParserNote result={parse.data.rows[0]} />}
            <DataGrid
              localeText={localeText}
              aria-label={t('Parsed addresses')}
              rows={parse.data.rows}
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
 * /tools/ai-address-parser: free-text addresses split into building, street, locality, city,
 * region, postcode and country — one typed in, or a file of many with per-row results and a
 * CSV of them. The configured model answers when there is one, the offline rules otherwise.
 */
export function AddressParserPage() {
  return (
    <Stack spacing={3}>
      <ParseOneSection />
      <ParseFileSection />
    </Stack>
  );
}
