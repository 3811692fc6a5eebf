import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import ssh2 from 'ssh2';
import { fingerprintOf } from '../src/modules/sftp-inboxes/sftp-client.js';

const { OPEN_MODE, STATUS_CODE } = ssh2.utils.sftp;

export type TestSftpServer = {
  host: string;
  port: number;
  /** The folder the server serves as `/`. */
  root: string;
  username: string;
  password: string;
  hostKeyFingerprint: string;
  /** Bytes the server has sent from file reads (a file taken twice shows here). */
  bytesRead: () => number;
  /** Paths opened for reading, in order. */
  reads: string[];
  close: () => Promise<void>;
};

function statsOf(stat: fs.Stats) {
  return {
    mode: stat.mode,
    uid: stat.uid,
    gid: stat.gid,
    size: stat.size,
    atime: Math.floor(stat.atimeMs / 1000),
    mtime: Math.floor(stat.mtimeMs / 1000),
  };
}

/** A fresh ed25519 host key; ssh2 now and then makes one its own parser refuses, so try again. */
function newHostKey(): string {
  for (;;) {
    const key = ssh2.utils.generateKeyPairSync('ed25519').private;
    if (!(ssh2.utils.parseKey(key) instanceof Error)) return key;
  }
}

/**
 * A real SFTP server on loopback (ssh2's Server) serving a temporary folder, for the inbox
 * tests, the journey and the benchmark. Password authentication; a fresh ed25519 host key per
 * server, or the one given (so a "restarted" server can keep or change its key).
 */
