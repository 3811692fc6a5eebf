import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ungatedPermissions } from './permission-gates.js';

/**
 * Permissions SPEC §6 grants that open nothing yet. Each is work still to do: when you gate one,
 * this test fails until you take it off the list, so the list only ever shrinks. Say in
 * docs/permissions.md what each permission opens.
 */
const NOT_YET_GATED: string[] = [];

describe('every permission gates something', () => {
  it('leaves only the listed permissions without an endpoint, route or screen', () => {
    expect(ungatedPermissions()).toEqual(NOT_YET_GATED);
  });
});

describe('finding the permissions that gate nothing', () => {
  let folder = '';
  afterEach(() => fs.rmSync(folder, { recursive: true, force: true }));

  it('counts a permission named in source as gated, and ignores tests and comments-only words', () => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'b2b-gates-'));
    fs.writeFileSync(path.join(folder, 'page.tsx'), "const show = useCan('JobDelete');\n");
    fs.writeFileSync(path.join(folder, 'page.test.tsx'), "useCan('JobEdit');\n");
    fs.writeFileSync(path.join(folder, 'notes.ts'), '// JobCreate is mentioned, not used\n');
    const ungated = ungatedPermissions([folder]);
    expect(ungated).not.toContain('JobDelete');
    expect(ungated).toContain('JobEdit');
    expect(ungated).toContain('JobCreate');
  });
});
