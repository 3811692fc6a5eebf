import {
  can,
  JOB_TAB_GROUPS,
  JOB_TABS,
  TAB_PERMISSIONS,
  type CurrentUserProfile,
  type JobTabGroup,
} from '@b2b/contract';

export type JobTab = (typeof JOB_TABS)[number];

/**
 * The job tabs a user sees: those whose accessor role they hold and whose tab permission that
 * role grants them (an explicit grant without the role, or the role without the permission —
 * e.g. after the role switcher — shows nothing), and any permission the tab needs besides.
 */
export function visibleJobTabs(user: CurrentUserProfile | undefined): JobTab[] {
  if (!user) return [];
  const roles = new Set(user.roles.tabbedView.map((entry) => entry.role));
  return JOB_TABS.filter(
    (tab) =>
      roles.has(tab.accessorRole) &&
      user.permissions.includes(TAB_PERMISSIONS[tab.accessorRole]) &&
      can(user, tab.permissions ?? []),
  );
}

/** The visible tabs by group, in the group order of SPEC.md; empty groups left out. */
export function groupJobTabs(tabs: readonly JobTab[]): { group: JobTabGroup; tabs: JobTab[] }[] {
  return JOB_TAB_GROUPS.map((group) => ({
    group,
    tabs: tabs.filter((tab) => tab.group === group),
  })).filter((entry) => entry.tabs.length > 0);
}

/** The tab a path below /jobs/:jobId belongs to (`users/assigned` is part of Users). */
export function tabOfPath(rest: string, tabs: readonly JobTab[]): JobTab | undefined {
  return [...tabs]
    .sort((a, b) => b.path.length - a.path.length)
    .find((tab) => rest === tab.path || rest.startsWith(`${tab.path}/`));
}
