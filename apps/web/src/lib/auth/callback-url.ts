/** Where the sign-in page sends the user back to. */
export const CALLBACK_URL_PARAM = 'callbackUrl';
/** Why the user was sent to sign in (an error code of the contract). */
export const LOGIN_ERROR_PARAM = 'error';

/**
 * The callback URL when it is a path on this site, else '/'. '//host' and '/\host' are
 * rejected: browsers read both as another host, which would make sign-in an open redirect.
 */
export function safeCallbackUrl(value: string | null | undefined): string {
  if (!value || !value.startsWith('/')) return '/';
  if (value.startsWith('//') || value.startsWith('/\\')) return '/';
  return value;
}

/** The sign-in path that returns the user to `location` afterwards. */
export function loginPath(
  location: { pathname: string; search: string },
  errorCode?: string,
): string {
  const search = new URLSearchParams({ [CALLBACK_URL_PARAM]: location.pathname + location.search });
  if (errorCode) search.set(LOGIN_ERROR_PARAM, errorCode);
  return `/login?${search.toString()}`;
}
