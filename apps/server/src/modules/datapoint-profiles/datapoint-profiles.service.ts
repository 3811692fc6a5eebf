import {
  type DatapointName,
  DatapointNameSchema,
  type DatapointProfile,
  type DatapointProfileSave,
  type IssuerDatapointProfileField,
  unknownDatapointMessage,
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

/**
 * Every datapoint must be a supplier result field: otherwise a 400 naming it (`<field>[i]`),
 * when a profile is saved and again when a download reads a stored one.
 */
function checkDatapoints(datapoints: readonly string[], field: string): DatapointName[] {
  const i = datapoints.findIndex((d) => !DatapointNameSchema.safeParse(d).success);
  if (i >= 0) {
    throw AppError.badRequest(
      `${field}[${i}]: ${unknownDatapointMessage(datapoints[i]!)}`,
      `${field}[${i}]`,
    );
  }
  return datapoints as DatapointName[];
}

const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60);

/** Datapoint profiles: the issuer screens' choices, the analysis admin's edits, downloads' columns. */
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

  async function assertNameFree(name: string, exceptId?: string) {
    const taken = (await repo.listAll()).find(
      (p) => p.name.toLowerCase() === name.toLowerCase() && p.id !== exceptId,
    );
    if (taken) throw AppError.badRequest(`body.name: a profile named ${name} exists`, 'body.name');
  }

  return {
    repo,
    ensureDefaults,

    async list(): Promise<DatapointProfile[]> {
      await ensureDefaults();
      return (await repo.listAll()).map(present);
    },

    /** Creates a profile; an unknown datapoint is a 400 naming it, a taken name a 400 too. */
    async create(input: DatapointProfileSave): Promise<DatapointProfile> {
      await ensureDefaults();
      const datapoints = checkDatapoints(input.datapoints, 'body.datapoints');
      await assertNameFree(input.name);
      const row = await repo.insert({
        profileKey: `${slug(input.name) || 'profile'}-${Date.now().toString(36)}`,
        name: input.name,
        description: input.description,
        datapoints,
      });
      return present(row);
    },

    async update(id: string, input: DatapointProfileSave): Promise<DatapointProfile> {
      const datapoints = checkDatapoints(input.datapoints, 'body.datapoints');
      if (!(await repo.findById(id))) throw AppError.notFound('No such datapoint profile.');
      await assertNameFree(input.name, id);
      const row = await repo.update(id, {
        name: input.name,
        description: input.description,
        datapoints,
      });
      return present(row!);
    },

    /**
     * The columns of a data download: the profile with this id, or else the shipped default of
     * this key. A stored datapoint no supplier result has (saved before it was checked, or a
     * field since dropped) is a 400 naming it, never a silently shorter file.
     */
    async downloadColumns(
      id: string | null,
      defaultKey: string,
    ): Promise<{ name: string; datapoints: DatapointName[] }> {
      await ensureDefaults();
      const row = (id ? await repo.findById(id) : undefined) ?? (await repo.findByKey(defaultKey));
      if (!row) throw AppError.badRequest(`No datapoint profile ${id ?? defaultKey}.`, 'profile');
      return {
        name: row.name,
        datapoints: checkDatapoints(row.datapoints, `profile "${row.name}" datapoints`),
      };
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
