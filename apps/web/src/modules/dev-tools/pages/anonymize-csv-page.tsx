import { CSV_TREATMENTS, type CsvTreatment, type CsvTreatments } from '@b2b/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { FileUploadField } from '../../../components/forms';
import { Section } from '../../../components/layout/section';
import { errorMessageOf } from '../../../lib/api-error';
import { useAnonymizeCsv } from '../api/anonymize-csv';
import { usePreviewAnonymizeCsv } from '../api/preview-anonymize-csv';
import { tKey, useT } from '../../../lib/i18n';

const TREATMENT_LABELS: Record<CsvTreatment, string> = {
  keep: tKey('Keep as is'),
  name: tKey('Name → pseudonym'),
  email: tKey('E-mail → pseudonym@example.com'),
  amount: tKey('Amount ± up to 10 %'),
  text: tKey('Redact'),
};

/** Hands a file to the browser as a download. */
function saveFile(fileName: string, content: Blob) {
  const url = URL.createObjectURL(content);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/**
 * /dev/tools/anonymize-csv (SPEC §2 Dev): choose a CSV, check the treatment suggested for each
 * column, give a key, and download the file anonymized: the same value maps to the same output
 * in every file anonymized with the same key.
 */
export function AnonymizeCsvPage() {
  const t = useT();
  const [files, setFiles] = useState<File[]>([]);
  const [treatments, setTreatments] = useState<CsvTreatments>({});
  const [key, setKey] = useState('');
  const preview = usePreviewAnonymizeCsv();
  const anonymize = useAnonymizeCsv();
  const file = files[0];

  function choose(chosen: File[]) {
    setFiles(chosen);
    setTreatments({});
    preview.reset();
    anonymize.reset();
    if (!chosen[0]) return;
    preview.mutate(chosen[0], {
      onSuccess: (data) =>
        setTreatments(Object.fromEntries(data.columns.map((c) => [c.name, c.suggested]))),
    });
  }

  return (
    <Section title={t('Anonymize a CSV')}>
      <Stack
        component="form"
        spacing={2}
        onSubmit={(e) => {
          e.preventDefault();
          if (!file) return;
          anonymize.mutate(
            { file, treatments, key },
            { onSuccess: ({ fileName, csv }) => saveFile(fileName, csv) },
          );
        }}
      >
        <FileUploadField
          label={t('CSV file')}
          accept=".csv,.txt,.tsv"
          value={files}
          onChange={choose}
          disabled={anonymize.isPending}
          helperText={t('Comma, semicolon or tab separated, with a header row')}
        />
        {preview.isPending && <LinearProgress aria-label={t('Reading the header')} />}
        {preview.error && <Alert severity="error">{errorMessageOf(preview.error)}</Alert>}
        {preview.data && (
          <Table size="small" aria-label={t('Columns')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('Column')}</TableCell>
                <TableCell>{t('First value')}</TableCell>
                <TableCell>{t('Treatment')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {preview.data.columns.map((column, index) => (
                <TableRow key={`${index}-${column.name}`}>
                  <TableCell>{column.name}</TableCell>
                  <TableCell>{preview.data.sampleRows[0]?.[index] ?? ''}</TableCell>
                  <TableCell>
                    <TextField
                      select
                      size="small"
                      label={t('Treatment of {{column}}', { column: column.name })}
                      value={treatments[column.name] ?? 'keep'}
                      onChange={(e) =>
                        setTreatments({
                          ...treatments,
                          [column.name]: e.target.value as CsvTreatment,
                        })
                      }
                      sx={{ minWidth: 260 }}
                    >
                      {CSV_TREATMENTS.map((treatment) => (
                        <MenuItem key={treatment} value={treatment}>
                          {t(TREATMENT_LABELS[treatment])}
                        </MenuItem>
                      ))}
                    </TextField>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        <TextField
          label={t('Key')}
          type="password"
          autoComplete="off"
          value={key}
          onChange={(e) => setKey(e.target.value)}
          helperText={t(
            'The same key gives the same pseudonyms in every file; leave empty for the server’s default key',
          )}
          sx={{ maxWidth: 480 }}
        />
        <Box>
          <Button type="submit" variant="contained" disabled={!preview.data || anonymize.isPending}>
            {t('Anonymize')}
          </Button>
        </Box>
        {anonymize.isPending && <LinearProgress aria-label={t('Anonymizing')} />}
        {anonymize.error && <Alert severity="error">{errorMessageOf(anonymize.error)}</Alert>}
        {anonymize.data && (
          <Typography role="status">
            {t('Downloaded {{fileName}}.', { fileName: anonymize.data.fileName })}
          </Typography>
        )}
      </Stack>
    </Section>
  );
}
