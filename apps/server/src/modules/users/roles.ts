import {
  ROLE_DESCRIPTIONS,
  STANDARD_ROLES,
  TABBED_VIEW_ROLES,
  type Role,
  type RoleEntry,
  type RoleLists,
} from '@b2b/contract';

function entry(role: Role): RoleEntry {
  return { role, ...ROLE_DESCRIPTIONS[role] };
}

/** Builds the standard / tabbedView role lists, dropping any stored name that is not a known role. */
export function roleLists(standard: readonly string[], tabbedView: readonly string[]): RoleLists {
  return {
    standard: STANDARD_ROLES.filter((r) => standard.includes(r)).map(entry),
    tabbedView: TABBED_VIEW_ROLES.filter((r) => tabbedView.includes(r)).map(entry),
  };
}

export const ALL_ROLE_LISTS: RoleLists = roleLists(STANDARD_ROLES, TABBED_VIEW_ROLES);
