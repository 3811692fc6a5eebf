import type { Writable } from 'node:stream';
import {
  SHIPPED_ASSUMPTIONS,
  calculateBusinessCase,
  cellCounts,
  type BusinessCaseAssumptions,
  type BusinessCaseContext,
  type BusinessCaseInputs,
  type BusinessCaseScenario,
  type BusinessCaseScenarioInput,
  type BusinessCaseSupplierOptions,
  type JobDetails,
  type SpendAggregates,
  type SpendSource,
} from '@b2b/contract';
import type { Database } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { AppError } from '../../lib/app-error.js';
import type { createUseCasesService } from '../use-cases/use-cases.service.js';
import { createBusinessCaseSpendRead, type SupplierFilter } from './business-case-spend.read.js';
import { writeBusinessCaseWorkbook } from './business-case-workbook.js';
import { authorize, canActOnScenario, canEditIssuerDefaults } from './business-case.policy.js';
import { createBusinessCaseRepo, type ScenarioRow } from './business-case.repo.js';

type UseCases = Pick<ReturnType<typeof createUseCasesService>, 'selectSuppliers' | 'get'>;

/** The workbook of a job without a chosen scenario: the issuer's defaults over High and Medium. */
const DEFAULT_SOURCE: SpendSource = { kind: 'scoreLevel', levels: ['High', 'Medium'] };

/**
 * The business case of a job (SPEC §2 jobs business-case-calculator and -download, DOMAIN
 * "Business case"): the spend aggregates the calculator runs on, saved scenarios, the issuer's
 * defaults and the workbook. The job's visibility is the jobs module's (404); its results must
 * be Completed (409 naming its state).
 */
