import { CARD_NETWORKS, type CardNetwork } from '@b2b/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { RejectedRowsList } from '../../../components/feedback/rejected-rows-list';
import { FileUploadField } from '../../../components/forms';
import { errorMessageOf } from '../../../lib/api-error';
import { useImportNetworkAnswers } from '../api/import-network-answers';
import { networkVendorFileUrl } from '../api/network-vendor-file-url';
import { useT } from '../../../lib/i18n';

const NETWORK_NAMES: Record<CardNetwork, string> = { visa: 'Visa', mastercard: 'Mastercard' };

/**
 * Network vendor files (docs/network-files.md): the unmatched and low-confidence suppliers in
 * the layout of a card network's supplier-matching service, and the import of its answer file
 * as match decisions, bad rows listed one by one.
 */
export function NetworkFiles({ jobId }: { jobId: string }) {
  const t = useT();
  const [network, setNetwork] = useState<CardNetwork>('visa');
  const [files, setFiles] = useState<File[]>([]);
  const upload = useImportNetworkAnswers(jobId);
  const result = upload.data;
  return (
    <Stack spacing={1.5}>
      <Typography variant="body2">
        {t(
          'The suppliers we could not match, or matched with low confidence, in the file layout of the network’s bulk supplier-matching service. Send it to the network, then import its answer: a match confirms our candidate merchant, not found rejects the match.',
        )}
      </Typography>
      <Stack direction="row" spacing={1}>
        {CARD_NETWORKS.map((n) => (
          <Button key={n} variant="outlined" href={networkVendorFileUrl(jobId, n)} download>
            {t('{{network}} supplier file', { network: NETWORK_NAMES[n] })}
          </Button>
        ))}
      </Stack>
      <FormLabel id="answer-network">{t('Network of the answer file')}</FormLabel>
      <RadioGroup
        row
        aria-labelledby="answer-network"
        value={network}
        onChange={(e) => setNetwork(e.target.value as CardNetwork)}
      >
        {CARD_NETWORKS.map((n) => (
          <FormControlLabel key={n} value={n} control={<Radio />} label={NETWORK_NAMES[n]} />
        ))}
      </RadioGroup>
      <FileUploadField
        label={t('Answer file')}
        accept=".csv"
        value={files}
        onChange={setFiles}
        helperText={t(
          'CSV with the reference we sent, Match Status (Matched / Not Found), and optionally Merchant ID, Accepts Card (Y/N) and MCC',
        )}
      />
      <div>
        <Button
          variant="outlined"
          disabled={files.length === 0 || upload.isPending}
          onClick={() => {
            const [file] = files;
            if (file) upload.mutate({ network, file }, { onSuccess: () => setFiles([]) });
          }}
        >
          {t('Import answers')}
        </Button>
      </div>
      {upload.isError && <Alert severity="error">{errorMessageOf(upload.error)}</Alert>}
      {result && (
        <Alert severity={result.rejects.length > 0 ? 'warning' : 'success'}>
          {t('{{rows}} rows: {{matched}} matched, {{notFound}} not found, {{rejected}} rejected.', {
            rows: result.rows,
            matched: result.matched,
            notFound: result.notFound,
            rejected: result.rejects.length,
          })}
        </Alert>
      )}
      {result && <RejectedRowsList rejects={result.rejects} max={50} />}
    </Stack>
  );
}
