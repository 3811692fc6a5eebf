import DownloadIcon from '@mui/icons-material/Download';
import Button from '@mui/material/Button';
import { downloadFile } from '../../../components/charts/chart-download';
import { useT } from '../../../lib/i18n';

/**
 * Saves the results CSV the server wrote (its cells already formula-safe) as a download named
 * after the uploaded file.
 */
export function DownloadResultsButton({
  csv,
  fileName,
  suffix,
}: {
  csv: string;
  fileName: string;
  suffix: string;
}) {
  const t = useT();
  const base = fileName.replace(/\.[^.]*$/, '') || 'addresses';
  return (
    <Button
      variant="outlined"
      startIcon={<DownloadIcon />}
      onClick={() => downloadFile(`${base}-${suffix}.csv`, csv)}
    >
      {t('Download results (CSV)')}
    </Button>
  );
}
