import {
  BUSINESS_CASE_DEFAULTS,
  MOVABLE_PAYMENT_METHODS,
  USE_CASE_TEMPLATES,
  roundMoney,
  useCaseTemplate,
  type CardProduct,
  type FilterItem,
  type PagedListRequest,
  type UseCase,
  type UseCaseFigures,
  type UseCaseInput,
  type UseCaseRisk,
  type UseCaseSupplier,
} from '@b2b/contract';
import type { Database } from '../../db/client.js';
import type { Actor } from '../../lib/actor.js';
import { uiText } from '../../lib/ui-text.js';
import { AppError } from '../../lib/app-error.js';
import type { createJobResultsService } from '../jobs/job-results.service.js';
import { authorize, canActOnUseCase } from './use-cases.policy.js';
import { type UseCaseWithFigures, createUseCaseFiguresRead } from './use-case-figures.read.js';
import { type UseCaseRow, createUseCasesRepo } from './use-cases.repo.js';

type JobResults = Pick<
  ReturnType<typeof createJobResultsService>,
  'ruleReader' | 'checkSupplierRule' | 'systemFiguresReader'
>;
type RuleReader = Awaited<ReturnType<JobResults['ruleReader']>>;
type SupplierSegmentFigures = Awaited<ReturnType<RuleReader['figures']>>[number];

/** A supplier of a campaign's selection (selectSuppliers). */
export type SelectedSupplier = {
  supplierKey: string;
  supplierName: string;
  spend: number;
  useCaseId: string;
  cardProduct: CardProduct;
};

type RiskLevel = UseCaseRisk['level'];

const RISK_ORDER: readonly RiskLevel[] = ['Low', 'Medium', 'High'];
const percent = (share: number) => `${Math.round(share * 100)}%`;

/**
 * SPEC §3 risk level of targeting these suppliers, with its reasons: how sure the card-acceptance
 * evidence is (suppliers matched at Low or no confidence, suppliers not matched at all — except for
 * a virtual lockbox, which pays suppliers by their usual method), how many have no contact e-mail
 * (an e-mail campaign lists them as No contact and cannot reach them; a virtual lockbox enrols
 * without one), and how much of the spend rides on one supplier.
 */
function riskOf(seg: SupplierSegmentFigures, product: CardProduct): UseCaseRisk {
  const n = seg.suppliers;
  const lowConfidenceShare = n > 0 ? seg.lowConfidence / n : 0;
  const unmatchedShare = n > 0 ? seg.unmatched / n : 0;
  const noContactShare = n > 0 ? seg.noContact / n : 0;
  const largestSupplierShare = seg.spend > 0 ? seg.largestSpend / seg.spend : 0;
  const found: { level: RiskLevel; reason: string }[] = [];
  const band = (share: number, medium: number, high: number, reason: string) => {
    if (share >= high) found.push({ level: 'High', reason });
    else if (share >= medium) found.push({ level: 'Medium', reason });
  };
  if (n === 0) {
    return {
      level: 'Low',
      reasons: [uiText('No suppliers meet this rule today.')],
      lowConfidenceShare,
      unmatchedShare,
      noContactShare,
      largestSupplierShare,
    };
  }
  band(
    lowConfidenceShare,
    0.2,
    0.5,
    uiText(`${percent(lowConfidenceShare)} of the suppliers are matched at Low or no confidence.`),
  );
  if (product !== 'Boost') {
    band(
      unmatchedShare,
      0.2,
      0.5,
      uiText(
        `${percent(unmatchedShare)} of the suppliers are not matched to a card-accepting merchant.`,
      ),
    );
  }
  if (product !== 'Boost') {
    band(
      noContactShare,
      0.2,
      0.5,
      uiText(
        `${percent(noContactShare)} of the suppliers have no contact e-mail: an e-mail campaign cannot reach them.`,
      ),
    );
  }
  if (n > 1) {
    band(
      largestSupplierShare,
      0.25,
      0.5,
      uiText(`The largest supplier holds ${percent(largestSupplierShare)} of the spend.`),
    );
  }
  if (n < 5)
    found.push({ level: 'Medium', reason: uiText(`Only ${n} supplier${n === 1 ? '' : 's'}.`) });
  const level = found.reduce<RiskLevel>(
    (worst, f) => (RISK_ORDER.indexOf(f.level) > RISK_ORDER.indexOf(worst) ? f.level : worst),
    'Low',
  );
  return {
    level,
    reasons:
      found.length > 0
        ? found.map((f) => f.reason)
        : [uiText('Matches are mostly High or Medium confidence and the spend is spread out.')],
    lowConfidenceShare,
    unmatchedShare,
    noContactShare,
    largestSupplierShare,
  };
}

