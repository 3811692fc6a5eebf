import { defineEndpoint } from '../common/endpoint.js';
import { EndToEndTestRunSchema, RunEndToEndTestSchema } from './schemas.js';

export const runEndToEndTest = defineEndpoint({
  method: 'POST',
  path: '/api/v1/devops/end-to-end-test',
  summary:
    'Create, fill and submit a canned Summary Upload job for the issuer, reporting each step',
  tags: ['DevOps'],
  body: RunEndToEndTestSchema,
  responses: { 200: EndToEndTestRunSchema },
  access: { permissions: ['EndToEndTest_RUN'] },
});
