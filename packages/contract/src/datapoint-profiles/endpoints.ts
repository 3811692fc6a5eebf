import { z } from 'zod';
import { defineEndpoint } from '../common/endpoint.js';
import { IdParamsSchema } from '../common/ids.js';
import { DatapointProfileSaveSchema, DatapointProfileSchema } from './schemas.js';

const tags = ['Datapoint profiles'];

/**
 * The profiles an issuer's three data downloads may use. Whoever may read an issuer may read
 * the choices of its detail screen; editing profiles is the analysis admin's (a later issue).
 */
export const listDatapointProfiles = defineEndpoint({
  method: 'GET',
  path: '/api/v1/datapoint-profiles',
  summary: 'Every datapoint profile (name and the supplier datapoints it includes), by name',
  tags,
  responses: { 200: z.array(DatapointProfileSchema) },
  access: { permissions: ['IssuerRead'] },
});

/** SPEC §2 analysis admin datapoint-profiles/create: a new profile (unknown datapoints: 400). */
export const createDatapointProfile = defineEndpoint({
  method: 'POST',
  path: '/api/v1/datapoint-profiles',
  summary: 'Create a datapoint profile (400 naming any datapoint no supplier result has)',
  tags,
  body: DatapointProfileSaveSchema,
  responses: { 201: DatapointProfileSchema },
  access: { permissions: ['DatapointProfiles_CRUD'] },
});

export const updateDatapointProfile = defineEndpoint({
  method: 'PUT',
  path: '/api/v1/datapoint-profiles/:id',
  summary: 'Change a datapoint profile (400 naming any datapoint no supplier result has)',
  tags,
  params: IdParamsSchema,
  body: DatapointProfileSaveSchema,
  responses: { 200: DatapointProfileSchema },
  access: { permissions: ['DatapointProfiles_CRUD'] },
});
