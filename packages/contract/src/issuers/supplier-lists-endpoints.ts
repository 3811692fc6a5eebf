import { z } from 'zod';
import { defineEndpoint } from '../common/endpoint.js';
import {
  IssuerSupplierListsSchema,
  SupplierListKindSchema,
  SupplierListReplaceSchema,
} from './schemas.js';

const tags = ['Issuers'];

export const getIssuerSupplierLists = defineEndpoint({
  method: 'GET',
  path: '/api/v1/issuers/:id/supplier-lists',
  summary: "An issuer's supplier include and exclude lists",
  tags,
  params: z.strictObject({ id: z.uuid() }),
  responses: { 200: IssuerSupplierListsSchema },
  access: { permissions: ['IssuerRead'] },
});

export const replaceIssuerSupplierList = defineEndpoint({
  method: 'PUT',
  path: '/api/v1/issuers/:id/supplier-lists/:list',
  summary: "Replace an issuer's supplier include or exclude list",
  tags,
  params: z.strictObject({ id: z.uuid(), list: SupplierListKindSchema }),
  body: SupplierListReplaceSchema,
  responses: { 200: IssuerSupplierListsSchema },
  access: { permissions: ['IssuerArea_CRUD', 'IssuerUpdate'] },
});
