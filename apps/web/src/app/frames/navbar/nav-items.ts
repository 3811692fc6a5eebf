import { WEB_ROUTES, type AnyPermission } from '@b2b/contract';
import AccountBalance from '@mui/icons-material/AccountBalance';
import Assessment from '@mui/icons-material/Assessment';
import Build from '@mui/icons-material/Build';
import Business from '@mui/icons-material/Business';
import Campaign from '@mui/icons-material/Campaign';
import Code from '@mui/icons-material/Code';
import Dashboard from '@mui/icons-material/Dashboard';
import Engineering from '@mui/icons-material/Engineering';
import Home from '@mui/icons-material/Home';
import LibraryBooks from '@mui/icons-material/LibraryBooks';
import NewReleases from '@mui/icons-material/NewReleases';
import People from '@mui/icons-material/People';
import Public from '@mui/icons-material/Public';
import QueryStats from '@mui/icons-material/QueryStats';
import ReceiptLong from '@mui/icons-material/ReceiptLong';
import Storefront from '@mui/icons-material/Storefront';
import Tune from '@mui/icons-material/Tune';
import type SvgIcon from '@mui/material/SvgIcon';
import { tKey } from '../../../lib/i18n';

export type NavItem = {
  label: string;
  to: string;
  icon: typeof SvgIcon;
  /** The route's permissions (from WEB_ROUTES) plus any the entry itself needs. */
  permissions: readonly AnyPermission[];
};

export type NavGroup = { label: string; items: readonly NavItem[] };

/** The permissions of a route of the table: the navigation never invents its own. */
export function routePermissions(path: string): readonly AnyPermission[] {
  const route = WEB_ROUTES.find((r) => r.path === path);
  if (!route) throw new Error(`No route ${path} in WEB_ROUTES`);
  return route.permissions;
}

function item(
  label: string,
  to: string,
  icon: typeof SvgIcon,
  extra: readonly AnyPermission[] = [],
): NavItem {
  return { label, to, icon, permissions: [...new Set([...routePermissions(to), ...extra])] };
}

export const HOME_ITEM = item(tKey('Home'), '/', Home);

/** The left navigation of SPEC.md section 2, below the New Job button and Home. */
export const NAV_GROUPS: readonly NavGroup[] = [
  {
    label: tKey('Analysis'),
    items: [
      item(tKey('Analysis'), '/analysis', Assessment),
      item(tKey('Global Insights'), '/global-insights/insights', Public),
      item(tKey('Campaign Workflows'), '/campaign-workflows', Campaign),
      item(tKey('Vendors'), '/vendors', Storefront),
      item(tKey('Resource Hub'), '/resource-hub', LibraryBooks),
      item(tKey('Dashboard'), '/dashboard', Dashboard),
      item(tKey('Release Notes'), '/release-notes', NewReleases),
    ],
  },
  {
    label: tKey('Admin'),
    items: [
      item(tKey('Issuer Manager'), '/admin/issuer-manager', AccountBalance),
      item(tKey('Buyer Manager'), '/admin/buyer-manager', Business),
      // SPEC.md: User Management needs UserManagement_VIEW besides the route's User_CRUD.
      item(tKey('User Management'), '/admin/users', People, ['UserManagement_VIEW']),
      item(tKey('System Logs'), '/admin/system-logs', ReceiptLong),
      item(tKey('Analytics Query'), '/admin/analytics-query', QueryStats),
      item(tKey('Analysis Admin'), '/admin/analysis-admin', Tune),
    ],
  },
  {
    label: tKey('System'),
    items: [
      item(tKey('DevOps'), '/devops', Engineering),
      item(tKey('Tools'), '/tools', Build),
      item(tKey('Dev'), '/dev', Code),
    ],
  },
];

/** The New Job button needs JobCreate and the creation route's own permissions. */
export const NEW_JOB_PERMISSIONS: readonly AnyPermission[] = [
  ...new Set<AnyPermission>(['JobCreate', ...routePermissions('/jobs/create/:type')]),
];
