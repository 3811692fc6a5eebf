import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness.js';
import {
  defaultConfidenceRuleset,
  rulesConfidenceRuleset,
} from '../../engine/matching/confidence-ruleset.js';
import { analysisRulesets } from './ruleset.schema.js';
import { createRulesetsService } from './rulesets.service.js';

const t = useTestApp();
/** The shipped confidence default's version number (3: the match model with "same words"). */
const SHIPPED = defaultConfidenceRuleset().version;

/** The confidence rulesets as an installation before the match model had them: version 1 active. */
async function installedBeforeTheModel(createdBy: string) {
  const { db } = t.database;
  await db.delete(analysisRulesets).where(eq(analysisRulesets.kind, 'confidence'));
  const v1 = rulesConfidenceRuleset();
  const { method: _method, ...stored } = v1;
  await db.insert(analysisRulesets).values({
    kind: 'confidence',
    versionNumber: 1,
    name: v1.name,
    description: v1.description,
    ruleset: stored,
    isActive: true,
    createdBy,
  });
}

async function activeVersion(): Promise<number[]> {
  const rows = await t.database.db
    .select({ versionNumber: analysisRulesets.versionNumber })
    .from(analysisRulesets)
    .where(eq(analysisRulesets.isActive, true));
  return rows.map((r) => r.versionNumber).sort();
}

describe('shipped confidence rulesets', () => {
  beforeEach(async () => {
    await t.database.db.delete(analysisRulesets);
  });

  it('makes the shipped match model active where the older shipped default was', async () => {
    await installedBeforeTheModel('shipped default');
    const rulesets = createRulesetsService(t.database.db, {
      systemLogs: t.app.ctx.services.systemLogs,
    });
    const active = await rulesets.confidence();
    expect(active).toMatchObject({ versionNumber: SHIPPED, isActive: true });
    expect(active.ruleset.method).toBe('model');
    // Version 1 is kept, still readable, and no longer active.
    const v1 = await rulesets.confidence(1);
    expect(v1).toMatchObject({ isActive: false, ruleset: { method: 'rules' } });
  });

  it('leaves a version someone made active', async () => {
    await installedBeforeTheModel('analyst@example.com');
    const rulesets = createRulesetsService(t.database.db, {
      systemLogs: t.app.ctx.services.systemLogs,
    });
    expect((await rulesets.confidence()).versionNumber).toBe(1);
    expect((await rulesets.confidence(SHIPPED)).isActive).toBe(false);
  });

  it('keeps the active version when a draft holds the shipped default’s number', async () => {
    await installedBeforeTheModel('shipped default');
    const v1 = rulesConfidenceRuleset();
    await t.database.db.insert(analysisRulesets).values({
      kind: 'confidence',
      versionNumber: SHIPPED,
      name: 'A draft',
      description: '',
      ruleset: { ...v1, version: SHIPPED },
      isDraft: true,
      basedOnVersion: 1,
      createdBy: 'analyst@example.com',
    });
    const rulesets = createRulesetsService(t.database.db, {
      systemLogs: t.app.ctx.services.systemLogs,
    });
    expect(await rulesets.get('confidence')).toMatchObject({ versionNumber: 1, isActive: true });
    expect(await rulesets.get('confidence', SHIPPED)).toMatchObject({
      isDraft: true,
      isActive: false,
    });
  });

  it('activates the shipped default on a fresh database, once even when asked at once', async () => {
    await Promise.all(
      [1, 2, 3].map(() =>
        createRulesetsService(t.database.db, {
          systemLogs: t.app.ctx.services.systemLogs,
        }).ensureDefaults(),
      ),
    );
    expect(await activeVersion()).toEqual([1, SHIPPED]); // scoring version 1, the confidence default
  });
});
