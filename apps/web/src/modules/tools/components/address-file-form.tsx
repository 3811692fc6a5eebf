import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type ReactNode, useState } from 'react';
import { FileUploadField } from '../../../components/forms';
import { useT } from '../../../lib/i18n';

/**
 * Choose an address file and its address column: a CSV with a header row, or (no column) a
 * text file with one address per line. `children` adds the tool's own options.
 */
export function AddressFileForm({
  submitLabel,
  pending,
  onSubmit,
  children,
}: {
  submitLabel: string;
  pending: boolean;
  onSubmit: (file: File, column: string | undefined) => void;
  children?: ReactNode;
}) {
  const t = useT();
  const [files, setFiles] = useState<File[]>([]);
  const [column, setColumn] = useState('');
  return (
    <Stack
      component="form"
      spacing={2}
      onSubmit={(e) => {
        e.preventDefault();
        if (files[0]) onSubmit(files[0], column.trim() || undefined);
      }}
    >
      <FileUploadField
        label={t('Address file (CSV or text; over 10,000 addresses run in the background)')}
        accept=".csv,.txt,.tsv"
        value={files}
        onChange={setFiles}
        disabled={pending}
      />
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        useFlexGap
        sx={{ flexWrap: 'wrap' }}
      >
        <TextField
          size="small"
          label={t('Address column')}
          value={column}
          onChange={(e) => setColumn(e.target.value)}
          disabled={pending}
          helperText={t('The CSV header of the address column; empty for one address per line')}
          sx={{ width: 320 }}
        />
        {children}
      </Stack>
      <Box>
        <Button type="submit" variant="contained" disabled={pending || files.length === 0}>
          {submitLabel}
        </Button>
      </Box>
      {pending && <LinearProgress aria-label={t('Reading the file')} />}
    </Stack>
  );
}