export function createBusinessCaseService(
  db: Database,
  deps: { visibleJob: (actor: Actor, jobId: string) => Promise<JobDetails>; useCases: UseCases },
) {
  const repo = createBusinessCaseRepo(db);
  const read = createBusinessCaseSpendRead(db);

  async function completedJob(actor: Actor, jobId: string): Promise<JobDetails> {
    const job = await deps.visibleJob(actor, jobId);
    if (job.status !== 'Completed') {
      throw AppError.conflict(
        `The business case needs the job’s results, and this job is ${job.status}; try again when it is Completed.`,
      );
    }
    return job;
  }

  async function defaultsOf(issuerId: string) {
    const row = await repo.issuerDefaults(issuerId);
    return row
      ? { defaults: row.assumptions, source: 'issuer' as const, at: row.updatedAt.toISOString() }
      : { defaults: SHIPPED_ASSUMPTIONS, source: 'shipped' as const, at: null };
  }

  /** The suppliers a source names; a use case not of this job is a 400 naming `field`. */
  async function filterOf(
    actor: Actor,
    jobId: string,
    source: SpendSource,
    field: string,
  ): Promise<SupplierFilter> {
    if (source.kind === 'scoreLevel') return {};
    if (source.kind === 'suppliers') return { supplierKeys: [...new Set(source.supplierKeys)] };
    try {
      const selected = await deps.useCases.selectSuppliers(actor, jobId, [source.useCaseId]);
      return { supplierKeys: selected.map((s) => s.supplierKey) };
    } catch (error) {
      if (error instanceof AppError && error.statusCode === 404) {
        throw AppError.badRequest(`${field} names no use case of this job.`, field);
      }
      throw error;
    }
  }

  async function sourceText(actor: Actor, jobId: string, source: SpendSource): Promise<string> {
    if (source.kind === 'scoreLevel') {
      return `Suppliers scoring ${source.levels.join(', ')} for their best card product`;
    }
    if (source.kind === 'suppliers') return `${source.supplierKeys.length} chosen suppliers`;
    const useCase = await deps.useCases.get(actor, jobId, source.useCaseId);
    return `The suppliers of the use case “${useCase.name}”`;
  }

  function present(actor: Actor, row: ScenarioRow): BusinessCaseScenario {
    return {
      id: row.id,
      jobId: row.jobId,
      name: row.name,
      inputs: row.inputs,
      createdBy: row.createdBy,
      createdByName: row.createdByName,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      canChange: canActOnScenario(actor, 'change', row),
    };
  }

  async function scenarioOf(jobId: string, scenarioId: string): Promise<ScenarioRow> {
    const row = await repo.scenario(jobId, scenarioId);
    if (!row) throw AppError.notFound('No such scenario in this job.');
    return row;
  }

  async function context(actor: Actor, jobId: string): Promise<BusinessCaseContext> {
    const job = await deps.visibleJob(actor, jobId);
    const [defaults, rows] = await Promise.all([defaultsOf(job.issuerId), repo.scenarios(job.id)]);
    return {
      jobId: job.id,
      jobName: job.name,
      status: job.status,
      currency: job.currency,
      issuerId: job.issuerId,
      issuerName: job.issuerName,
      defaults: defaults.defaults,
      defaultsSource: defaults.source,
      defaultsUpdatedAt: defaults.at,
      canEditDefaults: canEditIssuerDefaults(actor, job.issuerId),
      scenarios: rows.map((r) => present(actor, r)),
    };
  }

  return {
    context,

    async spend(actor: Actor, jobId: string, source: SpendSource): Promise<SpendAggregates> {
      const job = await completedJob(actor, jobId);
      const filter = await filterOf(actor, job.id, source, 'body.source.useCaseId');
      const { cells, unscoredSuppliers } = await read.cells(job.id, filter);
      return { jobId: job.id, currency: job.currency, source, cells, unscoredSuppliers };
    },

    /** The calculator's supplier picker (its "Chosen suppliers" source). */
    async supplierOptions(
      actor: Actor,
      jobId: string,
      query: { search: string; keys?: string[]; limit: number },
    ): Promise<BusinessCaseSupplierOptions> {
      const job = await completedJob(actor, jobId);
      return read.options(job.id, query);
    },

    async createScenario(actor: Actor, jobId: string, input: BusinessCaseScenarioInput) {
      const job = await completedJob(actor, jobId);
      await filterOf(actor, job.id, input.inputs.source, 'body.inputs.source.useCaseId');
      const row = await repo.insert({
        jobId: job.id,
        name: input.name,
        inputs: input.inputs,
        createdBy: actor.userId,
        createdByName: actor.username,
      });
      return present(actor, row);
    },

    async updateScenario(
      actor: Actor,
      jobId: string,
      scenarioId: string,
      input: BusinessCaseScenarioInput,
    ) {
      const job = await completedJob(actor, jobId);
      authorize(actor, 'change', await scenarioOf(job.id, scenarioId));
      await filterOf(actor, job.id, input.inputs.source, 'body.inputs.source.useCaseId');
      const row = await repo.update(job.id, scenarioId, input);
      if (!row) throw AppError.notFound('No such scenario in this job.');
      return present(actor, row);
    },

    async copyScenario(actor: Actor, jobId: string, scenarioId: string, name?: string) {
      const job = await deps.visibleJob(actor, jobId);
      const source = await scenarioOf(job.id, scenarioId);
      authorize(actor, 'copy', source);
      const row = await repo.insert({
        jobId: job.id,
        name: name ?? `${source.name} (copy)`.slice(0, 200),
        inputs: source.inputs,
        createdBy: actor.userId,
        createdByName: actor.username,
      });
      return present(actor, row);
    },

    async deleteScenario(actor: Actor, jobId: string, scenarioId: string) {
      const job = await deps.visibleJob(actor, jobId);
      authorize(actor, 'delete', await scenarioOf(job.id, scenarioId));
      await repo.delete(job.id, scenarioId);
      return { deleted: true as const };
    },

    async updateDefaults(actor: Actor, jobId: string, assumptions: BusinessCaseAssumptions) {
      const job = await deps.visibleJob(actor, jobId);
      if (!canEditIssuerDefaults(actor, job.issuerId)) {
        throw AppError.forbidden('Changing an issuer’s business case defaults needs IssuerUpdate.');
      }
      await repo.saveIssuerDefaults(job.issuerId, assumptions, actor);
      return context(actor, jobId);
    },

    /**
     * The workbook of a scenario (or of the issuer's defaults over High and Medium scorers):
     * checks everything before the first byte, then `write` streams it.
     */
    async workbook(actor: Actor, jobId: string, scenarioId: string | undefined) {
      const job = await completedJob(actor, jobId);
      let inputs: BusinessCaseInputs;
      let name = 'issuer defaults';
      if (scenarioId) {
        const row = await scenarioOf(job.id, scenarioId);
        inputs = row.inputs;
        name = row.name;
      } else {
        inputs = {
          years: 3,
          source: DEFAULT_SOURCE,
          assumptions: (await defaultsOf(job.issuerId)).defaults,
        };
      }
      const filter = await filterOf(actor, job.id, inputs.source, 'query.scenarioId');
      const { cells } = await read.cells(job.id, filter);
      const result = calculateBusinessCase(inputs, cells, job.currency);
      const text = await sourceText(actor, job.id, inputs.source);
      const filename = `business-case-${job.name}-${name}`
        .replace(/[^A-Za-z0-9 ._-]+/g, '')
        .replace(/\s+/g, '-')
        .slice(0, 120);
      return {
        filename: `${filename}.xlsx`,
        result,
        write: (out: Writable) =>
          writeBusinessCaseWorkbook(out, {
            jobName: job.name,
            currency: job.currency,
            inputs,
            sourceText: text,
            result,
            suppliers: read.suppliers(job.id, filter),
            counts: (s) =>
              s.product !== null && cellCounts({ ...s, product: s.product, suppliers: 1 }, inputs),
          }),
      };
    },
  };
}
