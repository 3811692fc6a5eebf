import { randomUUID } from 'node:crypto';
import {
  type HubResource,
  type Role,
  type VideoResource,
  type VideoResourceMetadata,
  VideoResourceMetadataSchema,
} from '@b2b/contract';
import type { Database } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { AppError } from '../../lib/app-error.js';
import type { FileStorage } from '../../storage/file-storage.js';
import type { AuthorizationService } from '../authorization/authorization.service.js';
import type { SystemLogsService } from '../system-logs/system-logs.service.js';
import { checkedFile, cleanFileName, keySafeName, kindOf } from './resource-file.js';
import type { ResourceContent } from './resource-content.js';
import { authorizeView } from './video-resources.policy.js';
import { type VideoResourceRow, createVideoResourcesRepo } from './video-resources.repo.js';

/** An upload as the route hands it over: the name the client gave and the bytes, streamed. */
export type IncomingResourceFile = { filename: string | undefined; stream: NodeJS.ReadableStream };

/** Multipart text fields as received (lists as JSON, or comma-separated). */
export type MetadataFields = Partial<Record<keyof VideoResourceMetadata, string>>;

type Dependencies = {
  storage: () => FileStorage;
  systemLogs: Pick<SystemLogsService, 'record'>;
  authorization: Pick<AuthorizationService, 'userRoles'>;
  /** VIDEO_MAX_BYTES: the largest file a resource may hold. */
  maxBytes: number;
};

const ENTITY_TYPE = 'VideoResource';

function toHub(row: VideoResourceRow): HubResource {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    tags: row.tags,
    kind: kindOf(row.contentType),
    contentType: row.contentType as HubResource['contentType'],
    fileName: row.fileName,
    sizeBytes: row.sizeBytes,
    fileUpdatedAt: row.fileUpdatedAt.toISOString(),
  };
}

