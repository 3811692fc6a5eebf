import { MESSAGES, type RoleEntry, type RoleLists } from '@b2b/contract';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useT } from '../../../lib/i18n';

export type UserRolesProps = {
  roles: RoleLists;
};

/** A user's roles in the two groups the product names: System Roles and Analysis Roles. */
export function UserRoles({ roles }: UserRolesProps) {
  const t = useT();
  return (
    <>
      <RoleGroup title={t(MESSAGES.systemRoles)} entries={roles.standard} />
      <RoleGroup title={t(MESSAGES.analysisRoles)} entries={roles.tabbedView} />
    </>
  );
}

function RoleGroup({ title, entries }: { title: string; entries: readonly RoleEntry[] }) {
  const t = useT();
  const headingId = useId();
  return (
    <Paper component="section" aria-labelledby={headingId} sx={{ p: 3 }}>
      <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 2 }}>
        {title}
      </Typography>
      {entries.length === 0 ? (
        <Typography sx={{ color: 'text.secondary' }}>{t('None')}</Typography>
      ) : (
        <Box
          component="ul"
          sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexWrap: 'wrap', gap: 1 }}
        >
          {entries.map((entry) => (
            <li key={entry.role}>
              <Chip label={entry.displayName} title={entry.description} />
            </li>
          ))}
        </Box>
      )}
    </Paper>
  );
}
