import { createHash } from 'node:crypto';
import path from 'node:path/posix';
import ssh2, { type SFTPWrapper } from 'ssh2';
import { uiText } from '../../lib/ui-text.js';

/** Where and as whom to connect; the secret already opened from its sealed form. */
export type SftpTarget = {
  host: string;
  port: number;
  username: string;
  password?: string | undefined;
  privateKey?: string | undefined;
  /** The pinned `SHA256:…` fingerprint: any other host key ends the connection unused. */
  hostKeyFingerprint: string;
  connectTimeoutMs: number;
};

export type RemoteFile = { name: string; path: string; sizeBytes: number; modifiedAt: Date };

/** The connection refused the server's host key: the poll must stop and say so. */
export class HostKeyMismatchError extends Error {
  override name = 'HostKeyMismatchError';
  constructor(
    readonly expected: string,
    readonly offered: string,
  ) {
    super(
      uiText(
        `The server's host key has changed: expected ${expected}, the server offered ${offered}. Polling is stopped until the fingerprint is checked and updated.`,
      ),
    );
  }
}

/** OpenSSH's form of a host key's fingerprint: SHA256 of the key blob, unpadded base64. */
export function fingerprintOf(keyBlob: Buffer): string {
  return `SHA256:${createHash('sha256').update(keyBlob).digest('base64').replace(/=+$/, '')}`;
}

/** A file name glob (`*`, `?`, `[abc]`) as a whole-name regular expression. */
export function globToRegExp(pattern: string): RegExp {
  let source = '';
  for (const ch of pattern) {
    if (ch === '*') source += '[^/]*';
    else if (ch === '?') source += '[^/]';
    else if (ch === '[' || ch === ']') source += ch;
    else source += ch.replace(/[.+^${}()|\\-]/g, '\\$&');
  }
  try {
    return new RegExp(`^${source}$`);
  } catch {
    return new RegExp(`^${pattern.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&')}$`);
  }
}

const S_IFMT = 0o170000;
const S_IFREG = 0o100000;

function promised<T>(work: (done: (error: Error | null | undefined, value?: T) => void) => void) {
  return new Promise<T>((resolve, reject) =>
    work((error, value) => (error ? reject(error) : resolve(value as T))),
  );
}

/** What a connection failure means to the person who configured the inbox. */
function connectMessage(target: SftpTarget, error: Error & { code?: string; level?: string }) {
  const where = `${target.host}:${target.port}`;
  const { host, username } = target;
  const { code, message } = error;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN')
    return uiText(`Host ${host} could not be found (${code}).`);
  if (code === 'ECONNREFUSED') return uiText(`Connection to ${where} was refused (ECONNREFUSED).`);
  if (code === 'ETIMEDOUT' || /Timed out while waiting for handshake/.test(message)) {
    const seconds = Math.round(target.connectTimeoutMs / 1000);
    return uiText(`Connection to ${where} timed out after ${seconds} s.`);
  }
  if (error.level === 'client-authentication')
    return uiText(`The server refused the user ${username}: check the password or key.`);
  return uiText(`Could not connect to ${where}: ${message}`);
}

/** A connection failure with a message meant for the screen. */
export class SftpConnectError extends Error {
  override name = 'SftpConnectError';
}

/** An open SFTP session; `close()` ends the connection. */
export type SftpSession = {
  offeredFingerprint: string;
  list(folder: string, pattern: RegExp): Promise<RemoteFile[]>;
  download(remotePath: string, localPath: string): Promise<void>;
  /** Moves the file to `processed/` beside it (made when missing); returns the new path. */
  moveToProcessed(remotePath: string, uniqueSuffix: string): Promise<string>;
  close(): void;
};

/**
 * Connects and opens SFTP. The host key is checked against the pinned fingerprint before any
 * credential is sent; a different key throws HostKeyMismatchError. The connect time-out is
 * bounded (SFTP_CONNECT_TIMEOUT_SECONDS), so an unreachable host is an answer, not a hang.
 */
export async function openSftp(target: SftpTarget): Promise<SftpSession> {
  const client = new ssh2.Client();
  let offered = '';
  let mismatch = false;
  const sftp = await new Promise<SFTPWrapper>((resolve, reject) => {
    client.on('error', (error) => {
      if (mismatch) reject(new HostKeyMismatchError(target.hostKeyFingerprint, offered));
      else reject(new SftpConnectError(connectMessage(target, error)));
    });
    client.on('ready', () => {
      client.sftp((error, session) =>
        error
          ? reject(new SftpConnectError(uiText(`The server did not open SFTP: ${error.message}`)))
          : resolve(session),
      );
    });
    client.connect({
      host: target.host,
      port: target.port,
      username: target.username,
      ...(target.password !== undefined ? { password: target.password } : {}),
      ...(target.privateKey !== undefined ? { privateKey: target.privateKey } : {}),
      readyTimeout: target.connectTimeoutMs,
      hostVerifier: (key: Buffer) => {
        offered = fingerprintOf(key);
        mismatch = offered !== target.hostKeyFingerprint;
        return !mismatch;
      },
    });
  }).catch((error: unknown) => {
    client.end();
    throw error;
  });

  return {
    offeredFingerprint: offered,
    async list(folder, pattern) {
      const entries = await promised<ssh2.FileEntry[]>((done) => sftp.readdir(folder, done));
      return entries
        .filter((e) => (e.attrs.mode & S_IFMT) === S_IFREG && pattern.test(e.filename))
        .map((e) => ({
          name: e.filename,
          path: path.join(folder, e.filename),
          sizeBytes: e.attrs.size,
          modifiedAt: new Date(e.attrs.mtime * 1000),
        }))
        .sort(
          (a, b) => a.modifiedAt.getTime() - b.modifiedAt.getTime() || a.name.localeCompare(b.name),
        );
    },
    async download(remotePath, localPath) {
      await promised<void>((done) =>
        sftp.fastGet(remotePath, localPath, { concurrency: 16, chunkSize: 64 * 1024 }, done),
      );
    },
    async moveToProcessed(remotePath, uniqueSuffix) {
      const folder = path.join(path.dirname(remotePath), 'processed');
      await promised<void>((done) => sftp.mkdir(folder, () => done(null)));
      const name = path.basename(remotePath);
      const target = path.join(folder, name);
      try {
        await promised<void>((done) => sftp.rename(remotePath, target, done));
        return target;
      } catch {
        // A file of that name was processed before: keep both, this one suffixed.
        const suffixed = `${target}.${uniqueSuffix}`;
        await promised<void>((done) => sftp.rename(remotePath, suffixed, done));
        return suffixed;
      }
    },
    close: () => client.end(),
  };
}
