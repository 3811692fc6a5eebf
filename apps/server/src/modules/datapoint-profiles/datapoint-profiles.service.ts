import {
  DatapointNameSchema,
  type DatapointProfile,
  type IssuerDatapointProfileField,
} from '@b2b/contract';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { DEFAULT_DATAPOINT_PROFILES } from './default-profiles.js';
import {
  createDatapointProfilesRepo,
  type DatapointProfileRow,
} from './datapoint-profiles.repo.js';

function present(row: DatapointProfileRow): DatapointProfile {
  return {
    id: row.id,
    profileKey: row.profileKey,
    name: row.name,
    description: row.description,
    // A datapoint the contract no longer knows is left out rather than failing the whole list.
    datapoints: row.datapoints.filter(
      (d) => DatapointNameSchema.safeParse(d).success,
    ) as DatapointProfile['datapoints'],
  };
}

/** Datapoint profiles: the read side the issuer screens need (editing is a later screen). */
export function createDatapointProfilesService(db: Database) {
  const repo = createDatapointProfilesRepo(db);

  let defaultsStored = false;
  /** The shipped defaults are stored on first use, so a fresh database has choices. */
  async function ensureDefaults(): Promise<void> {
    if (defaultsStored) return;
    for (const profile of DEFAULT_DATAPOINT_PROFILES) {
      await repo.insertIfMissing({ ...profile, datapoints: [...profile.datapoints] });
    }
    defaultsStored = true;
  }

  return {
    repo,
    ensureDefaults,

    async list(): Promise<DatapointProfile[]> {
      await ensureDefaults();
      return (await repo.listAll()).map(present);
    },

    /** Every given profile id must name a stored profile: otherwise a 400 naming the field. */
    async assertExist(
      fields: Partial<Record<IssuerDatapointProfileField, string | null | undefined>>,
    ): Promise<void> {
      const given = Object.entries(fields).filter((e): e is [string, string] => !!e[1]);
      if (given.length === 0) return;
      await ensureDefaults();
      const found = await repo.existingIds(given.map(([, id]) => id));
      const missing = given.find(([, id]) => !found.has(id));
      if (missing) {
        const [field, id] = missing;
        throw AppError.badRequest(
          `body.${field}: no datapoint profile with id ${id}`,
          `body.${field}`,
        );
      }
    },
  };
}
export type DatapointProfilesService = ReturnType<typeof createDatapointProfilesService>;
