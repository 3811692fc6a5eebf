import { z } from 'zod';
import { defineEndpoint } from '../common/endpoint.js';
import {
  ActiveEntityUserSchema,
  ActiveUserEntrySchema,
  EntityLockStatusSchema,
  EntityRefSchema,
} from './schemas.js';

const tags = ['Concurrency'];

export const trySetEntityActiveUser = defineEndpoint({
  method: 'POST',
  path: '/api/v1/concurrency/try-set-entity-active-user',
  summary: 'Heartbeat: the caller is viewing the entity (sent every 3 seconds)',
  tags,
  body: EntityRefSchema,
  responses: { 200: z.boolean() },
  access: { permissions: [] },
});

export const trySetExclusiveWriteAccess = defineEndpoint({
  method: 'POST',
  path: '/api/v1/concurrency/try-set-exclusive-write-access',
  summary: 'Take or renew the write lease; false while someone else holds it',
  tags,
  body: EntityRefSchema,
  responses: { 200: z.boolean() },
  access: { permissions: ['Concurrency_Take_Entity_Lock'] },
});

export const forceSetExclusiveWriteAccess = defineEndpoint({
  method: 'POST',
  path: '/api/v1/concurrency/force-set-exclusive-write-access',
  summary: 'Take the write lease from its holder (privileged users)',
  tags,
  body: EntityRefSchema,
  responses: { 200: z.boolean() },
  access: { permissions: ['Concurrency_Take_Entity_Lock', 'Concurrency_Force_Entity_Lock'] },
});

export const getEntityStatus = defineEndpoint({
  method: 'POST',
  path: '/api/v1/concurrency/entity-status',
  summary: 'Who holds the write lease of an entity, until when, and who asked for it',
  tags,
  body: EntityRefSchema,
  responses: { 200: z.array(EntityLockStatusSchema) },
  access: { permissions: [] },
});

export const requestExclusiveWriteAccess = defineEndpoint({
  method: 'POST',
  path: '/api/v1/concurrency/request-exclusive-write-access',
  summary: 'Ask the holder for the write lease (granted unless denied within 15 seconds)',
  tags,
  body: EntityRefSchema,
  responses: { 200: z.boolean() },
  access: { permissions: ['Concurrency_Take_Entity_Lock'] },
});

export const denyExclusiveWriteAccess = defineEndpoint({
  method: 'POST',
  path: '/api/v1/concurrency/deny-exclusive-write-access',
  summary: 'The holder refuses a pending request for the write lease',
  tags,
  query: z.strictObject({
    entityId: z.string().min(1).max(100),
    entityType: z.string().min(1).max(50),
  }),
  responses: { 200: z.boolean() },
  access: { permissions: ['Concurrency_Take_Entity_Lock'] },
});

export const releaseExclusiveWriteAccess = defineEndpoint({
  method: 'POST',
  path: '/api/v1/concurrency/release-exclusive-write-access',
  summary: 'The holder gives the write lease up (leaving the edit screen)',
  tags,
  body: EntityRefSchema,
  responses: { 200: z.boolean() },
  access: { permissions: [] },
});

export const getActiveEntityUsers = defineEndpoint({
  method: 'GET',
  path: '/api/v1/concurrency/active-entity-users',
  summary: 'Who is viewing entities (of one type) right now',
  tags,
  query: z.strictObject({
    entityType: z.string().min(1).max(50).optional(),
    entityId: z.string().min(1).max(100).optional(),
  }),
  responses: { 200: z.array(ActiveEntityUserSchema) },
  access: { permissions: ['ActiveUsers_VIEW'] },
});

/**
 * Everyone viewing any entity right now, for the navbar quick view. Callers without the
 * issuer area see only entities of their own issuers (an issuer, or a user who is a member of
 * one); entity types no module names are shown to the issuer area only.
 */
export const listActiveUsers = defineEndpoint({
  method: 'GET',
  path: '/api/v1/concurrency/active-users',
  summary: 'Who is viewing which entity, since when (the entities the caller may see)',
  tags,
  responses: { 200: z.array(ActiveUserEntrySchema) },
  access: { permissions: ['ActiveUsers_VIEW'] },
});
