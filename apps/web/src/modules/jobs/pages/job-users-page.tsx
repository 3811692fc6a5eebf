import type { JobDetails } from '@b2b/contract';
import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { useNotify } from '../../../components/feedback/notifications';
import { AsyncButton } from '../../../components/forms';
import { errorMessageOf } from '../../../lib/api-error';
import { tKey, useT } from '../../../lib/i18n';
import { PermissionGuard } from '../../../lib/permissions';
import { searchPotentialOwners } from '../api/get-potential-job-owners';
import { searchUsers } from '../api/search-users';
import { useAssignJobUser } from '../api/update-job-artifact-user-assignment';
import { useChangeJobOwner } from '../api/change-job-artifact-owner';
import { useJobAdmin } from '../api/get-job-artifact-admin';
import { JobFrame } from '../components/job-frame';
import { UserPicker, type UserOption } from '../components/user-picker';

const CONNECTION_LABELS = {
  Owner: tKey('Owner'),
  IssuerManager: tKey('Issuer manager'),
  DirectAssignment: tKey('Direct assignment'),
  MagicLinkUser: tKey('Magic link user'),
} as const;

function ChangeOwner({ job }: { job: JobDetails }) {
  const t = useT();
  const change = useChangeJobOwner(job.id);
  const notify = useNotify();
  const [owner, setOwner] = useState<UserOption | null>(null);
  return (
    <PermissionGuard permissions="JobOwnerUpdate">
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <UserPicker
          label={t('New owner')}
          queryKey={['jobs', 'potential-owners', job.issuerId]}
          search={(text, signal) => searchPotentialOwners(job.issuerId, text, signal)}
          value={owner}
          onChange={setOwner}
        />
        <AsyncButton
          variant="outlined"
          disabled={!owner}
          onClick={async () => {
            await change.mutateAsync(owner!.id);
            notify.success(t('{{user}} now owns the job', { user: owner!.displayName }));
            setOwner(null);
          }}
          onError={(e) => notify.error(e, { operation: t('Change owner') })}
        >
          {t('Change owner')}
        </AsyncButton>
      </Stack>
    </PermissionGuard>
  );
}

function AssignUser({ job }: { job: JobDetails }) {
  const t = useT();
  const assign = useAssignJobUser(job.id);
  const notify = useNotify();
  const [user, setUser] = useState<UserOption | null>(null);
  return (
    <PermissionGuard permissions={['JobDirectUserAssignment', 'UsersRead']}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <UserPicker
          label={t('User to assign')}
          queryKey={['jobs', 'assignable-users']}
          search={(text, signal) => searchUsers(text, signal)}
          value={user}
          onChange={setUser}
        />
        <AsyncButton
          variant="outlined"
          disabled={!user}
          onClick={async () => {
            await assign.mutateAsync({ userId: user!.id, isAssigned: true });
            notify.success(t('{{user}} assigned to the job', { user: user!.displayName }));
            setUser(null);
          }}
          onError={(e) => notify.error(e, { operation: t('Assign user') })}
        >
          {t('Assign')}
        </AsyncButton>
      </Stack>
    </PermissionGuard>
  );
}

/**
 * Removes a direct assignment. The admin view names users by username only, so the user's id
 * is looked up by an exact username search first.
 */
function UnassignButton({ job, username }: { job: JobDetails; username: string }) {
  const t = useT();
  const assign = useAssignJobUser(job.id);
  const notify = useNotify();
  return (
    <PermissionGuard permissions={['JobDirectUserAssignment', 'UsersRead']}>
      <AsyncButton
        size="small"
        color="error"
        aria-label={t('Remove {{user}}', { user: username })}
        onClick={async () => {
          const found = (await searchUsers(username)).find((u) => u.username === username);
          if (!found) throw new Error(t('No user {{user}} was found.', { user: username }));
          await assign.mutateAsync({ userId: found.id, isAssigned: false });
          notify.success(t('{{user}} removed from the job', { user: username }));
        }}
        onError={(e) => notify.error(e, { operation: t('Remove assignment') })}
      >
        {t('Remove')}
      </AsyncButton>
    </PermissionGuard>
  );
}

function JobUsers({ job, assignedOnly }: { job: JobDetails; assignedOnly: boolean }) {
  const t = useT();
  const admin = useJobAdmin(job.id);
  if (admin.isError) return <Alert severity="error">{errorMessageOf(admin.error)}</Alert>;
  if (!admin.data) return <LinearProgress aria-label={t('Loading the job’s users')} />;
  const users = admin.data.authorizedEndUsers.filter(
    (u) => !assignedOnly || u.connection === 'DirectAssignment',
  );
  return (
    <Stack spacing={2}>
      <Tabs value={assignedOnly ? 'assigned' : 'all'} aria-label={t('Job users')}>
        <Tab
          value="all"
          label={t('All users')}
          component={RouterLink}
          to={`/jobs/${job.id}/users`}
        />
        <Tab
          value="assigned"
          label={t('Assigned users')}
          component={RouterLink}
          to={`/jobs/${job.id}/users/assigned`}
        />
      </Tabs>
      <Paper variant="panel" component="section" aria-label={t('Ownership')}>
        <Stack spacing={2}>
          <Typography>
            {t('Owner:')} <strong>{admin.data.owner.username}</strong> ({admin.data.owner.role}) ·{' '}
            {t('Issuer:')} {admin.data.issuerName}
            {admin.data.issuerEmailDomains.length > 0 &&
              ` ${t('(members: {{domains}})', {
                domains: admin.data.issuerEmailDomains.map((d) => `@${d}`).join(', '),
              })}`}
          </Typography>
          <ChangeOwner job={job} />
          <AssignUser job={job} />
        </Stack>
      </Paper>
      {users.length === 0 ? (
        <Typography>
          {assignedOnly ? t('No user is assigned to this job directly.') : t('No users yet.')}
        </Typography>
      ) : (
        <Table
          size="small"
          aria-label={assignedOnly ? t('Assigned users') : t('Users with access')}
        >
          <TableHead>
            <TableRow>
              <TableCell>{t('User')}</TableCell>
              <TableCell>{t('Connection')}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {users.map((user) => (
              <TableRow key={`${user.username}-${user.connection}`}>
                <TableCell>{user.username}</TableCell>
                <TableCell>
                  <Chip
                    size="small"
                    variant="outlined"
                    label={t(CONNECTION_LABELS[user.connection])}
                  />
                </TableCell>
                <TableCell align="right">
                  {user.connection === 'DirectAssignment' && (
                    <UnassignButton job={job} username={user.username} />
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Stack>
  );
}

/** /jobs/:jobId/users and /users/assigned: who sees the job and why; owner and assignments. */
export function JobUsersPage() {
  const { pathname } = useLocation();
  const assignedOnly = pathname.endsWith('/users/assigned');
  return <JobFrame>{(job) => <JobUsers job={job} assignedOnly={assignedOnly} />}</JobFrame>;
}
