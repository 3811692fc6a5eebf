import {
  ConfidenceRulesetSchema,
  ScoringRulesetSchema,
  type ConfidenceRuleset,
  type RulesetKind,
  type ScoringRuleset,
} from '@b2b/contract';
import type { Database } from '../../db/client.js';
import {
  defaultConfidenceRuleset,
  parseConfidenceRuleset,
} from '../../engine/matching/confidence-ruleset.js';
import {
  defaultScoringRuleset,
  parseScoringRuleset,
} from '../../engine/scoring/scoring-ruleset.js';
import type { Actor } from '../../lib/actor.js';
import { AppError } from '../../lib/app-error.js';
import type { SystemLogsService } from '../system-logs/system-logs.service.js';
import { type RulesetRow, createRulesetsRepo } from './rulesets.repo.js';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function present<R>(row: RulesetRow, ruleset: R) {
  return {
    versionNumber: row.versionNumber,
    name: row.name,
    description: row.description,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdBy,
    isDraft: row.isDraft,
    basedOnVersion: row.basedOnVersion,
    updatedAt: iso(row.updatedAt),
    updatedBy: row.updatedBy,
    activatedAt: iso(row.activatedAt),
    ruleset,
  };
}

/** `body.ruleset.levels.high` from a zod path, as the error plugin names request fields. */
function fieldOf(prefix: string, path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (acc, key) => (typeof key === 'number' ? `${acc}[${key}]` : `${acc}.${String(key)}`),
    prefix,
  );
}

/**
 * A ruleset as the engine will run it, or a 400 naming the field: the contract's schema plus what
 * it cannot say (spend bands ascend), the same on save and on activate.
 */
export function validateRuleset(
  kind: RulesetKind,
  ruleset: unknown,
  prefix = 'body.ruleset',
): ConfidenceRuleset | ScoringRuleset {
  const parsed = (kind === 'confidence' ? ConfidenceRulesetSchema : ScoringRulesetSchema).safeParse(
    ruleset,
  );
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = fieldOf(prefix, issue.path);
    throw AppError.badRequest(`Invalid ${field}: ${issue.message}`, field);
  }
  if (parsed.data.kind === 'scoring') {
    const bands = parsed.data.spendBands;
    const at = bands.findIndex((b, i) => i > 0 && b.min <= bands[i - 1]!.min);
    if (at > 0) {
      const field = `${prefix}.spendBands[${at}].min`;
      throw AppError.badRequest(
        `Invalid ${field}: spend bands must ascend (above ${bands[at - 1]!.min}).`,
        field,
      );
    }
  }
  return parsed.data;
}

const entityType = (kind: RulesetKind) => `${kind}-ruleset`;
type RulesetOf = { confidence: ConfidenceRuleset; scoring: ScoringRuleset };

/**
 * Confidence and scoring rulesets as stored versions (SPEC §2 Analysis admin). The engine's
 * shipped defaults are stored on first use. A draft (copied from any version) is edited and
 * validated, then activated: it becomes an immutable version and the one new jobs use. Every
 * change is written to the audit trail.
 */
