import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useNotify } from '../../../components/feedback/notifications';
import { useInviteUser, type UserInviteInput } from '../api/invite-user';
import { useSetUserRoles } from '../api/set-user-roles';
import { RoleSelects } from '../components/role-selects';
import { fieldErrorsOf } from '../../../lib/api-error';
import { translateServerMessage, useT } from '../../../lib/i18n';

/** /admin/users/create: invites a user (pending until they follow the mailed sign-up link). */
export function UserCreatePage() {
  const t = useT();
  const [email, setEmail] = useState('');
  const [givenName, setGivenName] = useState('');
  const [surname, setSurname] = useState('');
  const [roles, setRoles] = useState({ standard: [] as string[], tabbedView: [] as string[] });
  const invite = useInviteUser();
  const setUserRoles = useSetUserRoles();
  const notify = useNotify();
  const navigate = useNavigate();
  const errors = fieldErrorsOf(invite.error);
  const submit = () =>
    invite.mutate(
      {
        email,
        givenName: givenName || undefined,
        surname: surname || undefined,
        standardRoles: roles.standard as UserInviteInput['standardRoles'],
      },
      {
        onSuccess: (r) => {
          const id = (r as { id: string }).id;
          void (async () => {
            // The invitation takes System Roles; Analysis Roles are set right after.
            if (roles.tabbedView.length > 0)
              await setUserRoles.mutateAsync({ userId: id, ...roles });
            notify.success(translateServerMessage(r.message));
            await navigate(`/admin/users/${id}`);
          })();
        },
        // Field errors show beside their fields; only other failures need a toast.
        onError: (e) => {
          if (Object.keys(fieldErrorsOf(e)).length === 0)
            notify.error(e, { operation: t('Invite user') });
        },
      },
    );
  return (
    <Paper sx={{ p: 3 }}>
      <Stack spacing={2} sx={{ maxWidth: 560 }}>
        <TextField
          label={t('E-mail address')}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={!!errors.email}
          helperText={errors.email}
          required
        />
        <TextField
          label={t('Given name')}
          value={givenName}
          onChange={(e) => setGivenName(e.target.value)}
        />
        <TextField
          label={t('Surname')}
          value={surname}
          onChange={(e) => setSurname(e.target.value)}
        />
        <RoleSelects value={roles} onChange={setRoles} />
        <Stack direction="row" spacing={1}>
          <Button variant="contained" onClick={submit} disabled={invite.isPending || !email}>
            {t('Send invitation')}
          </Button>
          <Button onClick={() => void navigate('/admin/users')}>{t('Cancel')}</Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
