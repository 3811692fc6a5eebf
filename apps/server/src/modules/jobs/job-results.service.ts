import type {
  FilterItem,
  MatchDecision,
  PagedListRequest,
  SupplierLeftOutBy,
  SupplierListQuery,
  SupplierMatchDecisionItem,
  SupplierResult,
  SupplierResultDetail,
} from '@b2b/contract';
import type { Database } from '../../db/client.js';
import { type FilterFieldNames, pagedResponse } from '../../db/paged-query.js';
import { supplierNameKey } from '../../db/supplier-name-key.js';
import { inTransaction } from '../../db/transaction.js';
import { referenceMissingMerchants } from '../../engine/reference-data/merchant-lookup.js';
import { explainScores } from '../../engine/scoring/explain-scores.js';
import type { Actor } from '../../lib/actor.js';
import { AppError } from '../../lib/app-error.js';
import type { JobEngine } from './job-engine.js';
import type { JobLookup } from './job-lookup.js';
import {
  createJobResultsRepo,
  supplierPropertyKey,
  supplierOverride,
  supplierRuleCondition,
  type SupplierResultRow,
  type SupplierSegmentFigures,
  listedSuppliersScope,
  type SuppliersNamedByLists,
} from './job-results.repo.js';

const FIGURE_CACHE_SIZE = 2000;
/** Jobs whose suppliers named by their issuer's lists are kept (namedByLists). */
const NAMED_CACHE_SIZE = 200;
import type { JobWorkflowService } from './job-workflow.service.js';
import { authorize, authorizeScoreQuery, jobViewer, scoresAsSeenBy } from './jobs.policy.js';
import { presentSupplier, presentSupplierDetail } from './jobs.presenter.js';
import { createJobsRepo } from './jobs.repo.js';
import type { SupplierListKeys } from '../issuers/supplier-lists.service.js';
import type { RulesetsService } from '../rulesets/rulesets.service.js';

/** Names the offending items of a batch, the first twenty of them. */
function listed(items: string[]): string {
  const shown = items.slice(0, 20).join(', ');
  return items.length > 20 ? `${shown} and ${items.length - 20} more` : shown;
}

/**
 * Stores a person's decision (the override wins over computed matches and survives re-runs;
 * its user and time are the decision's audit) and shows it on the supplier's row at once, as
 * the Match run it triggers will: a rejection leaves the supplier UNMATCHED; confirming the
 * best candidate makes it MATCHED at High, as the matcher treats an override.
 */
async function recordDecision(
  repo: ReturnType<typeof createJobResultsRepo>,
  jobId: string,
  actor: Actor,
  row: SupplierResultRow,
  decision: MatchDecision['decision'],
  merchantId: string | null,
) {
  await repo.saveOverride({
    jobId,
    supplierKey: row.supplierKey,
    decision,
    merchantId,
    userId: actor.userId,
    username: actor.username,
  });
  const candidateChosen =
    decision === 'merchant' && merchantId !== null && merchantId === row.candidateMerchantId;
  await repo.updateSupplier(
    jobId,
    row.supplierKey,
    decision === 'rejected'
      ? {
          matchStatus: 'UNMATCHED',
          confidence: 'None',
          matchSource: 'rejected',
          ruleId: 'manual-rejection',
          merchantId: null,
          merchantName: null,
          merchantDbaName: null,
          cardAccepting: 'UNMATCHED',
          vcAccepting: 'UNMATCHED',
          detailLevel: 'none',
          stpCapable: 'FALSE',
          cardCapability: 'Unmatched',
        }
      : candidateChosen
        ? {
            matchSource: 'override',
            ruleId: 'manual-override',
            merchantId,
            matchStatus: 'MATCHED',
            confidence: 'High',
            merchantName: row.candidateMerchantName,
          }
        : { matchSource: 'override', ruleId: 'manual-override', merchantId },
  );
}

