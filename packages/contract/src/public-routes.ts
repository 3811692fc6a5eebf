import type { WebRoute } from './routes.js';

/**
 * The routes of SPEC.md section 2 reachable signed out, part of WEB_ROUTES. A module of their
 * own: the web app's entry builds its public routes from these alone, and loads the rest of the
 * table with the first signed-in page (docs/architecture.md, "Bundle budget").
 */
export const PUBLIC_WEB_ROUTES: readonly WebRoute[] = [
  { path: '/login', title: 'Sign in', frame: 'public', permissions: [], public: true },
  { path: '/lobby', title: 'Lobby', frame: 'public', permissions: [], public: true },
  { path: '/401', title: 'Not authorised', frame: 'bare', permissions: [], public: true },
  { path: '/404', title: 'Page not found', frame: 'bare', permissions: [], public: true },
  { path: '/500', title: 'Something went wrong', frame: 'bare', permissions: [], public: true },
  { path: '/503', title: 'Service unavailable', frame: 'bare', permissions: [], public: true },
  // A supplier's answer to a campaign e-mail: the link's token is its only key.
  {
    path: '/campaign-response/:token',
    title: 'Your answer',
    frame: 'public',
    permissions: [],
    public: true,
  },
  // A magic upload link: a person without an account uploads a job's AP file once.
  {
    path: '/upload-link/:token',
    title: 'Upload your file',
    frame: 'public',
    permissions: [],
    public: true,
  },
  // A results link: a person reads a published job's results as a MagicLinkUser (SPEC §3).
  {
    path: '/results-link/:token',
    title: 'Analysis results',
    frame: 'public',
    permissions: [],
    public: true,
  },
  // An accounting magic link (MergeMagicLink): a person connects the buyer's accounting system.
  {
    path: '/accounting-link/:token',
    title: 'Connect your accounting system',
    frame: 'public',
    permissions: [],
    public: true,
  },
];
