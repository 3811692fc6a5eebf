import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useParams } from 'react-router';
import { useNotify } from '../../../components/feedback/notifications';
import { PermissionGuard, useCan } from '../../../lib/permissions';
import { DirectlyAssignedUsers } from '../components/directly-assigned-users';
import { useIssuer } from '../api/get-issuer-full';
import { useIssuerMembers } from '../api/get-assigned-users';
import { useSetIssuerMember } from '../api/update-issuer-user';
import { usePotentialIssuerUsers } from '../api/get-potential-issuer-users';
import { translateServerMessage, useT } from '../../../lib/i18n';
import { errorMessageOf } from '../../../lib/api-error';

type Role = 'Manager' | 'Member';

/** Adds a user who is not a member yet, as Manager or Member. */
function AddMember({ issuerId }: { issuerId: string }) {
  const t = useT();
  const [search, setSearch] = useState('');
  const [user, setUser] = useState<{ id: string; username: string } | null>(null);
  const [role, setRole] = useState<Role>('Member');
  const { data: options = [] } = usePotentialIssuerUsers(issuerId, search);
  const assign = useSetIssuerMember(issuerId);
  const notify = useNotify();
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Autocomplete
        sx={{ minWidth: 320 }}
        options={options}
        value={user}
        filterOptions={(o) => o}
        getOptionLabel={(o) => o.username}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        onChange={(_, v) => setUser(v)}
        onInputChange={(_, v) => setSearch(v)}
        renderInput={(params) => <TextField {...params} label={t('Add user')} size="small" />}
      />
      <TextField
        select
        size="small"
        label={t('Role')}
        value={role}
        onChange={(e) => setRole(e.target.value as Role)}
      >
        <MenuItem value="Member">{t('Member')}</MenuItem>
        <MenuItem value="Manager">{t('Manager')}</MenuItem>
      </TextField>
      <Button
        variant="contained"
        disabled={!user || assign.isPending}
        onClick={() =>
          assign.mutate(
            { userId: user!.id, userRole: role },
            {
              onSuccess: (r) => {
                notify.success(translateServerMessage(r.message));
                setUser(null);
              },
              onError: (e) => notify.error(e, { operation: t('Assign user') }),
            },
          )
        }
      >
        {t('Assign')}
      </Button>
    </Stack>
  );
}

/** /admin/issuer-manager/{issuerId}/users: members as Manager or Member; domain users marked. */
export function IssuerUsersPage() {
  const t = useT();
  const { issuerId = '' } = useParams();
  const issuer = useIssuer(issuerId);
  const members = useIssuerMembers(issuerId);
  const setMember = useSetIssuerMember(issuerId);
  const canEdit = useCan('IssuerUsersUpdate');
  const notify = useNotify();
  if (members.error) return <Alert severity="error">{errorMessageOf(members.error)}</Alert>;
  const change = (userId: string, userRole: Role | null) =>
    setMember.mutate(
      { userId, userRole },
      {
        onSuccess: (r) => notify.success(translateServerMessage(r.message)),
        onError: (e) => notify.error(e, { operation: t('Change membership') }),
      },
    );
  return (
    <Stack spacing={3}>
      <Paper sx={{ p: 3 }}>
        <Stack spacing={2}>
          <Typography variant="h6">
            {t('{{issuer}}: users', { issuer: issuer.data?.name ?? t('Issuer') })}
          </Typography>
          {issuer.data && (
            <Typography variant="note">
              {t('Users of the e-mail domains {{domains}} join as domain users.', {
                domains: issuer.data.issuerEmailDomains.join(', ') || t('(none)'),
              })}
            </Typography>
          )}
          {canEdit && <AddMember issuerId={issuerId} />}
          <Table size="small" aria-label={t('Issuer users')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('Username')}</TableCell>
                <TableCell>{t('Name')}</TableCell>
                <TableCell>{t('Role')}</TableCell>
                <TableCell>{t('Domain user')}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {(members.data ?? []).map((m) => (
                <TableRow key={m.userId}>
                  <TableCell>{m.username}</TableCell>
                  <TableCell>{m.displayName}</TableCell>
                  <TableCell>
                    <TextField
                      select
                      size="small"
                      value={m.userRole}
                      disabled={!canEdit}
                      onChange={(e) => change(m.userId, e.target.value as Role)}
                      slotProps={{
                        htmlInput: { 'aria-label': t('Role of {{user}}', { user: m.username }) },
                      }}
                    >
                      <MenuItem value="Member">{t('Member')}</MenuItem>
                      <MenuItem value="Manager">{t('Manager')}</MenuItem>
                    </TextField>
                  </TableCell>
                  <TableCell>{m.isDomainUser ? t('Yes') : t('No')}</TableCell>
                  <TableCell>
                    {canEdit && (
                      <Button size="small" color="error" onClick={() => change(m.userId, null)}>
                        {t('Remove')}
                      </Button>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Stack>
      </Paper>
      <PermissionGuard permissions="UsersRead">
        <DirectlyAssignedUsers issuerId={issuerId} />
      </PermissionGuard>
    </Stack>
  );
}
