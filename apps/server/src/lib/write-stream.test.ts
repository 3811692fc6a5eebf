import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { abandonWriteStream } from './write-stream.js';

describe('abandonWriteStream', () => {
  it('lets a write in flight fail without an uncaught error', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'b2b-write-stream-'));
    const uncaught: unknown[] = [];
    const onUncaught = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', onUncaught);
    try {
      for (let i = 0; i < 20; i++) {
        const out = fs.createWriteStream(path.join(dir, `file-${i}`));
        await once(out, 'open');
        out.write(Buffer.alloc(1 << 20));
        // The write is with the file system now; destroying the stream makes it fail later.
        await new Promise((resolve) => setImmediate(resolve));
        abandonWriteStream(out);
        // Not once(out, 'close'): it rejects on the 'error' this test expects to be absorbed.
        await new Promise<void>((resolve) => out.on('close', () => resolve()));
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(uncaught).toEqual([]);
    } finally {
      process.off('uncaughtException', onUncaught);
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