/**
 * Suppliers, spend, estimated value and risk of one use case. Value (DOMAIN "Business case",
 * with BUSINESS_CASE_DEFAULTS until they are editable per issuer): the rebate on the spend
 * expected to move to card (spend × expected enrolment × the product's rebate rate) plus the
 * process savings of the payments moved off cheque, ACH and wire (payments × enrolment × (their
 * cost − a card payment's cost)). Money is rounded to the currency's minor unit.
 */
function figuresOf(
  seg: SupplierSegmentFigures,
  product: CardProduct,
  currency: string,
): UseCaseFigures {
  const D = BUSINESS_CASE_DEFAULTS;
  const money = (amount: number) => roundMoney(amount, currency);
  const enrolment = D.expectedEnrolment.selfService;
  const rebateRate = D.rebateRate[product];
  const spendToCard = seg.spend * enrolment;
  const rebate = spendToCard * rebateRate;
  const payments = MOVABLE_PAYMENT_METHODS.map((method) => {
    const count = seg.payments[method];
    const costPerPayment = D.costPerPayment[method];
    const cardCostPerPayment = D.costPerPayment.Card;
    return {
      method,
      payments: count,
      costPerPayment,
      cardCostPerPayment,
      saving: count * enrolment * (costPerPayment - cardCostPerPayment),
    };
  });
  const processSavings = payments.reduce((sum, p) => sum + p.saving, 0);
  return {
    suppliers: seg.suppliers,
    spend: money(seg.spend),
    currency,
    value: {
      total: money(rebate + processSavings),
      rebate: money(rebate),
      processSavings: money(processSavings),
      inputs: {
        spend: money(seg.spend),
        expectedEnrolment: enrolment,
        rebateRate,
        spendToCard: money(spendToCard),
        payments: payments.map((p) => ({ ...p, saving: money(p.saving) })),
      },
    },
    risk: riskOf(seg, product),
  };
}

const inputFields = (i: number, part: 'propertyName' | 'operator' | 'value') =>
  `body.rule.filters[${i}].${part === 'operator' ? 'comparisonOperator' : part}`;

/**
 * Use cases: named rules over a job's supplier results (SPEC §2 jobs use-cases). Their figures
 * are computed from the job's current results and stored per results version (a use case's
 * create, edit or copy stores them; after a run, the first read that finds none stores them
 * for all the job's use cases in one scan), so they follow a re-score, agree with the
 * suppliers tab given the same filters, and the list is a read on a job of any size. A job gets no use cases by itself: the templates are
 * offered when creating one, since a job's use cases are the user's chosen targets and a
 * pre-filled list would have to be pruned before it means anything.
 */
