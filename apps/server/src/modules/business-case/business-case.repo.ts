import type { BusinessCaseAssumptions } from '@b2b/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { businessCaseIssuerDefaults, businessCaseScenarios } from './business-case.schema.js';

export type ScenarioRow = typeof businessCaseScenarios.$inferSelect;
type ScenarioInsert = typeof businessCaseScenarios.$inferInsert;
export type IssuerDefaultsRow = typeof businessCaseIssuerDefaults.$inferSelect;

/** Scenarios and issuer defaults: definitions only (figures come from the job's results). */
export function createBusinessCaseRepo(db: Database) {
  const S = businessCaseScenarios;
  return {
    async scenarios(jobId: string): Promise<ScenarioRow[]> {
      return db.select().from(S).where(eq(S.jobId, jobId)).orderBy(asc(S.createdAt), asc(S.id));
    },
    async scenario(jobId: string, id: string): Promise<ScenarioRow | undefined> {
      const [row] = await db
        .select()
        .from(S)
        .where(and(eq(S.jobId, jobId), eq(S.id, id)));
      return row;
    },
    async insert(values: ScenarioInsert): Promise<ScenarioRow> {
      const [row] = await db.insert(S).values(values).returning();
      return row!;
    },
    async update(
      jobId: string,
      id: string,
      values: Pick<ScenarioInsert, 'name' | 'inputs'>,
    ): Promise<ScenarioRow | undefined> {
      const [row] = await db
        .update(S)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(S.jobId, jobId), eq(S.id, id)))
        .returning();
      return row;
    },
    async delete(jobId: string, id: string): Promise<boolean> {
      const rows = await db
        .delete(S)
        .where(and(eq(S.jobId, jobId), eq(S.id, id)))
        .returning({ id: S.id });
      return rows.length > 0;
    },
    async issuerDefaults(issuerId: string): Promise<IssuerDefaultsRow | undefined> {
      const [row] = await db
        .select()
        .from(businessCaseIssuerDefaults)
        .where(eq(businessCaseIssuerDefaults.issuerId, issuerId));
      return row;
    },
    async saveIssuerDefaults(
      issuerId: string,
      assumptions: BusinessCaseAssumptions,
      by: { userId: string; username: string },
    ): Promise<void> {
      const values = {
        assumptions,
        updatedBy: by.userId,
        updatedByName: by.username,
        updatedAt: new Date(),
      };
      await db
        .insert(businessCaseIssuerDefaults)
        .values({ issuerId, ...values })
        .onConflictDoUpdate({ target: businessCaseIssuerDefaults.issuerId, set: values });
    },
  };
}
