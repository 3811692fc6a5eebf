import Stack from '@mui/material/Stack';
import { useCurrentUser } from '../../../lib/auth/use-current-user';
import { useSessionInfo } from '../../../modules/auth/api/get-session-info';
import { IdleAutoLogoutToggle } from '../../../modules/auth/components/idle-auto-logout-toggle';
import { useClientConfig } from '../../../modules/system/api/get-client-config';
import { ProfileDetails } from '../../../modules/users/components/profile-details';
import { TermsStatusCard } from '../../../modules/users/components/terms-status-card';
import { UserRoles } from '../../../modules/users/components/user-roles';
import { BrandingSection } from './branding-section';
import { BrowserSettings } from './browser-settings';

/**
 * /profile: who the user is, their System Roles and Analysis Roles, their branding, the terms
 * they agreed, and the session and browser settings.
 */
export function ProfilePage() {
  const profile = useCurrentUser();
  const config = useClientConfig();
  const sessionInfo = useSessionInfo();
  // The site configuration decides; the session's own report stands in if it could not load.
  const idleFeature =
    config.data?.idleAutoLogoutEnabled ?? sessionInfo.data?.idleAutoLogoutAvailable ?? false;

  return (
    <Stack spacing={3}>
      <ProfileDetails profile={profile} />
      <UserRoles roles={profile.roles} />
      <BrandingSection profile={profile} />
      <TermsStatusCard />
      <BrowserSettings idleToggle={<IdleAutoLogoutToggle featureEnabled={idleFeature} />} />
    </Stack>
  );
}
