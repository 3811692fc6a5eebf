import { z } from 'zod';
import { defineEndpoint } from '../common/endpoint.js';
import { BrandingSchema, PublicBrandingSchema } from './schemas.js';

const tags = ['Brandings'];

export const getBrandingByDomain = defineEndpoint({
  method: 'GET',
  path: '/api/v2/brandings/by-domain',
  summary: 'The branding of the host the request was sent to (default theme when none matches)',
  tags,
  responses: { 200: PublicBrandingSchema },
  access: { public: true },
});

/** The client prepends a 'None' option. */
export const getAllBrandings = defineEndpoint({
  method: 'GET',
  path: '/api/v2/brandings/all',
  summary: 'Every branding',
  tags,
  responses: { 200: z.array(BrandingSchema) },
  access: { permissions: [] },
});
