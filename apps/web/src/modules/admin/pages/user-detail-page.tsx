import { PERMISSIONS, type UserDetail } from '@b2b/contract';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useParams } from 'react-router';
import { useNotify } from '../../../components/feedback/notifications';
import { useSetUserRoles } from '../api/set-user-roles';
import { useUpdateUser } from '../api/update-user';
import { useUser } from '../api/get-user';
import { EntityLockBar } from '../../../components/feedback/entity-lock-bar';
import { RoleSelects } from '../components/role-selects';
import { UserJobsGrid } from '../components/user-jobs-grid';
import { UserMemberships } from '../components/user-memberships';
import { useEntityLock } from '../api/use-entity-lock';
import { translateServerMessage, useT } from '../../../lib/i18n';
import { errorMessageOf } from '../../../lib/api-error';

/** Profile, approval, explicit permissions and roles of one loaded user. */
function UserEditor({ user }: { user: UserDetail }) {
  const t = useT();
  const lock = useEntityLock('user', user.id);
  const [profile, setProfile] = useState({
    displayName: user.displayName,
    givenName: user.givenName ?? '',
    surname: user.surname ?? '',
    approved: user.approved,
    canSwitchRoles: user.canSwitchRoles,
    explicitPermissions: user.explicitPermissions,
  });
  const [version, setVersion] = useState(user.version);
  const [roles, setRoles] = useState({
    standard: user.roles.standard.map((r) => r.role as string),
    tabbedView: user.roles.tabbedView.map((r) => r.role as string),
  });
  const update = useUpdateUser();
  const setUserRoles = useSetUserRoles();
  const notify = useNotify();
  const readOnly = lock.readOnly;

  const saveProfile = () =>
    update.mutate(
      {
        id: user.id,
        version,
        ...profile,
        givenName: profile.givenName || null,
        surname: profile.surname || null,
        explicitPermissions: profile.explicitPermissions as never,
      },
      {
        onSuccess: (r) => {
          setVersion(r.version);
          notify.success(translateServerMessage(r.message));
        },
        onError: (e) => notify.error(e, { operation: t('Save user') }),
      },
    );
  const saveRoles = () =>
    setUserRoles.mutate(
      { userId: user.id, ...roles },
      {
        onSuccess: () => {
          setVersion((v) => v + 1);
          notify.success(t('Roles saved; they apply from the user’s next request.'));
        },
        onError: (e) => notify.error(e, { operation: t('Save roles') }),
      },
    );

  return (
    <Stack spacing={2}>
      <EntityLockBar lock={lock} />
      <Paper sx={{ p: 3 }}>
        <Stack spacing={2} sx={{ maxWidth: 720 }}>
          <Typography variant="h6">{user.username}</Typography>
          <Typography variant="note">
            {user.isDeactivated
              ? t('Deactivated')
              : user.pending
                ? t('Invitation pending')
                : user.eligible
                  ? t('Active')
                  : t('Waiting for approval')}
            {' · '}
            {t('last activity {{when}}', {
              when: user.lastActivityAt
                ? new Date(user.lastActivityAt).toLocaleString()
                : t('never'),
            })}
            {' · '}
            {t('branding {{name}}', { name: user.effectiveBrandingDisplayName })}
          </Typography>
          {user.idpId && (
            // Single sign-on finds the user by this subject, not by e-mail (SPEC §4 sessions).
            <Typography variant="note">
              {user.idpIssuer
                ? t('Single sign-on: {{provider}} ({{issuer}}), subject {{subject}}', {
                    provider: user.idProviderName ?? '',
                    issuer: user.idpIssuer,
                    subject: user.idpId,
                  })
                : t('Single sign-on: {{provider}}, subject {{subject}}', {
                    provider: user.idProviderName ?? '',
                    subject: user.idpId,
                  })}
            </Typography>
          )}
          <TextField
            label={t('Display name')}
            value={profile.displayName}
            disabled={readOnly}
            onChange={(e) => setProfile({ ...profile, displayName: e.target.value })}
          />
          <Stack direction="row" spacing={2}>
            <TextField
              label={t('Given name')}
              value={profile.givenName}
              disabled={readOnly}
              onChange={(e) => setProfile({ ...profile, givenName: e.target.value })}
            />
            <TextField
              label={t('Surname')}
              value={profile.surname}
              disabled={readOnly}
              onChange={(e) => setProfile({ ...profile, surname: e.target.value })}
            />
          </Stack>
          <Stack direction="row" spacing={2}>
            <FormControlLabel
              control={
                <Checkbox
                  checked={profile.approved}
                  disabled={readOnly}
                  onChange={(e) => setProfile({ ...profile, approved: e.target.checked })}
                />
              }
              label={t('Approved')}
            />
            <FormControlLabel
              control={
                <Checkbox
                  checked={profile.canSwitchRoles}
                  disabled={readOnly}
                  onChange={(e) => setProfile({ ...profile, canSwitchRoles: e.target.checked })}
                />
              }
              label={t('Can switch roles')}
            />
          </Stack>
          <Autocomplete
            multiple
            disabled={readOnly}
            options={[...PERMISSIONS] as string[]}
            value={profile.explicitPermissions}
            onChange={(_, v) => setProfile({ ...profile, explicitPermissions: v })}
            renderInput={(params) => <TextField {...params} label={t('Explicit permissions')} />}
          />
          <Stack direction="row">
            <Button
              variant="contained"
              onClick={saveProfile}
              disabled={readOnly || update.isPending}
            >
              {t('Save profile')}
            </Button>
          </Stack>
          <RoleSelects value={roles} onChange={setRoles} disabled={readOnly} />
          <Stack direction="row">
            <Button
              variant="contained"
              onClick={saveRoles}
              disabled={readOnly || setUserRoles.isPending}
            >
              {t('Save roles')}
            </Button>
          </Stack>
        </Stack>
      </Paper>
      <UserMemberships user={user} disabled={readOnly} />
      <UserJobsGrid userId={user.id} canAssignMore={user.hasMoreJobArtifactsToAssign} />
    </Stack>
  );
}

/** /admin/users/{userId}. */
export function UserDetailPage() {
  const t = useT();
  const { userId = '' } = useParams();
  const { data, error } = useUser(userId);
  if (error) return <Alert severity="error">{errorMessageOf(error)}</Alert>;
  if (!data) return <Typography>{t('Loading...')}</Typography>;
  return <UserEditor key={data.id} user={data} />;
}
