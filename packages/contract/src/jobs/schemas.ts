import { z } from 'zod';

export const JobConnectionSchema = z.enum([
  'Owner',
  'IssuerManager',
  'DirectAssignment',
  'MagicLinkUser',
]);

/** Job artifact admin view. */
export const JobArtifactAdminSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  isPublished: z.boolean(),
  owner: z.object({ id: z.uuid(), username: z.string(), role: z.string() }),
  issuerId: z.uuid(),
  issuerName: z.string(),
  issuerEmailDomains: z.array(z.string()),
  authorizedEndUsers: z.array(z.object({ username: z.string(), connection: JobConnectionSchema })),
});

export const AssignableJobArtifactSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  buyerName: z.string(),
  createdOn: z.string(),
});
export const AuthMappedJobArtifactSchema = AssignableJobArtifactSchema.extend({
  isPublished: z.boolean(),
  isDirectAssignment: z.boolean(),
});
export const JobOwnerFilterItemSchema = z.object({
  id: z.uuid(),
  ownerName: z.string(),
  displayName: z.string(),
});
export const JobArtifactUserAssignmentSchema = z.strictObject({
  jobArtifactId: z.uuid(),
  userId: z.uuid(),
  isAssigned: z.boolean(),
});
