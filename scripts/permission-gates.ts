import fs from 'node:fs';
import path from 'node:path';
import { PERMISSIONS, type Permission } from '../packages/contract/src/permissions.js';

const ROOT = path.resolve(import.meta.dirname, '..');

/** Where a permission can gate something: endpoints and routes (contract), the server, the web. */
export const GATE_SOURCES = ['packages/contract/src', 'apps/server/src', 'apps/web/src'].map((p) =>
  path.join(ROOT, p),
);

/** The catalogue itself names every permission: naming one there gates nothing. */
const CATALOGUE_FILES = new Set(['permissions.ts', 'permissions-table.ts']);

function sourceFiles(folder: string): string[] {
  return fs.readdirSync(folder, { withFileTypes: true, recursive: true }).flatMap((entry) => {
    const name = entry.name;
    if (!entry.isFile() || !/\.tsx?$/.test(name) || /\.test\.tsx?$/.test(name)) return [];
    if (CATALOGUE_FILES.has(name) && entry.parentPath.endsWith(path.join('contract', 'src')))
      return [];
    return [path.join(entry.parentPath, name)];
  });
}

/**
 * The permissions of SPEC §6 that no endpoint, route or screen names outside the catalogue: a role
 * that is granted one gets nothing for it. A permission counts as gating something when its name
 * appears as a string literal in non-test source (an endpoint's `access`, a route's permissions,
 * a `useCan(...)`, a server check).
 */
export function ungatedPermissions(folders: readonly string[] = GATE_SOURCES): Permission[] {
  const named = new Set<string>();
  for (const folder of folders) {
    for (const file of sourceFiles(folder)) {
      for (const match of fs.readFileSync(file, 'utf8').matchAll(/['"`]([A-Za-z_&]+)['"`]/g)) {
        named.add(match[1]!);
      }
    }
  }
  return PERMISSIONS.filter((permission) => !named.has(permission));
}
