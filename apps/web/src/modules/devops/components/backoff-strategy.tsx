import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { FactList } from '../../../components/layout/fact-list';
import { Section } from '../../../components/layout/section';
import { errorMessageOf } from '../../../lib/api-error';
import { useBackoffStrategy } from '../api/get-backoff-strategy';
import { useT } from '../../../lib/i18n';

const seconds = (value: number) => `${value.toLocaleString()} s`;

/**
 * How failed commands are retried (SPEC §7 back-off strategy data): the delay after attempt n
 * is min(max, min × coefficient^(n−1)); the latest retry's delay and how long until it runs.
 */
export function BackoffStrategy() {
  const t = useT();
  const { data, error } = useBackoffStrategy();
  return (
    <Section title={t('Retry back-off')}>
      {error && <Alert severity="error">{errorMessageOf(error)}</Alert>}
      {data && (
        <>
          <FactList
            facts={[
              [t('Shortest delay'), seconds(data.minDelay)],
              [t('Longest delay'), seconds(data.maxDelay)],
              [t('Coefficient'), `× ${data.coefficient}`],
              [t('Latest retry’s delay'), data.currentDelay > 0 ? seconds(data.currentDelay) : '—'],
              [
                t('Next retry in'),
                data.totalSecondsDiff > 0 ? seconds(data.totalSecondsDiff) : t('none waiting'),
              ],
            ]}
          />
          <Typography variant="note" sx={{ mt: 1 }}>
            {t(
              'The delay after a failed attempt n is the shortest delay × coefficient^(n−1), at most the longest delay.',
            )}
          </Typography>
        </>
      )}
    </Section>
  );
}
