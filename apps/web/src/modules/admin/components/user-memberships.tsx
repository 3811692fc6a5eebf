import type { UserDetail } from '@b2b/contract';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useNotify } from '../../../components/feedback/notifications';
import { useCan } from '../../../lib/permissions';
import { useSetUserMembership } from '../api/update-issuer-user';
import { usePotentialUserIssuers } from '../api/get-potential-user-issuers';
import { translateServerMessage, useT } from '../../../lib/i18n';

type Role = 'Manager' | 'Member';

/** The user's issuer memberships: join another issuer as Manager or Member, or leave one. */
export function UserMemberships({ user, disabled }: { user: UserDetail; disabled?: boolean }) {
  const t = useT();
  const canEdit = useCan('IssuerUsersUpdate') && !disabled;
  const potential = usePotentialUserIssuers(user.id);
  const [issuerId, setIssuerId] = useState<string | null>(null);
  const [role, setRole] = useState<Role>('Member');
  const notify = useNotify();
  const change = useSetUserMembership(user.id);
  const changeMembership = (
    input: { issuerId: string; userRole: Role | null },
    then?: () => void,
  ) =>
    change.mutate(input, {
      onSuccess: (r) => {
        notify.success(translateServerMessage(r.message));
        then?.();
      },
      onError: (e) => notify.error(e, { operation: t('Change issuer membership') }),
    });
  const options = potential.data ?? [];
  return (
    <Paper sx={{ p: 3 }}>
      <Stack spacing={2}>
        <Typography variant="h6">{t('Issuer memberships')}</Typography>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
          {user.issuers.length === 0 && <Typography variant="body2">{t('None')}</Typography>}
          {user.issuers.map((m) => (
            <Chip
              key={m.issuerId}
              label={
                m.isDomainUser
                  ? t('{{issuer}} · {{role}} · domain user', {
                      issuer: m.issuerName,
                      role: t(m.userRole),
                    })
                  : `${m.issuerName} · ${t(m.userRole)}`
              }
              onDelete={
                canEdit
                  ? () => changeMembership({ issuerId: m.issuerId, userRole: null })
                  : undefined
              }
            />
          ))}
        </Stack>
        {canEdit && (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Autocomplete
              sx={{ minWidth: 320 }}
              options={options.map((o) => o.issuerId)}
              getOptionLabel={(id) => {
                const o = options.find((x) => x.issuerId === id);
                return o
                  ? o.isDomainMatch
                    ? t('{{issuer}} (e-mail domain matches)', { issuer: o.issuerName })
                    : o.issuerName
                  : id;
              }}
              value={issuerId}
              onChange={(_, v) => setIssuerId(v)}
              renderInput={(params) => (
                <TextField {...params} size="small" label={t('Add to issuer')} />
              )}
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
              variant="outlined"
              disabled={!issuerId || change.isPending}
              onClick={() =>
                changeMembership({ issuerId: issuerId!, userRole: role }, () => setIssuerId(null))
              }
            >
              {t('Add')}
            </Button>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
