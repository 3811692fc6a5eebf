import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { Link as RouterLink, useParams } from 'react-router';
import { errorMessageOf } from '../../../lib/api-error';
import { useDatapointProfiles } from '../api/list-datapoint-profiles';
import {
  DATAPOINT_PROFILES_PATH,
  DatapointProfileForm,
} from '../components/datapoint-profile-form';
import { useT } from '../../../lib/i18n';

/**
 * SPEC §2 analysis admin datapoint-profiles (DatapointProfiles_CRUD): the profiles the issuers'
 * data downloads use, each with its columns.
 */
export function DatapointProfilesPage() {
  const t = useT();
  const profiles = useDatapointProfiles();
  if (profiles.isPending) return <LinearProgress aria-label={t('Loading the profiles')} />;
  if (profiles.isError) return <Alert severity="error">{errorMessageOf(profiles.error)}</Alert>;
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Button component={RouterLink} to={`${DATAPOINT_PROFILES_PATH}/create`} variant="contained">
        {t('Create profile')}
      </Button>
      <Table size="small" aria-label={t('Datapoint profiles')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('Name')}</TableCell>
            <TableCell>{t('Description')}</TableCell>
            <TableCell align="right">{t('Columns')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {profiles.data.map((p) => (
            <TableRow key={p.id}>
              <TableCell component="th" scope="row">
                <Link component={RouterLink} to={`${DATAPOINT_PROFILES_PATH}/${p.id}`}>
                  {p.name}
                </Link>
              </TableCell>
              <TableCell>{p.description}</TableCell>
              <TableCell align="right">{p.datapoints.length}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Stack>
  );
}

/** …/datapoint-profiles/create. */
export function DatapointProfileCreatePage() {
  return <DatapointProfileForm />;
}

/** …/datapoint-profiles/{datapointProfileId}: edit its name, description and columns. */
export function DatapointProfileEditPage() {
  const t = useT();
  const { datapointProfileId } = useParams();
  const profiles = useDatapointProfiles();
  if (profiles.isPending) return <LinearProgress aria-label={t('Loading the profile')} />;
  if (profiles.isError) return <Alert severity="error">{errorMessageOf(profiles.error)}</Alert>;
  const profile = profiles.data.find((p) => p.id === datapointProfileId);
  if (!profile) return <Alert severity="error">{t('No such datapoint profile.')}</Alert>;
  return <DatapointProfileForm key={profile.id} profile={profile} />;
}