export function createRulesetsService(
  db: Database,
  deps: { systemLogs: Pick<SystemLogsService, 'record'> },
) {
  const repo = createRulesetsRepo(db);

  let defaultsStored = false;
  /** The shipped defaults are stored on first use, so a fresh database has version 1 active. */
  async function ensureDefaults(): Promise<void> {
    if (defaultsStored) return;
    for (const [kind, ruleset] of [
      ['confidence', defaultConfidenceRuleset()],
      ['scoring', defaultScoringRuleset()],
    ] as const) {
      await repo.ensureDefault(kind, {
        versionNumber: ruleset.version,
        name: ruleset.name,
        description: ruleset.description,
        ruleset,
      });
    }
    defaultsStored = true;
  }

  async function row(kind: RulesetKind, versionNumber?: number): Promise<RulesetRow> {
    await ensureDefaults();
    const found =
      versionNumber === undefined
        ? await repo.active(kind)
        : await repo.version(kind, versionNumber);
    if (!found) {
      throw versionNumber === undefined
        ? AppError.conflict(`No ${kind} ruleset is active.`)
        : AppError.notFound(`No ${kind} ruleset version ${versionNumber}.`);
    }
    return found;
  }

  /** A version a job may run with: a draft is not one until it is activated. */
  async function version(kind: RulesetKind, versionNumber?: number): Promise<RulesetRow> {
    const found = await row(kind, versionNumber);
    if (found.isDraft)
      throw AppError.conflict(
        `${kind === 'confidence' ? 'Confidence' : 'Scoring'} ruleset version ${found.versionNumber} is a draft; activate it first.`,
      );
    return found;
  }

  const parse = <K extends RulesetKind>(kind: K, r: RulesetRow) =>
    (kind === 'confidence'
      ? parseConfidenceRuleset(r.ruleset)
      : parseScoringRuleset(r.ruleset)) as RulesetOf[K];

  /** A stored draft must be a draft: a version is immutable (409), a missing one 404. */
  async function draftRow(kind: RulesetKind, versionNumber: number): Promise<RulesetRow> {
    const found = await row(kind, versionNumber);
    if (!found.isDraft)
      throw AppError.conflict(
        `Version ${versionNumber} is ${found.isActive ? 'active and ' : ''}immutable; create a draft from it to make changes.`,
      );
    return found;
  }

  return {
    ensureDefaults,
    async list(kind: RulesetKind) {
      await ensureDefaults();
      return (await repo.list(kind)).map((r) => {
        const { ruleset: _none, ...summary } = present(r, null);
        return summary;
      });
    },
    /** Any stored version, drafts included (analysis admin's screens). */
    async get<K extends RulesetKind>(kind: K, versionNumber?: number) {
      const r = await row(kind, versionNumber);
      return present(r, parse(kind, r));
    },
    async confidence(versionNumber?: number) {
      const r = await version('confidence', versionNumber);
      return present(r, parseConfidenceRuleset(r.ruleset));
    },
    async scoring(versionNumber?: number) {
      const r = await version('scoring', versionNumber);
      return present(r, parseScoringRuleset(r.ruleset));
    },
    async confidenceRuleset(versionNumber?: number): Promise<ConfidenceRuleset> {
      return (await this.confidence(versionNumber)).ruleset;
    },
    async scoringRuleset(versionNumber?: number): Promise<ScoringRuleset> {
      return (await this.scoring(versionNumber)).ruleset;
    },

    async createDraft<K extends RulesetKind>(actor: Actor, kind: K, fromVersion: number) {
      const from = await row(kind, fromVersion).catch((error: unknown) => {
        if (error instanceof AppError && error.statusCode === 404)
          throw AppError.badRequest(`No ${kind} ruleset version ${fromVersion}.`, 'fromVersion');
        throw error;
      });
      const source = parse(kind, from);
      const draft = await repo.createDraft(kind, (versionNumber) => ({
        name: from.name,
        description: from.description,
        ruleset: { ...source, version: versionNumber },
        basedOnVersion: from.versionNumber,
        createdBy: actor.username,
      }));
      await deps.systemLogs.record(actor, {
        action: 'RulesetDraftCreated',
        entityType: entityType(kind),
        entityId: String(draft.versionNumber),
        entityName: draft.name,
        after: { basedOnVersion: from.versionNumber },
      });
      return present(draft, parse(kind, draft));
    },

    async saveDraft<K extends RulesetKind>(
      actor: Actor,
      kind: K,
      versionNumber: number,
      input: { name: string; description: string; ruleset: RulesetOf[K] },
    ) {
      const before = await draftRow(kind, versionNumber);
      const ruleset = validateRuleset(kind, {
        ...input.ruleset,
        version: versionNumber,
        name: input.name,
        description: input.description,
      });
      const previous = parse(kind, before);
      if (ruleset.kind === 'confidence' && previous.kind === 'confidence') {
        if (ruleset.method !== previous.method)
          throw AppError.badRequest(
            'Invalid body.ruleset.method: a draft keeps the method of the version it was copied from.',
            'body.ruleset.method',
          );
        // The model's m and u are fitted (and re-estimated per job), not typed in by hand.
        if (
          ruleset.method === 'model' &&
          previous.method === 'model' &&
          JSON.stringify(ruleset.model.comparisons) !== JSON.stringify(previous.model.comparisons)
        )
          throw AppError.badRequest(
            'Invalid body.ruleset.model.comparisons: the fitted weights are estimated, not edited.',
            'body.ruleset.model.comparisons',
          );
      }
      const after = await repo.updateDraft(kind, versionNumber, {
        name: input.name,
        description: input.description,
        ruleset,
        updatedBy: actor.username,
      });
      if (!after) throw AppError.conflict(`Version ${versionNumber} is no longer a draft.`);
      await deps.systemLogs.record(actor, {
        action: 'RulesetDraftSaved',
        entityType: entityType(kind),
        entityId: String(versionNumber),
        entityName: after.name,
        before: before.ruleset,
        after: after.ruleset,
      });
      return present(after, parse(kind, after));
    },

    async deleteDraft(actor: Actor, kind: RulesetKind, versionNumber: number) {
      const before = await draftRow(kind, versionNumber);
      if (!(await repo.deleteDraft(kind, versionNumber)))
        throw AppError.conflict(`Version ${versionNumber} is no longer a draft.`);
      await deps.systemLogs.record(actor, {
        action: 'RulesetDraftDeleted',
        entityType: entityType(kind),
        entityId: String(versionNumber),
        entityName: before.name,
        before: before.ruleset,
      });
      return { deleted: true as const };
    },

    async activate<K extends RulesetKind>(actor: Actor, kind: K, versionNumber: number) {
      await draftRow(kind, versionNumber);
      const activated = await repo.activate(
        kind,
        versionNumber,
        (draft) => validateRuleset(kind, draft.ruleset, 'ruleset'),
        (done, previous, tx) =>
          deps.systemLogs.record(
            actor,
            {
              action: 'RulesetActivated',
              entityType: entityType(kind),
              entityId: String(versionNumber),
              entityName: done.name,
              before: { activeVersion: previous?.versionNumber ?? null },
              after: { activeVersion: versionNumber },
            },
            tx,
          ),
      );
      if (!activated) throw AppError.conflict(`Version ${versionNumber} is no longer a draft.`);
      return present(activated, parse(kind, activated));
    },
  };
}
export type RulesetsService = ReturnType<typeof createRulesetsService>;