export async function startTestSftpServer(
  options: { root?: string; hostKey?: string; port?: number } = {},
): Promise<TestSftpServer & { hostKey: string }> {
  const root = options.root ?? fs.mkdtempSync(path.join(os.tmpdir(), 'b2b-sftp-root-'));
  const hostKey = options.hostKey ?? newHostKey();
  const parsed = ssh2.utils.parseKey(hostKey);
  if (parsed instanceof Error) throw parsed;
  const hostKeyFingerprint = fingerprintOf(parsed.getPublicSSH());
  const username = 'inbox';
  const password = 'inbox-password';
  const reads: string[] = [];
  let bytes = 0;
  const local = (p: string) => path.join(root, path.posix.normalize(`/${p}`));

  const server = new ssh2.Server({ hostKeys: [hostKey] }, (client) => {
    client.on('authentication', (ctx) => {
      if (ctx.method === 'password' && ctx.username === username && ctx.password === password)
        ctx.accept();
      else ctx.reject(['password']);
    });
    client.on('error', () => undefined);
    client.on('ready', () => {
      client.on('session', (accept) => {
        const session = accept();
        session.on('sftp', (acceptSftp) => {
          const sftp = acceptSftp();
          const handles = new Map<
            number,
            { fd?: number; dir?: string; listed?: boolean; path: string }
          >();
          let next = 0;
          const handle = (entry: { fd?: number; dir?: string; path: string }) => {
            const id = next++;
            handles.set(id, entry);
            const buf = Buffer.alloc(4);
            buf.writeUInt32BE(id);
            return buf;
          };
          const entryOf = (buf: Buffer) =>
            buf.length === 4 ? handles.get(buf.readUInt32BE(0)) : undefined;
          const fail = (reqId: number, error: unknown) => {
            const code = (error as { code?: string }).code;
            sftp.status(
              reqId,
              code === 'ENOENT' ? STATUS_CODE.NO_SUCH_FILE : STATUS_CODE.FAILURE,
              String(error),
            );
          };
          sftp.on('REALPATH', (reqId, p) => {
            const resolved = path.posix.normalize(`/${p}`);
            sftp.name(reqId, [{ filename: resolved, longname: resolved, attrs: {} as never }]);
          });
          sftp.on('STAT', (reqId, p) => {
            try {
              sftp.attrs(reqId, statsOf(fs.statSync(local(p))));
            } catch (error) {
              fail(reqId, error);
            }
          });
          sftp.on('LSTAT', (reqId, p) => {
            try {
              sftp.attrs(reqId, statsOf(fs.lstatSync(local(p))));
            } catch (error) {
              fail(reqId, error);
            }
          });
          sftp.on('OPENDIR', (reqId, p) => {
            if (!fs.existsSync(local(p)) || !fs.statSync(local(p)).isDirectory())
              return sftp.status(reqId, STATUS_CODE.NO_SUCH_FILE);
            sftp.handle(reqId, handle({ dir: local(p), path: p }));
          });
          sftp.on('READDIR', (reqId, buf) => {
            const entry = entryOf(buf);
            if (!entry?.dir) return sftp.status(reqId, STATUS_CODE.FAILURE);
            if (entry.listed) return sftp.status(reqId, STATUS_CODE.EOF);
            entry.listed = true;
            const names = fs.readdirSync(entry.dir).map((filename) => ({
              filename,
              longname: filename,
              attrs: statsOf(fs.statSync(path.join(entry.dir!, filename))),
            }));
            sftp.name(reqId, names);
          });
          sftp.on('OPEN', (reqId, p, flags) => {
            try {
              const write = (flags & OPEN_MODE.WRITE) !== 0;
              const fd = fs.openSync(local(p), write ? 'w' : 'r');
              if (!write) reads.push(path.posix.normalize(`/${p}`));
              sftp.handle(reqId, handle({ fd, path: p }));
            } catch (error) {
              fail(reqId, error);
            }
          });
          sftp.on('FSTAT', (reqId, buf) => {
            const entry = entryOf(buf);
            if (entry?.fd === undefined) return sftp.status(reqId, STATUS_CODE.FAILURE);
            sftp.attrs(reqId, statsOf(fs.fstatSync(entry.fd)));
          });
          sftp.on('READ', (reqId, buf, offset, length) => {
            const entry = entryOf(buf);
            if (entry?.fd === undefined) return sftp.status(reqId, STATUS_CODE.FAILURE);
            const data = Buffer.alloc(length);
            const n = fs.readSync(entry.fd, data, 0, length, offset);
            if (n === 0) return sftp.status(reqId, STATUS_CODE.EOF);
            bytes += n;
            sftp.data(reqId, data.subarray(0, n));
          });
          sftp.on('WRITE', (reqId, buf, offset, data) => {
            const entry = entryOf(buf);
            if (entry?.fd === undefined) return sftp.status(reqId, STATUS_CODE.FAILURE);
            fs.writeSync(entry.fd, data, 0, data.length, offset);
            sftp.status(reqId, STATUS_CODE.OK);
          });
          sftp.on('CLOSE', (reqId, buf) => {
            const entry = entryOf(buf);
            if (!entry) return sftp.status(reqId, STATUS_CODE.FAILURE);
            if (entry.fd !== undefined) fs.closeSync(entry.fd);
            handles.delete(buf.readUInt32BE(0));
            sftp.status(reqId, STATUS_CODE.OK);
          });
          sftp.on('MKDIR', (reqId, p) => {
            try {
              fs.mkdirSync(local(p));
              sftp.status(reqId, STATUS_CODE.OK);
            } catch (error) {
              fail(reqId, error);
            }
          });
          sftp.on('RENAME', (reqId, from, to) => {
            try {
              if (fs.existsSync(local(to)))
                return sftp.status(reqId, STATUS_CODE.FAILURE, 'exists');
              fs.renameSync(local(from), local(to));
              sftp.status(reqId, STATUS_CODE.OK);
            } catch (error) {
              fail(reqId, error);
            }
          });
        });
      });
    });
  });

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    host: '127.0.0.1',
    port,
    root,
    username,
    password,
    hostKey,
    hostKeyFingerprint,
    bytesRead: () => bytes,
    reads,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
