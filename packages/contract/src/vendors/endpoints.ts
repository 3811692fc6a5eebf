/**
 * Vendor search: the card-acceptance reference data (newest version) searched by name (typo
 * tolerant), country, postcode, MCC and flags; a vendor's detail names the suppliers of the
 * user's visible jobs that matched it. Needs VendorsSearchView.
 */
import { defineEndpoint } from '../common/endpoint.js';
import { PagedListRequestSchema, pagedResponseSchema } from '../common/paged-list.js';
import {
  VendorDetailSchema,
  VendorMatchedSupplierSchema,
  VendorParamsSchema,
  VendorSearchHitSchema,
} from './schemas.js';

const tags = ['Vendors'];

export const searchVendors = defineEndpoint({
  method: 'POST',
  path: '/api/v1/vendors/search',
  summary:
    'Search the card-acceptance reference data: paged; filters on VENDOR_SEARCH_FILTERS (name is typo tolerant), orderBy on VENDOR_SEARCH_SORTS',
  tags,
  body: PagedListRequestSchema,
  readsOnly: true,
  responses: { 200: pagedResponseSchema(VendorSearchHitSchema) },
  access: { permissions: ['VendorsSearchView'] },
});

export const getVendor = defineEndpoint({
  method: 'GET',
  path: '/api/v1/vendors/:vendorId',
  summary: 'One merchant of the newest card-acceptance reference data',
  tags,
  params: VendorParamsSchema,
  responses: { 200: VendorDetailSchema },
  access: { permissions: ['VendorsSearchView'] },
});

export const vendorMatchedSuppliers = defineEndpoint({
  method: 'POST',
  path: '/api/v1/vendors/:vendorId/matched-suppliers',
  summary:
    'The suppliers of the user’s visible jobs matched to a merchant: paged; filters and orderBy on VENDOR_MATCHED_SUPPLIER_PROPERTIES',
  tags,
  params: VendorParamsSchema,
  body: PagedListRequestSchema,
  readsOnly: true,
  responses: { 200: pagedResponseSchema(VendorMatchedSupplierSchema) },
  access: { permissions: ['VendorsSearchView'] },
});
