import { z } from 'zod';

/** One audit entry: who changed which entity, when, and how it looked before and after. */
export const SystemLogEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  actorUserId: z.uuid().nullable(),
  actorUsername: z.string(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string(),
  entityName: z.string().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
});
export type SystemLogEntry = z.infer<typeof SystemLogEntrySchema>;
