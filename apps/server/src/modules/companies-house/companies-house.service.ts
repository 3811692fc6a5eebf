import { randomUUID } from 'node:crypto';
import {
  COMPANY_SEARCH_PAGE_SIZE,
  ERROR_CODES,
  PROQ_COMMAND_TYPES,
  type Company,
  type CompaniesHouseSettings,
  type CompanySearchItem,
  type CompanySearchResult,
  type Enrichment,
  ukSicDescription,
} from '@b2b/contract';
import type { Database } from '../../db/client.js';
import { ukSicSection } from '../../engine/insights/industry-codes.js';
import type { Actor } from '../../lib/actor.js';
import { AppError } from '../../lib/app-error.js';
import type { CommandContext } from '../proq/command-registry.js';
import { PermanentCommandError } from '../proq/command-registry.js';
import type { InsightsService } from '../insights/insights.service.js';
import type { JobsService } from '../jobs/jobs.service.js';
import type { ProqService } from '../proq/proq.service.js';
import {
  type CompaniesHouseClient,
  CompaniesHouseError,
  type CompanyProfile,
  type CompanySearchHit,
  type CompanySearchPage,
  NO_API_KEY,
  type RegisterAddress,
} from './companies-house-client.js';
import { authorize } from './companies-house.policy.js';
import { type EnrichmentRow, createCompaniesHouseRepo } from './companies-house.repo.js';
import { decideCompany, isUkSupplier } from './company-match.js';
import { createJobSuppliersRead } from './job-suppliers.read.js';
import { uiText } from '../../lib/ui-text.js';

/** Company types as the register words them (Companies House's `company_type` enumeration). */
const COMPANY_TYPES: Record<string, string> = {
  ltd: 'Private limited company',
  plc: 'Public limited company',
  llp: 'Limited liability partnership',
  'private-unlimited': 'Private unlimited company',
  'private-unlimited-nsc': 'Private unlimited company without share capital',
  'private-limited-guarant-nsc': 'Private limited by guarantee without share capital',
  'private-limited-guarant-nsc-limited-exemption':
    "Private limited by guarantee without share capital, use of 'Limited' exemption",
  'private-limited-shares-section-30-exemption':
    "Private limited company, use of 'Limited' exemption",
  'limited-partnership': 'Limited partnership',
  'old-public-company': 'Old public company',
  'oversea-company': 'Overseas company',
  'registered-overseas-entity': 'Overseas entity',
  'charitable-incorporated-organisation': 'Charitable incorporated organisation',
  'scottish-charitable-incorporated-organisation': 'Scottish charitable incorporated organisation',
  'royal-charter': 'Royal charter company',
  'industrial-and-provident-society': 'Industrial and provident society',
  'registered-society-non-jurisdictional': 'Registered society',
  'uk-establishment': 'UK establishment company',
  'european-public-limited-liability-company-se': 'European public limited liability company (SE)',
  eeig: 'European economic interest grouping (EEIG)',
  'protected-cell-company': 'Protected cell company',
  'assurance-company': 'Assurance company',
  'converted-or-closed': 'Converted / closed',
};

/** "voluntary-arrangement" → "Voluntary arrangement": the register's status words. */
const words = (value: string | undefined) =>
  value ? value.charAt(0).toUpperCase() + value.slice(1).replace(/-/g, ' ') : null;
const typeLabel = (type: string | undefined) =>
  type ? (COMPANY_TYPES[type] ?? words(type)) : null;

function addressLines(address: RegisterAddress | undefined): string[] {
  if (!address) return [];
  const first = [address.premises, address.address_line_1].filter(Boolean).join(' ');
  return [
    address.care_of ? `c/o ${address.care_of}` : undefined,
    address.po_box ? `PO Box ${address.po_box}` : undefined,
    first || undefined,
    address.address_line_2,
    address.locality,
    address.region,
    address.postal_code,
    address.country,
  ].filter((line): line is string => Boolean(line?.trim()));
}

/**
 * A company number as the register writes it: eight characters, digits padded with zeros
 * ("445790" → "00445790", "sc123456" → "SC123456"). Null when the text is not one.
 */
export function companyNumberOf(text: string): string | null {
  const compact = text.replace(/\s+/g, '').toUpperCase();
  const match = /^([A-Z]{2})?(\d{1,8})$/.exec(compact);
  if (!match) return null;
  const prefix = match[1] ?? '';
  const digits = match[2]!;
  if (prefix.length + digits.length > 8) return null;
  return prefix + digits.padStart(8 - prefix.length, '0');
}

