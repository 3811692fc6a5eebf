import {
  INGESTION_FIELDS,
  type ColumnMapping,
  type IngestOptions,
  type JobDetails,
  type JobFile,
} from '@b2b/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { errorMessageOf } from '../../../../lib/api-error';
import { tKey, useT } from '../../../../lib/i18n';
import { useSaveMapping } from '../../api/save-job-file-mapping';
import { fieldsOf, missingMappings, sameMapping } from './mapping';
import { roleLabel } from './upload-step';

type Draft = { mapping: ColumnMapping; options: IngestOptions };

const DELIMITER_NAMES: Record<string, string> = {
  ',': tKey('comma'),
  ';': tKey('semicolon'),
  '\t': tKey('tab'),
  '|': tKey('vertical bar'),
};

function FileMapping({
  job,
  file,
  draft,
  onChange,
}: {
  job: JobDetails;
  file: JobFile;
  draft: Draft;
  onChange: (draft: Draft) => void;
}) {
  const t = useT();
  const { headers, sampleRows } = file.sniff;
  const suggestions = new Map(file.suggestion.suggestions.map((s) => [s.field, s]));
  const missing = missingMappings(job.type, file, draft.mapping, t);
  const label = `${t(roleLabel(file.role))}: ${file.fileName}`;
  const delimiter = DELIMITER_NAMES[file.sniff.delimiter];

  return (
    <Paper variant="panel" component="section" aria-label={label}>
      <Typography variant="subtitle1" component="h3">
        {label}
      </Typography>
      <Typography variant="note" sx={{ mb: 2 }}>
        {t(
          'Read as {{kind}}, {{encoding}}, {{delimiter}}-separated; header on row {{row}}; {{count}} columns. Suggested mappings are filled in; fields marked * are required.',
          {
            kind: file.sniff.kind.toUpperCase(),
            encoding: file.sniff.encoding,
            delimiter: delimiter ? t(delimiter) : file.sniff.delimiter,
            row: file.sniff.headerRowIndex + 1,
            count: headers.length,
          },
        )}
      </Typography>
      {missing.length > 0 && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('Map a column to: {{fields}}.', { fields: missing.join(', ') })}
        </Alert>
      )}
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', md: '1fr 1fr', lg: '1fr 1fr 1fr' },
        }}
      >
        {fieldsOf(job.type, file).map(({ field, required }) => {
          const column = draft.mapping[field];
          const suggestion = suggestions.get(field);
          const sample = column === undefined ? undefined : sampleRows[0]?.[column];
          const hints = [
            suggestion && suggestion.column === column
              ? suggestion.confidence < 1
                ? t('Suggested from “{{header}}” (a guess)', { header: suggestion.header })
                : t('Suggested from “{{header}}”', { header: suggestion.header })
              : undefined,
            sample ? t('e.g. {{sample}}', { sample }) : undefined,
          ].filter(Boolean);
          return (
            <TextField
              key={field}
              select
              size="small"
              required={required}
              label={t(INGESTION_FIELDS[field].label)}
              value={column === undefined ? '' : String(column)}
              error={required && column === undefined}
              helperText={hints.join(' · ') || ' '}
              onChange={(event) => {
                const mapping = { ...draft.mapping };
                if (event.target.value === '') delete mapping[field];
                else mapping[field] = Number(event.target.value);
                onChange({ ...draft, mapping });
              }}
            >
              <MenuItem value="">
                <em>{t('Not mapped')}</em>
              </MenuItem>
              {headers.map((header, index) => (
                <MenuItem key={index} value={String(index)}>
                  {header || t('Column {{n}}', { n: index + 1 })}
                </MenuItem>
              ))}
            </TextField>
          );
        })}
      </Box>
      <Stack direction="row" spacing={2} sx={{ mt: 2 }}>
        <TextField
          select
          size="small"
          label={t('Date order')}
          value={draft.options.dateOrder ?? 'auto'}
          onChange={(event) =>
            onChange({
              ...draft,
              options: { ...draft.options, dateOrder: event.target.value as 'auto' },
            })
          }
          sx={{ minWidth: 200 }}
        >
          <MenuItem value="auto">{t('Detect from the file')}</MenuItem>
          <MenuItem value="DMY">{t('Day first (31/12/2024)')}</MenuItem>
          <MenuItem value="MDY">{t('Month first (12/31/2024)')}</MenuItem>
        </TextField>
        <TextField
          select
          size="small"
          label={t('Decimal separator')}
          value={draft.options.decimalSeparator ?? 'auto'}
          onChange={(event) =>
            onChange({
              ...draft,
              options: { ...draft.options, decimalSeparator: event.target.value as 'auto' },
            })
          }
          sx={{ minWidth: 200 }}
        >
          <MenuItem value="auto">{t('Detect from the file')}</MenuItem>
          <MenuItem value=".">{t('Point (1,234.56)')}</MenuItem>
          <MenuItem value=",">{t('Comma (1.234,56)')}</MenuItem>
        </TextField>
      </Stack>
      {draft.mapping.addressLine1 !== undefined && (
        // One column of whole addresses: the address parser splits it at ingestion.
        <FormControlLabel
          sx={{ mt: 1 }}
          control={
            <Checkbox
              checked={draft.options.splitAddress ?? false}
              onChange={(event) =>
                onChange({
                  ...draft,
                  options: { ...draft.options, splitAddress: event.target.checked },
                })
              }
            />
          }
          label={t(
            'The address column holds whole addresses: split it into street, town, postcode and country',
          )}
        />
      )}
    </Paper>
  );
}