function toAdmin(row: VideoResourceRow): VideoResource {
  return {
    ...toHub(row),
    audienceRoles: row.audienceRoles as Role[],
    createdBy: row.createdBy,
    updatedBy: row.updatedBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** What the audit trail keeps of a resource. */
const audited = (row: VideoResourceRow) => ({
  title: row.title,
  description: row.description,
  tags: row.tags,
  audienceRoles: row.audienceRoles,
  fileName: row.fileName,
  contentType: row.contentType,
  sizeBytes: row.sizeBytes,
});

/** A list field: a JSON list, or words separated by commas. */
function listField(value: string | undefined): unknown {
  if (value === undefined) return undefined;
  const text = value.trim();
  if (text.startsWith('[')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text === '' ? [] : text.split(',').map((part) => part.trim());
}

/** Validates the multipart fields with the contract's schema: 400 naming the first wrong one. */
export function parseMetadataFields(fields: MetadataFields): VideoResourceMetadata {
  const parsed = VideoResourceMetadataSchema.safeParse({
    title: fields.title,
    description: fields.description,
    tags: listField(fields.tags),
    audienceRoles: listField(fields.audienceRoles),
  });
  if (parsed.success) return normalized(parsed.data);
  const issue = parsed.error.issues[0]!;
  const field = String(issue.path[0] ?? 'body');
  throw AppError.badRequest(
    issue.message.startsWith(field) ? issue.message : `${field}: ${issue.message}`,
    field,
  );
}

/** Tags and roles once each, in the order given. */
function normalized(metadata: VideoResourceMetadata): VideoResourceMetadata {
  return {
    ...metadata,
    tags: [...new Set(metadata.tags)],
    audienceRoles: [...new Set(metadata.audienceRoles)],
  };
}

/**
 * Video resources (SPEC §2 analysis admin video-resources) and the resource hub (/resource-hub).
 * Files go to the file storage under `video-resources/<id>/<upload id>/<name>`: a fresh key per
 * upload, stored before the row is written, so a row never lacks its file and a refused or
 * failed upload leaves nothing behind.
 */
export function createVideoResourcesService(db: Database, deps: Dependencies) {
  const repo = createVideoResourcesRepo(db);

  async function requireRow(id: string): Promise<VideoResourceRow> {
    const row = await repo.find(id);
    if (!row) throw AppError.notFound('Video resource not found.');
    return row;
  }

  /** Stores a checked upload under a fresh key; throws (storing nothing) when refused. */
  async function storeFile(resourceId: string, incoming: IncomingResourceFile) {
    const fileName = cleanFileName(incoming.filename);
    const uploadId = randomUUID();
    const key = `video-resources/${resourceId}/${uploadId}/${keySafeName(fileName)}`;
    const checked = checkedFile(incoming.stream, fileName, deps.maxBytes);
    const stored = await deps.storage().put(key, checked.stream);
    return { key, fileName, contentType: checked.contentType(), size: stored.size };
  }

  async function viewerRoles(actor: Actor, activeRoles: readonly string[] | null) {
    const roles = await deps.authorization.userRoles(actor.userId, activeRoles);
    return [...roles.standard, ...roles.tabbedView].map((r) => r.role);
  }

  return {
    async list(search?: string) {
      return { items: (await repo.list(search)).map(toAdmin) };
    },

    async get(id: string) {
      return toAdmin(await requireRow(id));
    },

    async create(actor: Actor, fields: MetadataFields, incoming: IncomingResourceFile) {
      const metadata = parseMetadataFields(fields);
      const id = randomUUID();
      const file = await storeFile(id, incoming);
      let row: VideoResourceRow;
      try {
        row = await repo.insert({
          id,
          ...metadata,
          contentType: file.contentType,
          fileName: file.fileName,
          fileKey: file.key,
          sizeBytes: file.size,
          createdBy: actor.username,
          updatedBy: actor.username,
        });
      } catch (error) {
        await deps.storage().delete(file.key);
        throw error;
      }
      await deps.systemLogs.record(actor, {
        action: 'VideoResourceCreated',
        entityType: ENTITY_TYPE,
        entityId: row.id,
        entityName: row.title,
        after: audited(row),
      });
      return toAdmin(row);
    },

    async update(actor: Actor, id: string, input: VideoResourceMetadata) {
      const before = await requireRow(id);
      const row = await repo.update(id, {
        ...normalized(input),
        updatedBy: actor.username,
        updatedAt: new Date(),
      });
      if (!row) throw AppError.notFound('Video resource not found.');
      await deps.systemLogs.record(actor, {
        action: 'VideoResourceUpdated',
        entityType: ENTITY_TYPE,
        entityId: id,
        entityName: row.title,
        before: audited(before),
        after: audited(row),
      });
      return toAdmin(row);
    },

    async replaceFile(actor: Actor, id: string, incoming: IncomingResourceFile) {
      const before = await requireRow(id);
      const file = await storeFile(id, incoming);
      const now = new Date();
      const row = await repo.update(id, {
        contentType: file.contentType,
        fileName: file.fileName,
        fileKey: file.key,
        sizeBytes: file.size,
        fileUpdatedAt: now,
        updatedBy: actor.username,
        updatedAt: now,
      });
      if (!row) {
        // Deleted while the file was uploading.
        await deps.storage().delete(file.key);
        throw AppError.notFound('Video resource not found.');
      }
      // The row points at the new file now; the old one is no one's.
      await deps.storage().delete(before.fileKey);
      await deps.systemLogs.record(actor, {
        action: 'VideoResourceFileReplaced',
        entityType: ENTITY_TYPE,
        entityId: id,
        entityName: row.title,
        before: audited(before),
        after: audited(row),
      });
      return toAdmin(row);
    },

    async delete(actor: Actor, id: string) {
      const row = await repo.delete(id);
      if (!row) throw AppError.notFound('Video resource not found.');
      await deps.storage().delete(row.fileKey);
      await deps.systemLogs.record(actor, {
        action: 'VideoResourceDeleted',
        entityType: ENTITY_TYPE,
        entityId: id,
        entityName: row.title,
        before: audited(row),
      });
      return { id };
    },

    /** The hub: what the user's roles in effect may see, and every tag among it. */
    async hub(
      actor: Actor,
      activeRoles: readonly string[] | null,
      filter: { search?: string; tag?: string },
    ) {
      const roles = await viewerRoles(actor, activeRoles);
      const [rows, tags] = await Promise.all([
        repo.listForRoles(roles, filter),
        repo.tagsForRoles(roles),
      ]);
      return { items: rows.map(toHub), tags };
    },

    /** A resource's file for someone who may see it (404 otherwise). */
    async content(
      actor: Actor,
      activeRoles: readonly string[] | null,
      id: string,
    ): Promise<ResourceContent> {
      const [row, roles] = await Promise.all([repo.find(id), viewerRoles(actor, activeRoles)]);
      authorizeView(actor, roles, row);
      const storage = deps.storage();
      return {
        fileName: row.fileName,
        contentType: row.contentType,
        size: row.sizeBytes,
        etag: `"${row.fileKey.split('/')[2]}"`,
        lastModified: row.fileUpdatedAt,
        open: (start, end) => storage.openRange(row.fileKey, start, end),
      };
    },
  };
}
export type VideoResourcesService = ReturnType<typeof createVideoResourcesService>;
