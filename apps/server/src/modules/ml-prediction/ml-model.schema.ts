import { sql } from 'drizzle-orm';
import {
  boolean,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../users/user.schema.js';

const tz = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Card acceptance model versions (ML prediction, SPEC §2 analysis admin): one row per training,
 * from Queued to Ready or Error, with its held-out evaluation and its weights. Versions are never
 * changed once Ready; at most one is active (the partial unique index), and jobs are scored with it.
 * The weights are float32 little-endian, base64 (a plain column both drivers read the same way).
 */
export const mlModels = pgTable(
  'ml_models',
  {
    version: integer('version').primaryKey(),
    /** Queued | Running | Ready | Error (contract MlModelState). */
    state: text('state').notNull(),
    isActive: boolean('is_active').notNull().default(false),
    requestedAt: tz('requested_at').notNull().defaultNow(),
    trainedAt: tz('trained_at'),
    trainedById: uuid('trained_by_id').references(() => users.id, { onDelete: 'set null' }),
    trainedByUsername: text('trained_by_username').notNull(),
    featureSet: text('feature_set').notNull(),
    hashBits: integer('hash_bits').notNull(),
    trainingSize: integer('training_size'),
    progress: integer('progress').notNull().default(0),
    message: text('message'),
    error: text('error'),
    /** Contract MlModelEvaluation: aggregate figures only, never a supplier. */
    evaluation: jsonb('evaluation'),
    weights: text('weights'),
  },
  (t) => [
    uniqueIndex('ml_models_one_active_idx')
      .on(t.isActive)
      .where(sql`${t.isActive}`),
  ],
);
