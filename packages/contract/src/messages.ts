/** Every exact text of SPEC.md, used verbatim by the server and the web app. */
export const MESSAGES = {
  maintenance:
    'The system is currently offline for essential maintenance. Please check back again later. We apologize for any inconvenience',
  unknownSystemMode: 'Unknown system mode',
  authenticating: 'Authenticating...',
  redirecting: 'Redirecting...',
  initializing: 'Initializing...',
  loading: 'Loading...',
  autoLogoutFeatureOff:
    'Auto Logout On Idle feature is currently turned off in the site configuration',
  autoLogoutChanged: (value: boolean | string) =>
    `Auto Logout On Idle session setting changed to: ${String(value)}`,
  copyToClipboard: 'Copy to Clipboard',
  copied: 'Copied!',
  copiedToClipboard: 'Copied to clipboard',
  verificationSucceeded: 'Verification completed successfully',
  verificationFailed: 'Verification failed',
  unknownError: 'Unknown error',
  chatFailure: 'Something went wrong. Please try again later.',
  idleWarning: 'Session timeout, logged out automatically in a minute or so due to inactivity',
  stayLoggedIn: 'Stay Logged In',
  newVersion: 'Application refreshes automatically in 1 minute',
  refreshNow: 'Refresh Now',
  dontRefresh: "Don't Refresh",
  dialogNo: 'No',
  dialogYes: 'Yes',
  allRoutes: 'All Routes',
  systemRoles: 'System Roles',
  analysisRoles: 'Analysis Roles',
  pageTitleSuffix: 'B2B Analytics',
  /** Shown to users without SystemNotificationsDetailed_VIEW instead of the detail. */
  genericProblem:
    'Something went wrong. Please try again, and contact support if it keeps happening.',
  // Server-side texts of our own (not in SPEC.md), kept here so every side uses one wording.
  invalidCredentials: 'Wrong username or password.',
  notSignedIn: 'You are not signed in.',
  sessionExpired: 'Your session has expired. Please sign in again.',
  forbidden: 'You do not have permission to do this.',
  notFound: 'Not found.',
  tooManyAttempts: 'Too many sign-in attempts. Please wait a few minutes and try again.',
  csrfMissing: 'This request must be sent by the application (missing x-csrf-protection header).',
  readOnlyMode: 'The system is in read-only mode: changes are not accepted right now.',
  magicLinkSent:
    'If an account exists for that e-mail address, a sign-in link has been sent to it.',
  magicLinkInvalid: 'This sign-in link is invalid, has expired or has already been used.',
  internalError: 'Something went wrong on our side. The problem has been logged.',
  accountDeactivated: 'Your account has been deactivated.',
  // Single sign-on (OpenID Connect): what the sign-in page says after the provider's redirect.
  ssoPendingApproval:
    'Your account has been created and is waiting for an administrator to approve it. You can sign in once it is approved.',
  ssoNotAMember:
    'Your e-mail address belongs to an account of another organisation. Sign in with your password or ask your administrator.',
  ssoOtherLogin:
    'Your account is linked to another sign-in at your provider. Ask your administrator.',
  ssoNoEmail:
    'Your sign-in provider did not give a verified e-mail address, so your account cannot be found.',
  ssoFailed: 'Sign-in with your provider could not be completed. Please try again.',
  ssoProviderUnreachable:
    'The sign-in provider cannot be reached right now. Please try again later or sign in with your password.',
  /** A campaign response link that expired or was used: says so and shows nothing else. */
  responseLinkGone:
    'This link has expired or has already been used. Nothing more is needed from you; to answer again, reply to the e-mail you received.',
  /** A magic link (upload) that expired, was used, revoked or never existed: nothing else shown. */
  magicLinkGone:
    'This link has expired or was already used. Please ask the person who sent it for a new one.',
  uploadLinkDone: 'Thank you: your file has been received. Nothing more is needed from you.',
} as const;

/** What a request with a service token (`Authorization: Bearer`, issue 21) is told when refused. */
export const SERVICE_TOKEN_MESSAGES = {
  malformed: 'The Authorization header must read "Bearer <service token>".',
  unknown: 'This service token is not known. Create a new one on the Endpoint Comparison screens.',
  expired: 'This service token has expired. Create a new one on the Endpoint Comparison screens.',
  revoked: 'This service token was revoked. Create a new one on the Endpoint Comparison screens.',
  userDeactivated: 'The user of this service token is deactivated.',
  /** 403: a bearer request that would change state (docs/architecture.md, service tokens). */
  readOnly:
    'A service token may only read: this request would change data. Sign in to make changes.',
} as const;

/** Error codes the server sends beside a message, so the client can react without parsing text. */
export const ERROR_CODES = {
  sessionExpired: 'session-expired',
  notSignedIn: 'not-signed-in',
  forbidden: 'forbidden',
  publicBrandingError: 'public-branding-error',
  maintenance: 'maintenance',
  readOnly: 'read-only',
  validation: 'validation',
  notFound: 'not-found',
  conflict: 'conflict',
  rateLimited: 'rate-limited',
  csrf: 'csrf',
  internal: 'internal',
  responseLinkGone: 'response-link-gone',
  magicLinkGone: 'magic-link-gone',
  queryTimeout: 'query-timeout',
  ssoFailed: 'sso-failed',
  ssoUnavailable: 'sso-unavailable',
  /** Companies House: no API key configured, unreachable, too slow, or the key refused. */
  companiesHouseUnavailable: 'companies-house-unavailable',
  /** Endpoint comparison: the other environment refused the token, failed or did not answer. */
  otherEnvironmentUnavailable: 'other-environment-unavailable',
} as const;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];