export function createUseCasesService(db: Database, deps: { results: JobResults }) {
  const { results } = deps;
  const repo = createUseCasesRepo(db);
  const figuresRead = createUseCaseFiguresRead(db);

  /** The job's results for use cases: visible (404) and Completed (409). */
  async function readerFor(actor: Actor, jobId: string): Promise<RuleReader> {
    const reader = await results.ruleReader(actor, jobId);
    if (reader.job.status !== 'Completed') {
      throw AppError.conflict(
        `Use cases need the job’s results, and this job is ${reader.job.status}; try again when it is Completed.`,
      );
    }
    return reader;
  }

  async function useCaseOf(jobId: string, useCaseId: string): Promise<UseCaseRow> {
    const row = await repo.find(jobId, useCaseId);
    if (!row) throw AppError.notFound('No such use case in this job.');
    return row;
  }

  function present(actor: Actor, row: UseCaseRow, figures: UseCaseFigures): UseCase {
    return {
      id: row.id,
      jobId: row.jobId,
      name: row.name,
      description: row.description,
      cardProduct: row.cardProduct,
      recommendedAction: row.recommendedAction,
      rule: { filters: row.rule },
      templateKey: row.templateKey,
      createdBy: row.createdBy,
      createdByName: row.createdByName,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      canChange: canActOnUseCase(actor, 'change', row),
      figures,
    };
  }

  /** The entries with figures computed (one scan) and stored for those that had none. */
  async function withMissingStored(
    reader: Pick<RuleReader, 'figures'>,
    entries: UseCaseWithFigures[],
  ): Promise<UseCaseWithFigures[]> {
    const missing = entries.filter((e) => e.figures === null);
    if (missing.length === 0) return entries;
    const computed = await reader.figures(missing.map((e) => e.useCase.rule));
    const fresh = new Map(missing.map((e, i) => [e.useCase.id, computed[i]!]));
    await repo.storeFigures(missing[0]!.resultsVersion, fresh);
    return entries.map((e) => ({ ...e, figures: e.figures ?? fresh.get(e.useCase.id)! }));
  }

  /**
   * Each use case presented with its figures: the stored ones for the current results version,
   * the others computed in one scan and stored.
   */
  async function presentAll(actor: Actor, reader: RuleReader, entries: UseCaseWithFigures[]) {
    entries = await withMissingStored(reader, entries);
    return entries.map((e) =>
      present(actor, e.useCase, figuresOf(e.figures!, e.useCase.cardProduct, reader.job.currency)),
    );
  }

  /** A use case just written: its figures computed afresh (its rule may have changed). */
  async function presentWritten(actor: Actor, reader: RuleReader, row: UseCaseRow) {
    const resultsVersion = await figuresRead.resultsVersion(
      reader.job.id,
      reader.supplierListsDigest,
    );
    const [one] = await presentAll(actor, reader, [
      { useCase: row, figures: null, resultsVersion },
    ]);
    return one!;
  }

  /** The input as stored: its rule checked and named as the supplier list names properties. */
  function checkedInput(input: UseCaseInput & { templateKey: string | null }) {
    if (input.templateKey !== null && !useCaseTemplate(input.templateKey)) {
      throw AppError.badRequest(
        `body.templateKey must be one of ${USE_CASE_TEMPLATES.map((t) => t.key).join(', ')}`,
        'body.templateKey',
      );
    }
    return {
      name: input.name,
      description: input.description ?? '',
      cardProduct: input.cardProduct,
      recommendedAction: input.recommendedAction ?? '',
      rule: results.checkSupplierRule(input.rule.filters as FilterItem[], inputFields),
      templateKey: input.templateKey,
    };
  }

  return {
    templates() {
      return USE_CASE_TEMPLATES;
    },

    /**
     * After a run completes (the pipeline's last ProQ step; SPEC §2 jobs use-cases): the job's
     * use cases' figures for the new results version, computed in one scan and stored, so no
     * request pays for them. Says what it did.
     */
    async storeFiguresAfterRun(jobId: string): Promise<string> {
      const reader = await results.systemFiguresReader(jobId);
      if (!reader || reader.job.status !== 'Completed')
        return uiText('no use case figures: not Completed');
      const entries = await figuresRead.withFigures(jobId, reader.supplierListsDigest);
      const missing = entries.filter((e) => e.figures === null).length;
      if (missing > 0) await withMissingStored(reader, entries);
      return uiText(`use case figures stored for ${missing} of ${entries.length} use case(s)`);
    },

    /** The job's use cases with their stored figures (one scan first for any not stored). */
    async list(actor: Actor, jobId: string) {
      const reader = await readerFor(actor, jobId);
      return {
        currency: reader.job.currency,
        useCases: await presentAll(
          actor,
          reader,
          await figuresRead.withFigures(reader.job.id, reader.supplierListsDigest),
        ),
      };
    },

    async get(actor: Actor, jobId: string, useCaseId: string) {
      const reader = await readerFor(actor, jobId);
      const entries = await figuresRead.withFigures(reader.job.id, reader.supplierListsDigest, [
        useCaseId,
      ]);
      if (entries.length === 0) throw AppError.notFound('No such use case in this job.');
      const [one] = await presentAll(actor, reader, entries);
      return one!;
    },

    async create(
      actor: Actor,
      jobId: string,
      input: UseCaseInput & { templateKey: string | null },
    ) {
      const reader = await readerFor(actor, jobId);
      const row = await repo.insert({
        ...checkedInput(input),
        jobId: reader.job.id,
        createdBy: actor.userId,
        createdByName: actor.username,
      });
      return presentWritten(actor, reader, row);
    },

    async update(
      actor: Actor,
      jobId: string,
      useCaseId: string,
      input: UseCaseInput & { templateKey: string | null },
    ) {
      const reader = await readerFor(actor, jobId);
      const existing = await useCaseOf(reader.job.id, useCaseId);
      authorize(actor, 'change', existing);
      const row = await repo.update(reader.job.id, useCaseId, checkedInput(input));
      if (!row) throw AppError.notFound('No such use case in this job.');
      return presentWritten(actor, reader, row);
    },

    async copy(actor: Actor, jobId: string, useCaseId: string, name: string | undefined) {
      const reader = await readerFor(actor, jobId);
      const source = await useCaseOf(reader.job.id, useCaseId);
      authorize(actor, 'copy', source);
      const row = await repo.insert({
        jobId: reader.job.id,
        name: name ?? `${source.name} (copy)`.slice(0, 200),
        description: source.description,
        cardProduct: source.cardProduct,
        recommendedAction: source.recommendedAction,
        rule: source.rule,
        templateKey: source.templateKey,
        createdBy: actor.userId,
        createdByName: actor.username,
      });
      return presentWritten(actor, reader, row);
    },

    async delete(actor: Actor, jobId: string, useCaseId: string) {
      const reader = await readerFor(actor, jobId);
      const existing = await useCaseOf(reader.job.id, useCaseId);
      authorize(actor, 'delete', existing);
      await repo.delete(reader.job.id, useCaseId);
      return { deleted: true as const };
    },

    /** The use case's suppliers, paged as the suppliers tab; the request's filters AND the rule. */
    async suppliers(actor: Actor, jobId: string, useCaseId: string, request: PagedListRequest) {
      const reader = await readerFor(actor, jobId);
      const row = await useCaseOf(reader.job.id, useCaseId);
      return reader.suppliers(row.rule, request);
    },

    /** A supplier of the job against the use case's rule: each line, its value and its pass. */
    async supplier(
      actor: Actor,
      jobId: string,
      useCaseId: string,
      supplierKey: string,
    ): Promise<UseCaseSupplier> {
      const reader = await readerFor(actor, jobId);
      const row = await useCaseOf(reader.job.id, useCaseId);
      const checked = await reader.check(row.rule, supplierKey);
      if (!checked) throw AppError.notFound('No such supplier in this job.');
      const values = checked.supplier as unknown as Record<string, unknown>;
      const checks = row.rule.map((item, index) => {
        const value = values[item.propertyName];
        return {
          index,
          propertyName: item.propertyName,
          comparisonOperator: item.comparisonOperator,
          value: item.value,
          supplierValue:
            typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
              ? value
              : null,
          passes: checked.passes[index] ?? false,
        };
      });
      return {
        useCaseId: row.id,
        useCaseName: row.name,
        supplier: checked.supplier,
        inUseCase: checks.every((c) => c.passes) && checked.leftOutBy === null,
        leftOutBy: checked.leftOutBy,
        checks,
      };
    },

    /**
     * Every supplier in the union of the given use cases of a job, for a campaign's selection:
     * a supplier in several appears once, with the first of them in the given order. Use cases
     * not of this job (or a job the actor may not see) are a 404; one scan for them all.
     */
    async selectSuppliers(
      actor: Actor,
      jobId: string,
      useCaseIds: string[],
    ): Promise<SelectedSupplier[]> {
      const reader = await readerFor(actor, jobId);
      const ids = [...new Set(useCaseIds)];
      const rows = new Map((await repo.findMany(reader.job.id, ids)).map((r) => [r.id, r]));
      const missing = ids.filter((id) => !rows.has(id));
      if (missing.length > 0) {
        throw AppError.notFound(`No such use case in this job: ${missing.join(', ')}.`);
      }
      const ordered = ids.map((id) => rows.get(id)!);
      const selected: SelectedSupplier[] = (
        await reader.supplierKeys(ordered.map((u) => u.rule))
      ).map((s) => ({
        supplierKey: s.supplierKey,
        supplierName: s.supplierName,
        spend: roundMoney(s.spend, reader.job.currency),
        useCaseId: ordered[s.segment]!.id,
        cardProduct: ordered[s.segment]!.cardProduct,
      }));
      return selected;
    },
  };
}
