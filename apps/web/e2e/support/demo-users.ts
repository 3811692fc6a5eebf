/** The password every demo account is seeded with (DEMO_PASSWORD's default). */
export const DEMO_PASSWORD = 'Demo-Password-1';

/** One seeded demo account per standard role: `<role in lower case>@example.com`. */
export const DEMO_USERS = [
  { username: 'issuer@example.com', displayName: 'Issuer Demo' },
  { username: 'client@example.com', displayName: 'Client Demo' },
  { username: 'issuerplus@example.com', displayName: 'Issuer Plus Demo' },
  { username: 'accountmanager@example.com', displayName: 'Account Manager Demo' },
  { username: 'ptcojobmanager@example.com', displayName: 'Ptco Job Manager Demo' },
  { username: 'sysadmin@example.com', displayName: 'Sys Admin Demo' },
  { username: 'tester@example.com', displayName: 'Tester Demo' },
  { username: 'developer@example.com', displayName: 'Developer Demo' },
  { username: 'selfservejobcreator@example.com', displayName: 'Self Serve Job Creator Demo' },
  {
    username: 'matcheddataonlyjobcreator@example.com',
    displayName: 'Matched Data Only Job Creator Demo',
  },
  { username: 'campaignmanager@example.com', displayName: 'Campaign Manager Demo' },
  { username: 'useradministrator@example.com', displayName: 'User Administrator Demo' },
] as const;
