import { z } from 'zod';
import { defineEndpoint } from '../common/endpoint.js';
import { DatapointProfileSchema } from './schemas.js';

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
