import type fs from 'node:fs';

/**
 * Stops writing a file after a failure. A write already handed to the file system when the
 * stream is destroyed fails afterwards with "Cannot call write after a stream was destroyed";
 * without a listener that 'error' event is an uncaught exception, which ends the process (a
 * worker, mid-command). The failure that led here is already being reported by the caller.
 */
export function abandonWriteStream(out: fs.WriteStream): void {
  out.on('error', () => undefined);
  out.destroy();
}
