import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCurrentUser } from '../../../lib/auth/use-current-user';
import { UserRoles } from '../../../modules/users/components/user-roles';

/** '/': greets the signed-in user and lists their roles. */
export function HomePage() {
  const user = useCurrentUser();
  return (
    <Stack spacing={3}>
      <Typography variant="h4" component="h1">
        Welcome, {user.displayName}
      </Typography>
      <UserRoles roles={user.roles} />
    </Stack>
  );
}
