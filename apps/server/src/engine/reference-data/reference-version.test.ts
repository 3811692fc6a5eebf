import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { listReferenceVersions } from './reference-version.js';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'b2b-reference-versions-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

function writeManifest(versionId: string, createdAt: string) {
  fs.mkdirSync(path.join(root, versionId));
  fs.writeFileSync(
    path.join(root, versionId, 'manifest.json'),
    JSON.stringify({ versionId, createdAt }),
  );
}

describe('listReferenceVersions', () => {
  it('puts the newest first even when two were made within one second', async () => {
    // Same second in the id; the later one's content hash sorts first alphabetically.
    writeManifest('20261127T081536Z-ffffffffffff', '2026-11-27T08:15:36.100Z');
    writeManifest('20261127T081536Z-000000000000', '2026-11-27T08:15:36.900Z');
    writeManifest('20261126T090000Z-999999999999', '2026-11-26T09:00:00.000Z');
    fs.mkdirSync(path.join(root, 'not-a-version'));
    expect((await listReferenceVersions(root)).map((m) => m.versionId)).toEqual([
      '20261127T081536Z-000000000000',
      '20261127T081536Z-ffffffffffff',
      '20261126T090000Z-999999999999',
    ]);
  });
});