/** A job's results: its suppliers, the match decisions people make, scoring again. */
export function createJobResultsService(
  db: Database,
  deps: {
    lookup: JobLookup;
    engine: JobEngine;
    rulesets: RulesetsService;
    workflow: Pick<JobWorkflowService, 'enqueueFrom'>;
    /** The job's issuer's supplier include and exclude lists (issuers module). */
    supplierLists: (issuerId: string) => Promise<SupplierListKeys>;
  },
) {
  const { lookup, engine, rulesets, workflow } = deps;
  const results = createJobResultsRepo(db);
  const jobsRepo = createJobsRepo(db);
  /** Rule figures by results version and rule (ruleReader.figures), oldest dropped first. */
  const figureCache = new Map<string, SupplierSegmentFigures>();

  /**
   * The suppliers of a job that its issuer's supplier lists name, by results version and lists'
   * digest: naming them costs a scan with a name key a row (~0.6 s for 100,000 suppliers), and
   * every use case page reads them.
   */
  const namedCache = new Map<string, SuppliersNamedByLists>();
  async function namedByLists(
    job: { id: string; status: string; runNumber: number; completedAt: Date | null },
    lists: SupplierListKeys,
  ): Promise<SuppliersNamedByLists> {
    const key =
      job.status === 'Completed'
        ? `${job.id}:${job.runNumber}:${job.completedAt?.toISOString() ?? ''}:${lists.digest}`
        : null;
    const cached = key ? namedCache.get(key) : undefined;
    if (cached) return cached;
    const named = await results.suppliersNamedByLists(job.id, lists);
    if (key) {
      if (namedCache.size >= NAMED_CACHE_SIZE) namedCache.delete(namedCache.keys().next().value!);
      namedCache.set(key, named);
    }
    return named;
  }

  /**
   * The merchants must be in the reference data this job matched against: an unknown id would
   * be stored and applied by the next Match run as a match to nothing.
   */
  async function requireReferenceMerchants(
    job: { referenceVersionId: string | null },
    merchantIds: string[],
    field: string,
  ) {
    if (merchantIds.length === 0) return;
    const versionId = job.referenceVersionId;
    const missing = versionId
      ? await referenceMissingMerchants(
          await engine.referenceRootWith(versionId),
          versionId,
          merchantIds,
        )
      : [...new Set(merchantIds)];
    if (missing.length > 0) {
      throw AppError.badRequest(
        `${missing.length === 1 ? 'Merchant' : 'Merchants'} ${listed(missing)} ${missing.length === 1 ? 'is' : 'are'} not in the reference data this job was matched against (${versionId ?? 'none recorded'}).`,
        field,
      );
    }
  }

  const ruleFields: FilterFieldNames = (i, part) =>
    `rule.filters[${i}].${part === 'operator' ? 'comparisonOperator' : part}`;
  const condition = (rule: FilterItem[]) => supplierRuleCondition(rule, ruleFields);

  /**
   * A job's rule figures (use cases), for a reader of the job: the issuer's supplier lists hold
   * for every rule (a supplier they leave out is in no use case, so in no campaign either).
   */
  async function figuresOf(job: {
    id: string;
    status: string;
    runNumber: number;
    completedAt: Date | null;
    issuerId: string;
  }) {
    const lists = await deps.supplierLists(job.issuerId);
    // Named on first need: a read of stored figures or of one supplier never scans for them.
    let named: Promise<ReturnType<typeof listedSuppliersScope>> | undefined;
    const scope = () => (named ??= namedByLists(job, lists).then(listedSuppliersScope));
    /**
     * Counts and sums per rule, in one pass over the job's rows. A Completed job's results
     * change only through a run, which bumps its run number and completion time: figures are
     * kept per results version and rule, so a list re-reads only rules not yet seen.
     */
    async function figures(rules: readonly FilterItem[][]) {
      const version =
        job.status === 'Completed'
          ? `${job.id}:${job.runNumber}:${job.completedAt?.toISOString() ?? ''}:${lists.digest}:`
          : null;
      const keys = rules.map((rule) => (version ? version + JSON.stringify(rule) : null));
      const missing = rules.flatMap((_, i) => (keys[i] && figureCache.has(keys[i]) ? [] : [i]));
      const computed =
        missing.length === 0
          ? []
          : await results.segmentFigures(
              job.id,
              missing.map((i) => condition(rules[i]!)),
              await scope(),
            );
      const fresh = new Map(missing.map((i, at) => [i, computed[at]!]));
      missing.forEach((i) => {
        const key = keys[i];
        if (!key) return;
        if (figureCache.size >= FIGURE_CACHE_SIZE) {
          figureCache.delete(figureCache.keys().next().value!);
        }
        figureCache.set(key, fresh.get(i)!);
      });
      return rules.map((_, i) => fresh.get(i) ?? figureCache.get(keys[i]!)!);
    }
    return { lists, scope, figures };
  }

  return {
    async suppliers(
      actor: Actor,
      id: string,
      request: PagedListRequest,
      review?: SupplierListQuery['review'],
    ) {
      // The page checks the job's visibility in its own round trip; no row is an empty page or
      // a job the actor may not see (404), which only then takes a statement of its own. A
      // refused request (a score sort, a bad filter) is 404 too for a job the actor may not see.
      let page: Awaited<ReturnType<typeof results.listSuppliers>>;
      try {
        authorizeScoreQuery(actor, request);
        page = await results.listSuppliers(
          id,
          request,
          review,
          undefined,
          undefined,
          jobViewer(actor),
        );
      } catch (refused) {
        await lookup.visibleJob(actor, id);
        throw refused;
      }
      const { rows, total } = page;
      const currency = rows[0]?.jobCurrency ?? (await lookup.visibleJob(actor, id)).currency;
      const shownTo = scoresAsSeenBy(actor);
      return pagedResponse(
        rows.map((r) => shownTo(presentSupplier(r, supplierOverride(r), currency))),
        total,
        request,
      );
    },

    /**
     * A supplier rule (the list's filter items) checked as the supplier list checks its filters:
     * an unknown property or an operator that does not fit its column is a 400 naming
     * `fields(i, part)`. Answers the rule with each property named as the list names it.
     */
    checkSupplierRule(filters: FilterItem[], fields: FilterFieldNames): FilterItem[] {
      supplierRuleCondition(filters, fields);
      return filters.map((f) => ({ ...f, propertyName: supplierPropertyKey(f.propertyName)! }));
    },

    /**
     * A job's rule figures for the pipeline, which acts for nobody (use cases' figures stored
     * when a run completes): the job by id, with no visibility check. Undefined for no job.
     */
    async systemFiguresReader(id: string) {
      const job = await jobsRepo.findById(id);
      if (!job) return undefined;
      const { lists, figures } = await figuresOf(job);
      return {
        job: { id: job.id, status: job.status, currency: job.currency, issuerId: job.issuerId },
        supplierListsDigest: lists.digest,
        figures,
      };
    },

    /**
     * A job's results as another module reads them by rules (use cases): the job must be
     * visible to the actor (404), then every read is one query over its rows. Rules are
     * validated again here (400 naming `rule.filters[i]` should a stored one no longer fit).
     */
    async ruleReader(actor: Actor, id: string) {
      const job = await lookup.visibleJob(actor, id);
      const { lists, scope, figures } = await figuresOf(job);
      const leftOutBy = (supplierName: string): SupplierLeftOutBy | null => {
        const key = supplierNameKey(supplierName);
        if (lists.exclude.includes(key)) return 'IssuerExcludeList';
        if (lists.include.length > 0 && !lists.include.includes(key)) return 'IssuerIncludeList';
        return null;
      };
      const shownTo = scoresAsSeenBy(actor);
      return {
        job: { id: job.id, status: job.status, currency: job.currency, issuerId: job.issuerId },
        /** Changes when the issuer's supplier lists do: figures stored by version follow it. */
        supplierListsDigest: lists.digest,
        /** Counts and sums per rule, in one pass over the job's rows (figuresOf). */
        figures,
        /**
         * Key, name and yearly spend of the suppliers of any of the rules, largest first, each
         * with the first of them (by index) it meets: one scan for up to 62 rules.
         */
        supplierKeys: async (rules: readonly FilterItem[][]) =>
          results.segmentMembers(job.id, rules.map(condition), await scope()),
        /** The rule's suppliers as the suppliers tab lists them, with the request's filters too. */
        async suppliers(rule: FilterItem[], request: PagedListRequest) {
          authorizeScoreQuery(actor, request);
          const { rows, total } = await results.listSuppliers(
            job.id,
            request,
            undefined,
            condition(rule),
            await scope(),
          );
          return pagedResponse(
            rows.map((r) => shownTo(presentSupplier(r, supplierOverride(r), job.currency))),
            total,
            request,
          );
        },
        /**
         * One supplier with whether it meets each line of the rule, or undefined. A rule may name
         * a score (the templates do): without SupplierScores_VIEW the line shows whether the
         * supplier passes it, never the number.
         */
        async check(rule: FilterItem[], supplierKey: string) {
          const row = await results.supplier(job.id, supplierKey);
          if (!row) return undefined;
          const passes = await results.supplierChecks(
            job.id,
            supplierKey,
            rule.map((item, i) => supplierRuleCondition([item], (_, part) => ruleFields(i, part))!),
          );
          const override = await results.override(job.id, supplierKey);
          return {
            supplier: shownTo(presentSupplier(row, override, job.currency)),
            passes: passes ?? rule.map(() => false),
            leftOutBy: leftOutBy(row.supplierName),
          };
        },
      };
    },

    /**
     * A visible job's results as the data downloads read them: every supplier in key order, a
     * batch at a time (keyset reads), so a download of any size holds one batch in memory.
     */
    async exportReader(actor: Actor, id: string) {
      const job = await lookup.visibleJob(actor, id);
      const shownTo = scoresAsSeenBy(actor);
      return {
        job: {
          id: job.id,
          name: job.name,
          type: job.type,
          status: job.status,
          currency: job.currency,
          issuerId: job.issuerId,
          supplierCount: job.supplierCount ?? 0,
        },
        async *batches(size = 2000): AsyncGenerator<SupplierResult[]> {
          const overrides = new Map(
            (await results.overrides(job.id)).map((o) => [o.supplierKey, o]),
          );
          let after: string | null = null;
          for (;;) {
            const rows = await results.suppliersAfter(job.id, after, size);
            if (rows.length === 0) return;
            yield rows.map((r) =>
              shownTo(presentSupplier(r, overrides.get(r.supplierKey), job.currency)),
            );
            if (rows.length < size) return;
            after = rows[rows.length - 1]!.supplierKey;
          }
        },
      };
    },

    async supplier(actor: Actor, id: string, supplierKey: string) {
      const job = await lookup.visibleJob(actor, id);
      const row = await results.supplier(job.id, supplierKey);
      if (!row) throw AppError.notFound('No such supplier in this job.');
      const { evidence, features } = await engine.supplierExplanation(job.id, supplierKey);
      // What drove each score, with the same arithmetic as the scoring SQL (engine explainScores).
      const scoreDrivers =
        features && job.scoringRulesetVersion
          ? explainScores(features, await rulesets.scoringRuleset(job.scoringRulesetVersion))
          : null;
      const detail = presentSupplierDetail(
        row,
        await results.override(job.id, supplierKey),
        job.currency,
        { evidence: evidence as SupplierResultDetail['evidence'], scoreDrivers },
      );
      return scoresAsSeenBy(actor)(detail);
    },

    /**
     * Records a person's decision and applies it to the supplier's row at once; the job then runs
     * Match, Score and Aggregate again with every decision, so totals and scores follow.
     */
    async decideMatch(actor: Actor, id: string, supplierKey: string, decision: MatchDecision) {
      const job = await lookup.visibleJob(actor, id);
      authorize(actor, 'overrideMatches', job);
      const row = await results.supplier(job.id, supplierKey);
      if (!row) throw AppError.notFound('No such supplier in this job.');
      let merchantId: string | null = null;
      if (decision.decision === 'confirmed') {
        if (row.matchStatus !== 'MATCHED' || !row.merchantId) {
          throw AppError.badRequest(
            'This supplier has no match to confirm; choose a merchant instead.',
            'decision',
          );
        }
        merchantId = row.merchantId;
      } else if (decision.decision === 'merchant') {
        merchantId = decision.merchantId;
        await requireReferenceMerchants(job, [merchantId], 'body.merchantId');
      }
      await inTransaction(db, (tx) =>
        recordDecision(createJobResultsRepo(tx), job.id, actor, row, decision.decision, merchantId),
      );
      await workflow.enqueueFrom(job, 'Match');
      return this.supplier(actor, id, supplierKey);
    },

    /**
     * Many decisions at once (the review queue): every one is checked first — supplier keys of
     * this job, each once, merchants of the job's reference data — then all are recorded in one
     * transaction (each an override with who and when, as a single decision is), or none.
     */
    async decideMatches(actor: Actor, id: string, decisions: SupplierMatchDecisionItem[]) {
      const job = await lookup.visibleJob(actor, id);
      authorize(actor, 'overrideMatches', job);
      const keys = decisions.map((d) => d.supplierKey);
      const repeated = [...new Set(keys.filter((key, i) => keys.indexOf(key) !== i))];
      if (repeated.length > 0) {
        throw AppError.badRequest(
          `Each supplier can be decided once per batch; repeated: ${listed(repeated)}.`,
          'body.decisions',
        );
      }
      const rows = new Map(
        (await results.suppliersByKeys(job.id, keys)).map((r) => [r.supplierKey, r]),
      );
      const unknown = keys.filter((key) => !rows.has(key));
      if (unknown.length > 0) {
        throw AppError.badRequest(
          `No such supplier in this job: ${listed(unknown)}.`,
          'body.decisions',
        );
      }
      await requireReferenceMerchants(
        job,
        decisions.flatMap((d) => (d.decision === 'merchant' ? [d.merchantId] : [])),
        'body.decisions',
      );
      await inTransaction(db, async (tx) => {
        const repo = createJobResultsRepo(tx);
        for (const d of decisions) {
          const merchantId = d.decision === 'merchant' ? d.merchantId : null;
          await recordDecision(
            repo,
            job.id,
            actor,
            rows.get(d.supplierKey)!,
            d.decision,
            merchantId,
          );
        }
      });
      await workflow.enqueueFrom(job, 'Match');
      const overrides = new Map(
        (await results.overridesOf(job.id, keys)).map((o) => [o.supplierKey, o]),
      );
      const after = new Map(
        (await results.suppliersByKeys(job.id, keys)).map((r) => [r.supplierKey, r]),
      );
      return {
        decided: decisions.length,
        suppliers: keys.flatMap((key) => {
          const row = after.get(key);
          return row ? [presentSupplier(row, overrides.get(key), job.currency)] : [];
        }),
      };
    },

    async clearMatchDecision(actor: Actor, id: string, supplierKey: string) {
      const job = await lookup.visibleJob(actor, id);
      authorize(actor, 'overrideMatches', job);
      if (!(await results.override(job.id, supplierKey))) {
        throw AppError.notFound('This supplier has no match decision.');
      }
      await results.deleteOverride(job.id, supplierKey);
      await workflow.enqueueFrom(job, 'Match');
      return this.supplier(actor, id, supplierKey);
    },

    async rescore(actor: Actor, id: string, versionNumber: number | undefined) {
      const job = await lookup.visibleJob(actor, id);
      authorize(actor, 'rescore', job);
      const scoring = await rulesets.scoring(versionNumber);
      const next = await workflow.enqueueFrom(job, 'Score', {
        scoringRulesetVersion: scoring.versionNumber,
      });
      return lookup.details(actor, next);
    },

    /**
     * Matches a Completed job again with a confidence ruleset version (analysis admin's re-run
     * after a new version); the job's people's decisions still win, and scoring follows.
     */
    async rematch(actor: Actor, id: string, versionNumber: number) {
      const job = await lookup.visibleJob(actor, id);
      authorize(actor, 'overrideMatches', job);
      const confidence = await rulesets.confidence(versionNumber);
      const next = await workflow.enqueueFrom(job, 'Match', {
        confidenceRulesetVersion: confidence.versionNumber,
      });
      return lookup.details(actor, next);
    },
  };
}
