import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { errorMessageOf } from '../../../lib/api-error';
import { useGlobalFilter } from '../hooks/use-global-filter';
import { DEFAULT_SLICE, useGlobalSummary } from '../api/get-global-summary';
import { useT } from '../../../lib/i18n';

/**
 * /global-insights/loading — adds up the insights of every job the user may see (the summary
 * call), then opens the insights page, whose first read is then already in the cache.
 */
export function GlobalInsightsLoadingPage() {
  const t = useT();
  const navigate = useNavigate();
  const { filter, search } = useGlobalFilter();
  const summary = useGlobalSummary(filter, DEFAULT_SLICE);
  const target = `/global-insights/insights${search ? `?${search}` : ''}`;
  useEffect(() => {
    if (summary.isSuccess) void navigate(target, { replace: true });
  }, [summary.isSuccess, navigate, target]);

  return (
    <Stack spacing={2} sx={{ maxWidth: 560, mx: 'auto', mt: 4 }}>
      {summary.isError ? (
        <>
          <Alert severity="error">{errorMessageOf(summary.error)}</Alert>
          <Button component={RouterLink} to={target} variant="outlined">
            {t('Open global insights')}
          </Button>
        </>
      ) : (
        <>
          <Typography role="status">{t('Adding up the insights of your jobs…')}</Typography>
          <LinearProgress aria-label={t('Loading global insights')} />
        </>
      )}
    </Stack>
  );
}
