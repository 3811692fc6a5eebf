import { randomBytes } from 'node:crypto';
import {
  ANONYMIZE_COPY_CONFIRMATION,
  ANONYMIZE_LIVE_CONFIRMATION,
  type AnonymizeDatabaseResult,
} from '@b2b/contract';
import {
  type DatabaseHandle,
  DatabaseUnavailableError,
  openDatabase,
  redactUrl,
} from '../../db/client.js';
import { anonymizePersonalData, describeDatabase } from '../../db/personal-data.js';
import type { Actor } from '../../lib/actor.js';
import { AppError } from '../../lib/app-error.js';
import type { SystemLogsService } from '../system-logs/system-logs.service.js';

type Body = {
  targetDatabaseUrl?: string | undefined;
  force: boolean;
  confirmation: string;
  key?: string | undefined;
  newPassword?: string | undefined;
};

/**
 * The database anonymizer (SPEC §2 Dev, /dev/tools/database-anonymizer): rewrites the personal
 * data of a copy of the database made for testing (db/personal-data.ts says what and how). The
 * live database is refused unless the person forces it and types the longer confirmation, and
 * always in production, where it would destroy every user's account. Each run is audited on the
 * live database, whichever was rewritten.
 */
export function createDatabaseAnonymizerService(deps: {
  env: 'development' | 'production' | 'test';
  live: DatabaseHandle;
  systemLogs: SystemLogsService;
  hashPassword: (password: string) => Promise<string>;
}) {
  async function openTarget(url: string): Promise<DatabaseHandle> {
    try {
      return await openDatabase({ databaseUrl: url });
    } catch (error) {
      if (error instanceof DatabaseUnavailableError)
        throw AppError.badRequest(error.message, 'targetDatabaseUrl');
      throw error;
    }
  }

  function checkConfirmation(live: boolean, body: Body) {
    if (live && deps.env === 'production') {
      throw AppError.conflict(
        "The live database is never anonymized in production: it would replace every user's account.",
      );
    }
    if (live && !body.force) {
      throw AppError.conflict(
        `This is the live database. Anonymize a copy instead, or force it and type ${ANONYMIZE_LIVE_CONFIRMATION}.`,
      );
    }
    const expected = live ? ANONYMIZE_LIVE_CONFIRMATION : ANONYMIZE_COPY_CONFIRMATION;
    if (body.confirmation.trim() !== expected)
      throw AppError.badRequest(`Type ${expected} to confirm.`, 'confirmation');
  }

  return {
    async anonymize(actor: Actor, body: Body): Promise<AnonymizeDatabaseResult> {
      const started = Date.now();
      const target = body.targetDatabaseUrl ? await openTarget(body.targetDatabaseUrl) : deps.live;
      try {
        const described = await describeDatabase(target.db);
        const live =
          target === deps.live ||
          described.identity === (await describeDatabase(deps.live.db)).identity;
        checkConfirmation(live, body);
        if (!described.isOurs) {
          throw AppError.badRequest(
            `${target.location} is not a B2B Analytics database: it has no users or system_logs table.`,
            'targetDatabaseUrl',
          );
        }
        const counts = await anonymizePersonalData(target.db, {
          key: body.key ?? randomBytes(32).toString('hex'),
          passwordHash: body.newPassword ? await deps.hashPassword(body.newPassword) : null,
        });
        const where = live ? 'the live database' : redactUrl(body.targetDatabaseUrl!);
        const result: AnonymizeDatabaseResult = {
          target: where,
          live,
          counts,
          passwords: body.newPassword ? 'replaced' : 'removed',
          millis: Date.now() - started,
        };
        await deps.systemLogs.record(actor, {
          action: 'AnonymizeDatabase',
          entityType: 'Database',
          entityId: where,
          after: { live, counts, passwords: result.passwords },
        });
        return result;
      } finally {
        if (target !== deps.live) await target.close();
      }
    },
  };
}