function sameOptions(a: IngestOptions, b: IngestOptions): boolean {
  return (
    (a.dateOrder ?? 'auto') === (b.dateOrder ?? 'auto') &&
    (a.decimalSeparator ?? 'auto') === (b.decimalSeparator ?? 'auto') &&
    a.redactedNames === b.redactedNames &&
    (a.splitAddress ?? false) === (b.splitAddress ?? false)
  );
}

/**
 * Step 3: map each file's columns to the fields of the job type, starting from the suggestion
 * made from the header names. Saving stores the changed mappings (the server names an unknown
 * column or a missing required field) and moves on to the preview.
 */
export function MappingStep({ job, onDone }: { job: JobDetails; onDone: () => void }) {
  const t = useT();
  const save = useSaveMapping(job.id);
  const [drafts, setDrafts] = useState<Record<string, Draft>>(() =>
    Object.fromEntries(job.files.map((f) => [f.id, { mapping: f.mapping, options: f.options }])),
  );
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const draftOf = (file: JobFile) =>
    drafts[file.id] ?? { mapping: file.mapping, options: file.options };
  const incomplete = job.files.some(
    (f) => missingMappings(job.type, f, draftOf(f).mapping, t).length > 0,
  );

  const saveAll = async () => {
    setError(null);
    setSaving(true);
    try {
      for (const file of job.files) {
        const draft = draftOf(file);
        if (sameMapping(draft.mapping, file.mapping) && sameOptions(draft.options, file.options))
          continue;
        await save.mutateAsync({ fileId: file.id, body: draft });
      }
      onDone();
    } catch (e) {
      setError(errorMessageOf(e));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack spacing={2}>
      {job.files.map((file) => (
        <FileMapping
          key={file.id}
          job={job}
          file={file}
          draft={draftOf(file)}
          onChange={(draft) => setDrafts((current) => ({ ...current, [file.id]: draft }))}
        />
      ))}
      {error && <Alert severity="error">{error}</Alert>}
      <Stack direction="row">
        <Button
          variant="contained"
          disabled={incomplete}
          loading={saving}
          onClick={() => void saveAll()}
        >
          {t('Save mapping and preview')}
        </Button>
      </Stack>
    </Stack>
  );
}
