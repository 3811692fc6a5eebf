import { jobsEndpoints, rulesetsEndpoints as endpoints } from '@b2b/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint.js';
import type { AppContext } from '../../services.js';

/** Analysis admin: the confidence and scoring rulesets, their drafts, dry-runs and re-runs. */
export function registerRulesetsRoutes(app: FastifyInstance, { services }: AppContext): void {
  const { rulesets, rulesetDryRuns: dryRuns } = services;
  registerEndpoint(app, jobsEndpoints.listConfidenceRulesets, () => rulesets.list('confidence'));
  registerEndpoint(app, jobsEndpoints.getActiveConfidenceRuleset, () => rulesets.get('confidence'));
  registerEndpoint(app, jobsEndpoints.getConfidenceRuleset, ({ params }) =>
    rulesets.get('confidence', params.versionNumber),
  );
  registerEndpoint(app, jobsEndpoints.listScoringRulesets, () => rulesets.list('scoring'));
  registerEndpoint(app, jobsEndpoints.getActiveScoringRuleset, () => rulesets.get('scoring'));
  registerEndpoint(app, jobsEndpoints.getScoringRuleset, ({ params }) =>
    rulesets.get('scoring', params.versionNumber),
  );

  const c = endpoints;
  registerEndpoint(app, c.createConfidenceDraft, ({ actor, body }) =>
    rulesets.createDraft(actor, 'confidence', body.fromVersion),
  );
  registerEndpoint(app, c.saveConfidenceDraft, ({ actor, params, body }) =>
    rulesets.saveDraft(actor, 'confidence', params.versionNumber, body),
  );
  registerEndpoint(app, c.deleteConfidenceDraft, ({ actor, params }) =>
    rulesets.deleteDraft(actor, 'confidence', params.versionNumber),
  );
  registerEndpoint(app, c.activateConfidenceRuleset, ({ actor, params }) =>
    rulesets.activate(actor, 'confidence', params.versionNumber),
  );
  registerEndpoint(app, c.startConfidenceDryRun, ({ actor, params, body }) =>
    dryRuns.start(actor, 'confidence', params.versionNumber, body.jobId),
  );
  registerEndpoint(app, c.getConfidenceDryRun, ({ params }) =>
    dryRuns.get('confidence', params.dryRunId),
  );
  registerEndpoint(app, c.listConfidenceDryRunChanges, ({ params, body }) =>
    dryRuns.changes('confidence', params.dryRunId, body),
  );
  registerEndpoint(app, c.rerunJobsWithConfidenceRuleset, ({ actor, params, body }) =>
    dryRuns.rerunJobs(actor, 'confidence', params.versionNumber, body.jobIds),
  );

  registerEndpoint(app, c.createScoringDraft, ({ actor, body }) =>
    rulesets.createDraft(actor, 'scoring', body.fromVersion),
  );
  registerEndpoint(app, c.saveScoringDraft, ({ actor, params, body }) =>
    rulesets.saveDraft(actor, 'scoring', params.versionNumber, body),
  );
  registerEndpoint(app, c.deleteScoringDraft, ({ actor, params }) =>
    rulesets.deleteDraft(actor, 'scoring', params.versionNumber),
  );
  registerEndpoint(app, c.activateScoringRuleset, ({ actor, params }) =>
    rulesets.activate(actor, 'scoring', params.versionNumber),
  );
  registerEndpoint(app, c.startScoringDryRun, ({ actor, params, body }) =>
    dryRuns.start(actor, 'scoring', params.versionNumber, body.jobId),
  );
  registerEndpoint(app, c.getScoringDryRun, ({ params }) =>
    dryRuns.get('scoring', params.dryRunId),
  );
  registerEndpoint(app, c.listScoringDryRunChanges, ({ params, body }) =>
    dryRuns.changes('scoring', params.dryRunId, body),
  );
  registerEndpoint(app, c.rerunJobsWithScoringRuleset, ({ actor, params, body }) =>
    dryRuns.rerunJobs(actor, 'scoring', params.versionNumber, body.jobIds),
  );
}
