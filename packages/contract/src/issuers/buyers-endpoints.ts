import { z } from 'zod';
import { defineEndpoint } from '../common/endpoint.js';
import { AdminResultSchema } from '../common/error-body.js';
import { IdParamsSchema } from '../common/ids.js';
import { PagedListRequestSchema, pagedResponseSchema } from '../common/paged-list.js';
import { BuyerCreateSchema, BuyerListItemSchema, BuyerUpdateSchema } from './schemas.js';

const tags = ['Buyers'];

export const getBuyer = defineEndpoint({
  method: 'GET',
  path: '/api/v1/buyers/:id',
  summary: 'One buyer',
  tags,
  params: IdParamsSchema,
  responses: { 200: BuyerListItemSchema },
  access: { permissions: ['BuyerRead'] },
});

export const listBuyers = defineEndpoint({
  method: 'POST',
  path: '/api/v1/buyers/get',
  summary: 'A page of buyers (of the caller’s issuers unless they see all buyers)',
  tags,
  body: PagedListRequestSchema,
  readsOnly: true,
  responses: { 200: pagedResponseSchema(BuyerListItemSchema) },
  access: { permissions: ['BuyerRead'] },
});

/** Buyer_CREATE lets issuer users add a buyer of their own issuer from the job wizard. */
export const createBuyer = defineEndpoint({
  method: 'POST',
  path: '/api/v1/buyers',
  summary: 'Create a buyer of an issuer; answers its id',
  tags,
  body: BuyerCreateSchema,
  responses: { 200: AdminResultSchema.extend({ id: z.uuid() }) },
  access: { permissions: ['Buyer_CREATE'] },
});

export const updateBuyer = defineEndpoint({
  method: 'PUT',
  path: '/api/v1/buyers',
  summary: 'Update a buyer',
  tags,
  body: BuyerUpdateSchema,
  responses: { 200: AdminResultSchema },
  access: { permissions: ['BuyerManagement_CRUD', 'BuyerUpdate'] },
});

export const deleteBuyer = defineEndpoint({
  method: 'DELETE',
  path: '/api/v1/buyers/:id',
  summary: 'Delete a buyer',
  tags,
  params: IdParamsSchema,
  responses: { 200: AdminResultSchema },
  access: { permissions: ['BuyerManagement_CRUD'] },
});