/** The client's errors as answers: which of key, network or API is wrong, never a 500. */
function answerOf(error: unknown): never {
  if (!(error instanceof CompaniesHouseError)) throw error;
  switch (error.kind) {
    // The server's own state, not an outage: a 409 (the API fuzz holds every answer below 500).
    case 'not-configured':
      throw new AppError(409, error.message, ERROR_CODES.companiesHouseUnavailable);
    case 'rate-limited':
      throw new AppError(429, error.message, ERROR_CODES.rateLimited);
    case 'not-found':
      throw AppError.notFound(error.message);
    default:
      throw new AppError(502, error.message, ERROR_CODES.companiesHouseUnavailable);
  }
}

const searchItem = (hit: CompanySearchHit): CompanySearchItem => ({
  companyNumber: hit.company_number,
  name: hit.title,
  status: words(hit.company_status),
  type: typeLabel(hit.company_type),
  incorporatedOn: hit.date_of_creation ?? null,
  address: hit.address_snippet ?? (addressLines(hit.address).join(', ') || null),
});

/** How often a Companies House call is tried when the API's rate limit answers 429. */
const RATE_LIMIT_TRIES = 5;

export type EnrichmentPayload = { jobId: string; runId: string };

export function createCompaniesHouseService(
  db: Database,
  deps: {
    client: CompaniesHouseClient;
    jobs: Pick<JobsService, 'visible'>;
    proq: Pick<ProqService, 'enqueue'>;
    insights: Pick<InsightsService, 'computeForJob'>;
  },
) {
  const { client } = deps;
  const repo = createCompaniesHouseRepo(db);
  const read = createJobSuppliersRead(db);

  async function present(row: EnrichmentRow | null, job: { id: string; name: string }) {
    if (!row) {
      return {
        jobId: job.id,
        jobName: job.name,
        state: 'NotStarted',
        ukSuppliers: 0,
        processed: 0,
        matched: 0,
        ambiguous: 0,
        notFound: 0,
        message: null,
        requestedBy: null,
        requestedAt: null,
        finishedAt: null,
        suppliers: [],
      } satisfies Enrichment;
    }
    const [counts, suppliers] = await Promise.all([
      repo.counts(row.jobId, row.runId),
      repo.suppliers(row.jobId, row.runId),
    ]);
    return {
      jobId: job.id,
      jobName: job.name,
      state: row.state as Enrichment['state'],
      ukSuppliers: row.ukSuppliers,
      processed: counts.matched + counts.ambiguous + counts.notFound,
      ...counts,
      message: row.message,
      requestedBy: row.requestedByUsername,
      requestedAt: row.requestedAt.toISOString(),
      finishedAt: row.finishedAt?.toISOString() ?? null,
      suppliers: suppliers.map((s) => ({
        supplierKey: s.supplierKey,
        supplierName: s.supplierName,
        postcode: s.postcode,
        outcome: s.outcome as Enrichment['suppliers'][number]['outcome'],
        reason: s.reason,
        companyNumber: s.companyNumber,
        companyName: s.companyName,
        companyStatus: s.companyStatus,
        sicCodes: s.sicCodes,
      })),
    } satisfies Enrichment;
  }

  /** A call tried again after each 429's pause (the throttle waits it out), a few times. */
  async function patiently<T>(
    call: () => Promise<T>,
    onPause: (seconds: number) => Promise<void>,
  ): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await call();
      } catch (error) {
        if (
          error instanceof CompaniesHouseError &&
          error.kind === 'rate-limited' &&
          attempt < RATE_LIMIT_TRIES
        ) {
          await onPause(error.retryAfterSeconds ?? 60);
          continue;
        }
        throw error;
      }
    }
  }

  return {
    settings(): CompaniesHouseSettings {
      return {
        configured: client.configured,
        baseUrl: client.baseUrl,
        message: client.configured ? null : NO_API_KEY,
      };
    },

    /** By number when the text is one (and the register has it), else by name. */
    async search(q: string, page: number): Promise<CompanySearchResult> {
      const query = q.trim();
      const number = companyNumberOf(query);
      try {
        if (number && page === 1) {
          try {
            const profile = await client.profile(number);
            return {
              query,
              searchedBy: 'number',
              totalResults: 1,
              page: 1,
              pageSize: COMPANY_SEARCH_PAGE_SIZE,
              items: [
                {
                  companyNumber: profile.company_number,
                  name: profile.company_name,
                  status: words(profile.company_status),
                  type: typeLabel(profile.type),
                  incorporatedOn: profile.date_of_creation ?? null,
                  address: addressLines(profile.registered_office_address).join(', ') || null,
                },
              ],
            };
          } catch (error) {
            // Digits may be part of a name ("3M", "1st Choice"): search by name then.
            if (!(error instanceof CompaniesHouseError && error.kind === 'not-found')) throw error;
          }
        }
        const found = await client.search(
          query,
          COMPANY_SEARCH_PAGE_SIZE,
          (page - 1) * COMPANY_SEARCH_PAGE_SIZE,
        );
        return {
          query,
          searchedBy: 'name',
          totalResults: found.total_results ?? found.items.length,
          page,
          pageSize: COMPANY_SEARCH_PAGE_SIZE,
          items: found.items.map(searchItem),
        };
      } catch (error) {
        answerOf(error);
      }
    },

    async company(text: string): Promise<Company> {
      const number = companyNumberOf(text);
      if (!number) {
        throw AppError.badRequest(
          'companyNumber: a company number is 8 characters, digits or two letters and six digits (e.g. 00445790, SC123456)',
          'companyNumber',
        );
      }
      try {
        const [profile, officers] = await Promise.all([
          client.profile(number),
          client.officerCounts(number),
        ]);
        return {
          companyNumber: profile.company_number,
          name: profile.company_name,
          status: words(profile.company_status),
          type: typeLabel(profile.type),
          incorporatedOn: profile.date_of_creation ?? null,
          ceasedOn: profile.date_of_cessation ?? null,
          registeredOffice: {
            lines: addressLines(profile.registered_office_address),
            postcode: profile.registered_office_address?.postal_code ?? null,
          },
          sicCodes: (profile.sic_codes ?? []).map((code) => ({
            code,
            section: ukSicSection(code),
            description: ukSicDescription(code),
          })),
          officers: officers
            ? {
                active: officers.active_count ?? 0,
                resigned: officers.resigned_count ?? 0,
                total:
                  officers.total_results ??
                  (officers.active_count ?? 0) + (officers.resigned_count ?? 0),
              }
            : null,
        };
      } catch (error) {
        answerOf(error);
      }
    },

    async enrichment(actor: Actor, jobId: string): Promise<Enrichment> {
      const job = await deps.jobs.visible(actor, jobId);
      authorize(actor, 'view', job);
      return present(await repo.enrichment(job.id), job);
    },

    /** Queues the job's enrichment (one run at a time per job; a second click answers the first). */
    async start(actor: Actor, jobId: string): Promise<Enrichment> {
      const job = await deps.jobs.visible(actor, jobId);
      authorize(actor, 'start', job);
      if (!client.configured) answerOf(new CompaniesHouseError('not-configured', NO_API_KEY));
      const { row, started } = await repo.startRun(job.id, randomUUID(), actor.username);
      if (started) {
        await deps.proq.enqueue({
          commandType: PROQ_COMMAND_TYPES.enrichSuppliersFromCompaniesHouse,
          payload: { jobId: job.id, runId: row.runId } satisfies EnrichmentPayload,
          jobId: job.id,
          targetEntityId: job.id,
          category: 'Companies House',
          // One enrichment at a time keeps every worker together under the API's rate limit.
          processingGroup: 'companies-house',
          stuckTimeOutInSeconds: 4 * 3600,
        });
      }
      return present(row, job);
    },

    /** The industry charts' Companies House codes: each matched supplier's first SIC code. */
    sicCodesOf: (jobId: string) => repo.firstSicCodes(jobId),

    /**
     * The EnrichSuppliersFromCompaniesHouse command: matches the job's UK suppliers one by one,
     * storing each outcome as it goes, so a second delivery of the command goes on where the
     * first stopped; then the job's insights are computed again with the SIC codes found.
     */
    async runEnrichment(context: CommandContext<EnrichmentPayload>) {
      const { payload, reportProgress, log, signal } = context;
      const { jobId, runId } = payload;
      const current = await repo.enrichment(jobId);
      const job = await read.job(jobId);
      if (!current || current.runId !== runId || !job) {
        return {
          message: uiText('Superseded by a newer enrichment of the job; nothing to do.'),
        };
      }
      const suppliers = (await read.suppliers(jobId)).filter(isUkSupplier);
      await repo.update(jobId, runId, {
        state: 'Running',
        ukSuppliers: suppliers.length,
        message: null,
      });
      const done = await repo.checkedKeys(jobId, runId);
      if (done.size > 0)
        await log(uiText(`Going on after ${done.size} supplier(s) already checked`));
      const pause = async (seconds: number) => {
        const note = uiText(`Companies House's rate limit is reached; waiting ${seconds} s`);
        await log(note, 'warn');
        await repo.update(jobId, runId, { message: note });
      };
      // Within a run the same name is searched once and a company read once (suppliers repeat
      // in AP files; every request counts against the rate limit).
      const searches = new Map<string, Promise<CompanySearchPage>>();
      const profiles = new Map<string, Promise<CompanyProfile>>();
      const searchFor = (name: string) => {
        const key = name.trim().toLowerCase();
        if (!searches.has(key)) {
          const call = patiently(
            () => client.search(name.trim(), COMPANY_SEARCH_PAGE_SIZE, 0, signal),
            pause,
          );
          call.catch(() => searches.delete(key));
          searches.set(key, call);
        }
        return searches.get(key)!;
      };
      const profileOf = (companyNumber: string) => {
        if (!profiles.has(companyNumber)) {
          const call = patiently(() => client.profile(companyNumber, signal), pause);
          call.catch(() => profiles.delete(companyNumber));
          profiles.set(companyNumber, call);
        }
        return profiles.get(companyNumber)!;
      };
      try {
        let checked = done.size;
        for (const supplier of suppliers) {
          if (done.has(supplier.supplierKey)) continue;
          const found = await searchFor(supplier.supplierName);
          const decision = decideCompany(
            { name: supplier.supplierName, postcode: supplier.postcode },
            found.items,
          );
          const profile = decision.hit ? await profileOf(decision.hit.company_number) : null;
          await repo.saveSupplier({
            jobId,
            supplierKey: supplier.supplierKey,
            runId,
            supplierName: supplier.supplierName,
            postcode: supplier.postcode,
            outcome: decision.outcome,
            reason: decision.reason,
            companyNumber: profile?.company_number ?? null,
            companyName: profile?.company_name ?? null,
            companyStatus: words(profile?.company_status) ?? null,
            sicCodes: profile?.sic_codes ?? [],
          });
          checked += 1;
          if (checked % 10 === 0 || checked === suppliers.length) {
            await reportProgress(
              Math.floor((checked / Math.max(1, suppliers.length)) * 95),
              uiText(`${checked} of ${suppliers.length} UK suppliers checked`),
            );
          }
        }
        const counts = await repo.counts(jobId, runId);
        let charts = false;
        if (job.type !== 'matched-data-only' && job.status === 'Completed') {
          await reportProgress(96, uiText('Computing the industry charts again'));
          await deps.insights.computeForJob(job);
          charts = true;
        }
        const message = uiText(
          charts
            ? `${suppliers.length} UK supplier(s): ${counts.matched} matched, ${counts.ambiguous} ambiguous, ${counts.notFound} not found; the industry charts now use the SIC codes found.`
            : `${suppliers.length} UK supplier(s): ${counts.matched} matched, ${counts.ambiguous} ambiguous, ${counts.notFound} not found.`,
        );
        await repo.update(jobId, runId, { state: 'Completed', message, finishedAt: new Date() });
        await log(message);
        return { message, result: { ukSuppliers: suppliers.length, ...counts } };
      } catch (error) {
        // A key refused or missing will not get better; anything else is retried by ProQ, and
        // its last try leaves the enrichment in Error (never Running with no command behind it).
        const permanent =
          error instanceof CompaniesHouseError &&
          (error.kind === 'not-configured' || error.kind === 'unauthorized');
        const lastTry = context.attempt >= ENRICHMENT_ATTEMPTS;
        const message = error instanceof Error ? error.message : String(error);
        await repo.update(jobId, runId, {
          message,
          ...(permanent || lastTry ? { state: 'Error', finishedAt: new Date() } : {}),
        });
        if (permanent) throw new PermanentCommandError(message);
        throw error;
      }
    },
  };
}

/** Tries of the enrichment command: Companies House unreachable for a while is retried. */
export const ENRICHMENT_ATTEMPTS = 3;

export type CompaniesHouseService = ReturnType<typeof createCompaniesHouseService>;
