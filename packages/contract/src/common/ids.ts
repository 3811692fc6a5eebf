import { z } from 'zod';

export const IdParamsSchema = z.strictObject({ id: z.uuid() });
/** A username is an e-mail address in this product. */
export const UsernameSchema = z.string().trim().toLowerCase().min(3).max(254);
