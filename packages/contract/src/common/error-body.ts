import { z } from 'zod';

/** Every error answer: `{ success: false, message, statusCode, code?, errors? }`. */
export const ErrorBodySchema = z.object({
  success: z.literal(false),
  message: z.string(),
  statusCode: z.number().int(),
  code: z.string().optional(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

/** Issuer admin calls and other commands answer with this (SPEC.md section 8). */
export const AdminResultSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  statusCode: z.number().int(),
});
