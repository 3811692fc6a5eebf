/**
 * Business case endpoints (SPEC §2 jobs business-case-calculator and business-case-download).
 * Reading and scenarios need the calculator tab (JobTab_BusinessCaseCalculator_VIEW), the
 * workbook the download tab (JobTab_BusinessCaseDownload_VIEW), both with JobRead; the job must
 * be visible (404 otherwise). The issuer's defaults are issuer settings: changing them needs
 * IssuerUpdate (SPEC §6 "issuer create and edit"), the closest permission SPEC gives.
 */
import { z } from 'zod';
import { defineEndpoint } from '../common/endpoint.js';
import { IdParamsSchema } from '../common/ids.js';
import {
  BusinessCaseAssumptionsSchema,
  BusinessCaseContextSchema,
  BusinessCaseScenarioInputSchema,
  BusinessCaseScenarioParamsSchema,
  BusinessCaseScenarioSchema,
  BusinessCaseSupplierOptionsSchema,
  BusinessCaseSupplierSearchSchema,
  BusinessCaseWorkbookQuerySchema,
  CopyBusinessCaseScenarioSchema,
  SpendAggregatesSchema,
  SpendSourceSchema,
} from './schemas.js';

const tags = ['business-case'] as const;
const base = '/api/v1/job-artifacts/:id/business-case';
const calculator = { permissions: ['JobRead', 'JobTab_BusinessCaseCalculator_VIEW'] } as const;
const download = { permissions: ['JobRead', 'JobTab_BusinessCaseDownload_VIEW'] } as const;

export const getBusinessCase = defineEndpoint({
  method: 'GET',
  path: base,
  summary: 'The job, its issuer’s business case defaults and the job’s saved scenarios',
  tags,
  params: IdParamsSchema,
  responses: { 200: BusinessCaseContextSchema },
  access: calculator,
});

export const getBusinessCaseSpend = defineEndpoint({
  method: 'POST',
  path: `${base}/spend`,
  summary:
    'The spend that can move, aggregated per card product, score level and payment method (409 unless Completed)',
  tags,
  params: IdParamsSchema,
  body: z.strictObject({ source: SpendSourceSchema }),
  responses: { 200: SpendAggregatesSchema },
  access: calculator,
  readsOnly: true,
});

export const searchBusinessCaseSuppliers = defineEndpoint({
  method: 'POST',
  path: `${base}/suppliers`,
  summary:
    'The job’s suppliers to choose from: by name, key or id, or the given keys (409 unless Completed)',
  tags,
  params: IdParamsSchema,
  body: BusinessCaseSupplierSearchSchema,
  responses: { 200: BusinessCaseSupplierOptionsSchema },
  access: calculator,
  readsOnly: true,
});

export const createBusinessCaseScenario = defineEndpoint({
  method: 'POST',
  path: `${base}/scenarios`,
  summary: 'Save a named scenario of the job’s business case',
  tags,
  params: IdParamsSchema,
  body: BusinessCaseScenarioInputSchema,
  responses: { 201: BusinessCaseScenarioSchema },
  access: calculator,
});

export const updateBusinessCaseScenario = defineEndpoint({
  method: 'PUT',
  path: `${base}/scenarios/:scenarioId`,
  summary: 'Rename or change a scenario (its creator only)',
  tags,
  params: BusinessCaseScenarioParamsSchema,
  body: BusinessCaseScenarioInputSchema,
  responses: { 200: BusinessCaseScenarioSchema },
  access: calculator,
});

export const copyBusinessCaseScenario = defineEndpoint({
  method: 'POST',
  path: `${base}/scenarios/:scenarioId/copy`,
  summary: 'Copy a scenario (the copy is the caller’s)',
  tags,
  params: BusinessCaseScenarioParamsSchema,
  body: CopyBusinessCaseScenarioSchema,
  responses: { 201: BusinessCaseScenarioSchema },
  access: calculator,
});

export const deleteBusinessCaseScenario = defineEndpoint({
  method: 'DELETE',
  path: `${base}/scenarios/:scenarioId`,
  summary: 'Delete a scenario (its creator only)',
  tags,
  params: BusinessCaseScenarioParamsSchema,
  responses: { 200: z.object({ deleted: z.literal(true) }) },
  access: calculator,
});

export const updateBusinessCaseDefaults = defineEndpoint({
  method: 'PUT',
  path: `${base}/issuer-defaults`,
  summary: 'Change the business case defaults of the job’s issuer',
  tags,
  params: IdParamsSchema,
  body: BusinessCaseAssumptionsSchema,
  responses: { 200: BusinessCaseContextSchema },
  access: { permissions: ['JobRead', 'JobTab_BusinessCaseCalculator_VIEW', 'IssuerUpdate'] },
});

/**
 * The business case workbook (XLSX): Inputs, live-formula calculation sheets, Summary and the
 * suppliers behind it; a saved scenario's inputs, or the issuer's defaults over High and Medium
 * scorers. 409 naming the job's state unless Completed.
 */
export const downloadBusinessCaseWorkbook = defineEndpoint({
  method: 'GET',
  path: `${base}/workbook.xlsx`,
  summary: 'The business case as an Excel workbook with live formulas',
  tags,
  params: IdParamsSchema,
  query: BusinessCaseWorkbookQuerySchema,
  responses: { 200: z.string() },
  access: download,
});
