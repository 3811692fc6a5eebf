/** hoodiecrow-imap ships no types: the part of its server the tests use. */
declare module 'hoodiecrow-imap' {
  import type { Server } from 'node:net';

  export type HoodiecrowServer = {
    server: Server;
    /** Users by name; a test may change a password while the server runs. */
    users: Record<string, { password: string }>;
    listen(port: number, host: string, callback: () => void): void;
    close(callback: () => void): void;
  };

  export default function hoodiecrow(options?: {
    users?: Record<string, { password: string }>;
    storage?: Record<string, unknown>;
    plugins?: string[];
  }): HoodiecrowServer;
}
