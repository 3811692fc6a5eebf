import { z } from 'zod';

export const IdSchema = z.uuid();
export const IdParamsSchema = z.strictObject({ id: z.uuid() });
export const IsoDateTimeSchema = z.iso.datetime({ offset: true });
/** A username is an e-mail address in this product. */
export const UsernameSchema = z.string().trim().toLowerCase().min(3).max(254);
