import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { RejectedRowsList } from '../../../components/feedback/rejected-rows-list';
import { FileUploadField } from '../../../components/forms';
import { errorMessageOf } from '../../../lib/api-error';
import { outcomeRejectsUrl } from '../api/download-outcome-rejects';
import { useUploadCampaignOutcomes } from '../api/upload-campaign-outcomes';
import { useT } from '../../../lib/i18n';

/**
 * External outcomes (SPEC §3 External Campaign): a CSV or XLSX of supplier key or name, status,
 * date and reason. Good rows update the tracker; bad ones are rejected one by one and download
 * as CSV.
 */
export function OutcomeUpload({ campaignId }: { campaignId: string }) {
  const t = useT();
  const [files, setFiles] = useState<File[]>([]);
  const upload = useUploadCampaignOutcomes(campaignId);
  const result = upload.data;
  return (
    <Stack spacing={1}>
      <FileUploadField
        label={t('Outcomes file')}
        accept=".csv,.xlsx"
        value={files}
        onChange={setFiles}
        helperText={t('Columns: supplierKey or supplierName, status, date, reason')}
      />
      <div>
        <Button
          variant="outlined"
          disabled={files.length === 0 || upload.isPending}
          onClick={() => {
            const [file] = files;
            if (file) upload.mutate(file, { onSuccess: () => setFiles([]) });
          }}
        >
          {t('Upload outcomes')}
        </Button>
      </div>
      {upload.isError && <Alert severity="error">{errorMessageOf(upload.error)}</Alert>}
      {result && (
        <Alert severity={result.rejected > 0 ? 'warning' : 'success'}>
          {t('{{rows}} rows: {{applied}} applied, {{rejected}} rejected.', {
            rows: result.rowCount,
            applied: result.applied,
            rejected: result.rejected,
          })}
          {result.rejected > 0 && (
            <>
              {' '}
              <Link href={outcomeRejectsUrl(campaignId, result.uploadId)} download>
                {t('Download the rejected rows')}
              </Link>
            </>
          )}
        </Alert>
      )}
      {result && <RejectedRowsList rejects={result.rejects} max={20} />}
    </Stack>
  );
}
