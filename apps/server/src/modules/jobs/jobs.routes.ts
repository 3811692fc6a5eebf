import { jobsEndpoints as endpoints } from '@b2b/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import { registerEndpoint } from '../../lib/endpoint.js';
import type { AppContext } from '../../services.js';

export function registerJobsRoutes(app: FastifyInstance, { services, config }: AppContext): void {
  const { jobs, rulesets } = services;

  // SPEC.md section 7: Job artifacts.
  registerEndpoint(app, endpoints.getJobArtifactAdmin, ({ actor, params }) =>
    jobs.admin(actor, params.id),
  );
  registerEndpoint(app, endpoints.getAssignableJobArtifacts, ({ actor, params }) =>
    jobs.assignable(actor, params.id),
  );
  registerEndpoint(app, endpoints.createJobArtifact, async ({ actor, query, reply }) => {
    reply.code(201);
    return jobs.create(actor, query);
  });
  registerEndpoint(app, endpoints.changeJobArtifactOwner, ({ actor, params, body }) =>
    jobs.changeOwner(actor, params.id, body.ownerId),
  );
  registerEndpoint(app, endpoints.updateJobArtifactUserAssignment, ({ actor, body }) =>
    jobs.setAssignment(actor, body),
  );
  registerEndpoint(app, endpoints.getJobOwnersFilterItems, ({ actor }) =>
    jobs.ownerFilterItems(actor),
  );

  // List and detail.
  registerEndpoint(app, endpoints.listJobs, ({ actor, body }) => jobs.list(actor, body));
  registerEndpoint(app, endpoints.getJob, ({ actor, params }) => jobs.get(actor, params.id));
  registerEndpoint(app, endpoints.updateJobWizard, ({ actor, params, body }) =>
    jobs.updateWizard(actor, params.id, body),
  );
  registerEndpoint(app, endpoints.deleteJob, ({ actor, params }) => jobs.delete(actor, params.id));

  // Wizard.
  registerEndpoint(app, endpoints.listWizardIssuers, ({ actor }) => jobs.wizardIssuers(actor));
  registerEndpoint(app, endpoints.createWizardBuyer, async ({ actor, body, reply }) => {
    reply.code(201);
    return jobs.createBuyer(actor, body);
  });
  registerEndpoint(
    app,
    endpoints.uploadJobFile,
    async ({ actor, params, query, request, reply }) => {
      if (!request.isMultipart())
        throw AppError.badRequest('Send the file as multipart/form-data.', 'file');
      // The job limit, not the chat's: one file per call, streamed to file storage.
      const part = await request.file({
        limits: { fileSize: config.jobs.uploadMaxBytes, files: 1 },
      });
      if (!part)
        throw AppError.badRequest('Attach the file in the multipart field "file".', 'file');
      const file = await jobs.uploadFile(actor, params.id, query.role, query.sheetName, {
        filename: part.filename,
        stream: part.file,
      });
      reply.code(201);
      return file;
    },
  );
  registerEndpoint(app, endpoints.deleteJobFile, ({ actor, params }) =>
    jobs.deleteFile(actor, params.id, params.fileId),
  );
  registerEndpoint(app, endpoints.saveJobFileMapping, ({ actor, params, body }) =>
    jobs.saveMapping(actor, params.id, params.fileId, body),
  );
  registerEndpoint(app, endpoints.previewJobFile, ({ actor, params, query }) =>
    jobs.preview(actor, params.id, params.fileId, query.rows),
  );
  registerEndpoint(app, endpoints.validateJobFile, ({ actor, params }) =>
    jobs.validate(actor, params.id, params.fileId),
  );
  registerEndpoint(app, endpoints.downloadJobFileRejects, async ({ actor, params, reply }) => {
    const csv = await jobs.rejectsCsv(actor, params.id, params.fileId);
    await reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="rejected-rows-${params.fileId}.csv"`)
      .send(csv);
    return '';
  });
  registerEndpoint(app, endpoints.submitJob, ({ actor, params }) => jobs.submit(actor, params.id));
  registerEndpoint(app, endpoints.retryJobStep, ({ actor, params }) =>
    jobs.retry(actor, params.id, params.step),
  );
  registerEndpoint(app, endpoints.resetJob, ({ actor, params }) => jobs.reset(actor, params.id));
  registerEndpoint(app, endpoints.publishJob, ({ actor, params, body }) =>
    jobs.publish(actor, params.id, body.isPublished),
  );
  registerEndpoint(app, endpoints.getJobLogs, ({ actor, params, query }) =>
    jobs.logs(actor, params.id, query.afterId, query.limit),
  );

  // Results.
  registerEndpoint(app, endpoints.listJobSuppliers, ({ actor, params, body }) =>
    jobs.suppliers(actor, params.id, body),
  );
  registerEndpoint(app, endpoints.getJobSupplier, ({ actor, params }) =>
    jobs.supplier(actor, params.id, params.supplierKey),
  );
  registerEndpoint(app, endpoints.decideSupplierMatch, ({ actor, params, body }) =>
    jobs.decideMatch(actor, params.id, params.supplierKey, body),
  );
  registerEndpoint(app, endpoints.clearSupplierMatchDecision, ({ actor, params }) =>
    jobs.clearMatchDecision(actor, params.id, params.supplierKey),
  );
  registerEndpoint(app, endpoints.rescoreJob, ({ actor, params, body }) =>
    jobs.rescore(actor, params.id, body.scoringRulesetVersion),
  );

  // Rulesets (read-only).
  registerEndpoint(app, endpoints.listConfidenceRulesets, () => rulesets.list('confidence'));
  registerEndpoint(app, endpoints.getActiveConfidenceRuleset, () => rulesets.confidence());
  registerEndpoint(app, endpoints.getConfidenceRuleset, ({ params }) =>
    rulesets.confidence(params.versionNumber),
  );
  registerEndpoint(app, endpoints.listScoringRulesets, () => rulesets.list('scoring'));
  registerEndpoint(app, endpoints.getActiveScoringRuleset, () => rulesets.scoring());
  registerEndpoint(app, endpoints.getScoringRuleset, ({ params }) =>
    rulesets.scoring(params.versionNumber),
  );
}
