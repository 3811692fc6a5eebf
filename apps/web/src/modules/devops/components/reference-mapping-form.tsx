import {
  ISO_3166_ALPHA3,
  REFERENCE_MERCHANT_FIELDS,
  REFERENCE_MERCHANT_FIELD_LABELS,
  type ReferenceMerchantMapping,
  type ReferenceUpload,
  type StartReferenceImport,
} from '@b2b/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ReferencePreviewTable } from './reference-preview-table';
import { useT } from '../../../lib/i18n';
import type { Translate } from '../../../lib/i18n/i18n';

const COUNTRIES = [...ISO_3166_ALPHA3].sort();

/** What the server will refuse, said before the user presses Start. */
function problemsOf(
  mapping: ReferenceMerchantMapping,
  defaultCountry: string,
  t: Translate,
): string[] {
  const problems: string[] = [];
  if (mapping.merchant_name === undefined) problems.push(t('Map a column to the merchant name.'));
  if (mapping.country === undefined && !defaultCountry)
    problems.push(t('Map a column to the country, or choose a default country.'));
  return problems;
}

export type ReferenceMappingFormProps = {
  upload: ReferenceUpload;
  starting: boolean;
  onStart: (body: StartReferenceImport) => void;
  onCancel: () => void;
};

/**
 * The mapping step: one select per merchant field (the suggestion from the header names
 * preselected), the file's first rows, a default country for rows without one, a description.
 */
export function ReferenceMappingForm({
  upload,
  starting,
  onStart,
  onCancel,
}: ReferenceMappingFormProps) {
  const t = useT();
  const [mapping, setMapping] = useState<ReferenceMerchantMapping>(upload.suggestedMapping);
  const [defaultCountry, setDefaultCountry] = useState('');
  const [description, setDescription] = useState('');
  const problems = problemsOf(mapping, defaultCountry, t);

  return (
    <Stack spacing={2} component="section" aria-label={t('Column mapping')}>
      <Typography variant="body2">
        {t(
          '{{fileName}}: {{kind}}, {{count}} columns. Columns suggested from the header names are filled in; merchant name and country are required (the country from a column or the default below).',
          {
            fileName: upload.fileName,
            kind: upload.kind.toUpperCase(),
            count: upload.headers.length,
          },
        )}
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', md: '1fr 1fr', lg: '1fr 1fr 1fr' },
        }}
      >
        {REFERENCE_MERCHANT_FIELDS.map((field) => {
          const column = mapping[field];
          const sample = column === undefined ? undefined : upload.previewRows[0]?.[column];
          return (
            <TextField
              key={field}
              select
              size="small"
              required={field === 'merchant_name'}
              label={t(REFERENCE_MERCHANT_FIELD_LABELS[field])}
              value={column === undefined ? '' : String(column)}
              helperText={sample ? t('e.g. {{sample}}', { sample }) : ' '}
              onChange={(event) => {
                const next = { ...mapping };
                if (event.target.value === '') delete next[field];
                else next[field] = Number(event.target.value);
                setMapping(next);
              }}
            >
              <MenuItem value="">
                <em>{t('Not mapped')}</em>
              </MenuItem>
              {upload.headers.map((header, index) => (
                <MenuItem key={index} value={String(index)}>
                  {header || t('Column {{number}}', { number: index + 1 })}
                </MenuItem>
              ))}
            </TextField>
          );
        })}
      </Box>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        <TextField
          select
          size="small"
          label={t('Default country')}
          value={defaultCountry}
          onChange={(event) => setDefaultCountry(event.target.value)}
          helperText={t('For rows whose country is blank or not recognised')}
          sx={{ minWidth: 220 }}
        >
          <MenuItem value="">
            <em>{t('None')}</em>
          </MenuItem>
          {COUNTRIES.map((code) => (
            <MenuItem key={code} value={code}>
              {code}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          label={t('Description')}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
          placeholder={t('Imported from {{fileName}}', { fileName: upload.fileName })}
          slotProps={{ htmlInput: { maxLength: 200 } }}
          sx={{ flex: 1 }}
        />
      </Stack>
      <ReferencePreviewTable headers={upload.headers} rows={upload.previewRows} />
      {problems.length > 0 && <Alert severity="warning">{problems.join(' ')}</Alert>}
      <Stack direction="row" spacing={2}>
        <Button
          variant="contained"
          disabled={problems.length > 0 || starting}
          onClick={() =>
            onStart({
              uploadId: upload.uploadId,
              mapping,
              ...(defaultCountry ? { defaultCountryIso3: defaultCountry } : {}),
              ...(description.trim() ? { description: description.trim() } : {}),
            })
          }
        >
          {t('Start import')}
        </Button>
        <Button onClick={onCancel} disabled={starting}>
          {t('Cancel')}
        </Button>
      </Stack>
    </Stack>
  );
}
