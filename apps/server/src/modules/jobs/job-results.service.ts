import type { MatchDecision, PagedListRequest, SupplierResultDetail } from '@b2b/contract';
import type { Database } from '../../db/client.js';
import { pagedResponse } from '../../db/paged-query.js';
import { referenceHasMerchant } from '../../engine/reference-data/merchant-lookup.js';
import { explainScores } from '../../engine/scoring/explain-scores.js';
import type { Actor } from '../../lib/actor.js';
import { AppError } from '../../lib/app-error.js';
import type { JobEngine } from './job-engine.js';
import type { JobLookup } from './job-lookup.js';
import { createJobResultsRepo } from './job-results.repo.js';
import type { JobWorkflowService } from './job-workflow.service.js';
import { authorize } from './jobs.policy.js';
import { presentSupplier, presentSupplierDetail } from './jobs.presenter.js';
import type { RulesetsService } from './rulesets.service.js';

/** A job's results: its suppliers, the match decisions people make, scoring again. */
export function createJobResultsService(
  db: Database,
  deps: {
    lookup: JobLookup;
    engine: JobEngine;
    rulesets: RulesetsService;
    workflow: Pick<JobWorkflowService, 'enqueueFrom'>;
  },
) {
  const { lookup, engine, rulesets, workflow } = deps;
  const results = createJobResultsRepo(db);

  return {
    async suppliers(actor: Actor, id: string, request: PagedListRequest) {
      const job = await lookup.visibleJob(actor, id);
      const { rows, total } = await results.listSuppliers(job.id, request);
      const overrides = new Map((await results.overrides(job.id)).map((o) => [o.supplierKey, o]));
      return pagedResponse(
        rows.map((r) => presentSupplier(r, overrides.get(r.supplierKey))),
        total,
        request,
      );
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
      return presentSupplierDetail(row, await results.override(job.id, supplierKey), {
        evidence: evidence as SupplierResultDetail['evidence'],
        scoreDrivers,
      });
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
        // The merchant must be in the reference data this job matched against: an unknown id
        // would be stored and applied by the next Match run as a match to nothing.
        const versionId = job.referenceVersionId;
        if (
          !versionId ||
          !(await referenceHasMerchant(engine.referenceRoot, versionId, merchantId))
        ) {
          throw AppError.badRequest(
            `Merchant ${merchantId} is not in the reference data this job was matched against (${versionId ?? 'none recorded'}).`,
            'body.merchantId',
          );
        }
      }
      await results.saveOverride({
        jobId: job.id,
        supplierKey,
        decision: decision.decision,
        merchantId,
        userId: actor.userId,
        username: actor.username,
      });
      await results.updateSupplier(
        job.id,
        supplierKey,
        decision.decision === 'rejected'
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
          : { matchSource: 'override', ruleId: 'manual-override', merchantId },
      );
      await workflow.enqueueFrom(job, 'Match');
      return this.supplier(actor, id, supplierKey);
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
  };
}
