import {
  DEFAULT_TABBED_VIEW_ROLES,
  STANDARD_ROLES,
  type StandardRole,
  type ThemeKey,
} from '@b2b/contract';

/** Demo brandings: the five issuer themes plus the default system theme (SPEC.md section 9). */
export const DEMO_BRANDINGS: {
  brandingKey: string;
  theme: ThemeKey;
  displayName: string;
  fullDomainName: string | null;
}[] = [
  { brandingKey: 'Default', theme: 'default', displayName: 'B2B Analytics', fullDomainName: null },
  {
    brandingKey: 'PayTech',
    theme: 'paytech',
    displayName: 'PayTech',
    fullDomainName: 'paytech.localhost',
  },
  {
    brandingKey: 'Mastercard',
    theme: 'mastercard',
    displayName: 'Mastercard',
    fullDomainName: 'mastercard.localhost',
  },
  {
    brandingKey: 'Lloyds',
    theme: 'lloyds',
    displayName: 'Lloyds',
    fullDomainName: 'lloyds.localhost',
  },
  {
    brandingKey: 'TestBranding',
    theme: 'test',
    displayName: 'Test Branding',
    fullDomainName: 'test.localhost',
  },
  {
    brandingKey: 'McPayTech',
    theme: 'hsbc',
    displayName: 'McPayTech',
    fullDomainName: 'hsbc.localhost',
  },
];

export const DEMO_ISSUERS = [
  {
    issuerKey: 'paytech-bank',
    name: 'PayTech Bank',
    brandingKey: 'PayTech',
    scheme: 'Visa',
    currency: 'GBP',
    fallbackCountryIso3: 'GBR',
    emailDomains: ['paytech-bank.example'],
    buyers: ['Acme Manufacturing Ltd', 'Northwind Foods plc'],
  },
  {
    issuerKey: 'mastercard-issuing',
    name: 'Mastercard Issuing Demo',
    brandingKey: 'Mastercard',
    scheme: 'Mastercard',
    currency: 'USD',
    fallbackCountryIso3: 'USA',
    emailDomains: ['mc-issuing.example'],
    buyers: ['Contoso Logistics Inc', 'Fabrikam Health LLC'],
  },
  {
    issuerKey: 'lloyds-commercial',
    name: 'Lloyds Commercial Banking',
    brandingKey: 'Lloyds',
    scheme: 'Visa',
    currency: 'GBP',
    fallbackCountryIso3: 'GBR',
    emailDomains: ['lloyds-commercial.example'],
    buyers: ['Borough Council of Exampleton'],
  },
  {
    issuerKey: 'test-issuer',
    name: 'Test Issuer',
    brandingKey: 'TestBranding',
    scheme: 'Unknown',
    currency: 'EUR',
    fallbackCountryIso3: 'DEU',
    emailDomains: ['test-issuer.example'],
    buyers: ['Beispiel Maschinenbau GmbH'],
  },
  {
    issuerKey: 'mcpaytech-europe',
    name: 'McPayTech Europe',
    brandingKey: 'McPayTech',
    scheme: 'Mastercard',
    currency: 'EUR',
    fallbackCountryIso3: 'FRA',
    emailDomains: ['mcpaytech.example'],
    buyers: ['Exemple Distribution SAS'],
  },
] as const;

/** Internal staff roles: members of every issuer, so they see all demo data. */
const INTERNAL: readonly StandardRole[] = [
  'ptcoJobManager',
  'sysAdmin',
  'tester',
  'developer',
  'UserAdministrator',
];

export type DemoUser = {
  username: string;
  role: StandardRole;
  givenName: string;
  surname: string;
  tabbedViewRoles: readonly string[];
  canSwitchRoles: boolean;
  /** Issuer keys and the membership role held in each. */
  issuers: { issuerKey: string; userRole: 'Manager' | 'Member' }[];
};

function givenNameOf(role: string): string {
  const spaced = role.replace(/([a-z])([A-Z])/g, '$1 $2');
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

/** One demo user per role of SPEC.md section 6: `<role in lower case>@example.com`. */
export const DEMO_USERS: DemoUser[] = STANDARD_ROLES.map((role) => ({
  username: `${role.toLowerCase()}@example.com`,
  role,
  givenName: givenNameOf(role),
  surname: 'Demo',
  tabbedViewRoles: DEFAULT_TABBED_VIEW_ROLES[role],
  canSwitchRoles: role === 'developer' || role === 'tester',
  issuers: INTERNAL.includes(role)
    ? DEMO_ISSUERS.map((i) => ({ issuerKey: i.issuerKey, userRole: 'Member' as const }))
    : [{ issuerKey: 'paytech-bank', userRole: role === 'accountManager' ? 'Manager' : 'Member' }],
}));
