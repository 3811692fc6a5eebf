import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { Section } from '../../../components/layout/section';
import { errorMessageOf } from '../../../lib/api-error';
import { formatDateTime } from '../../../lib/date-format';
import { useReports } from '../api/list-reports';
import { useT } from '../../../lib/i18n';

/** The reports the user owns or that are shared with them, each opening /reports/{reportId}. */
export function SavedReports() {
  const t = useT();
  const reports = useReports();
  return (
    <Section title={t('Saved reports')}>
      <Stack spacing={1}>
        <Button component={RouterLink} to="/reports/create" sx={{ alignSelf: 'start' }}>
          {t('Create report')}
        </Button>
        {reports.isError && <Alert severity="error">{errorMessageOf(reports.error)}</Alert>}
        {reports.data?.length === 0 && <Typography>{t('No saved reports yet.')}</Typography>}
        <List dense>
          {reports.data?.map((r) => (
            <ListItem key={r.id} disableGutters>
              <ListItemText
                primary={
                  <Link component={RouterLink} to={`/reports/${r.id}`}>
                    {r.name}
                  </Link>
                }
                secondary={[
                  r.dataset,
                  r.canEdit ? t('yours') : t('shared by {{owner}}', { owner: r.ownerName }),
                  ...(r.scheduled ? [t('e-mailed')] : []),
                  t('changed {{when}}', { when: formatDateTime(r.updatedAt) }),
                ].join(' · ')}
              />
            </ListItem>
          ))}
        </List>
      </Stack>
    </Section>
  );
}
