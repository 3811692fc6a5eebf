import { z } from 'zod';
import { defineEndpoint } from '../common/endpoint.js';
import {
  AddressFileRunParamsSchema,
  AddressFileRunSchema,
  AddressValidationFileSchema,
  AddressValidationSchema,
  MailTransportSchema,
  ParseAddressFileQuerySchema,
  ParseAddressRequestSchema,
  ParsedAddressFileSchema,
  ParsedAddressSchema,
  SendEmailRequestSchema,
  SendEmailResultSchema,
  ValidateAddressFileQuerySchema,
  ValidateAddressRequestSchema,
} from './schemas.js';

const tags = ['Tools'];

export const parseAddress = defineEndpoint({
  method: 'POST',
  path: '/api/v1/tools/addresses/parse',
  summary:
    'Split one free-text address into building, street, locality, city, region, postcode and country (the configured model, else the offline rules)',
  tags,
  body: ParseAddressRequestSchema,
  readsOnly: true,
  responses: { 200: ParsedAddressSchema },
  access: { permissions: ['Tools_Area_VIEW'] },
});

export const parseAddressFile = defineEndpoint({
  method: 'POST',
  path: '/api/v1/tools/addresses/parse-file',
  summary:
    'Split every address of a file (multipart field "file": a CSV with the address column named in `column`, or one address per line); per-row results and the results as CSV',
  tags,
  query: ParseAddressFileQuerySchema,
  multipart: true,
  readsOnly: true,
  responses: { 200: ParsedAddressFileSchema },
  access: { permissions: ['Tools_Area_VIEW'] },
});

export const validateAddress = defineEndpoint({
  method: 'POST',
  path: '/api/v1/tools/addresses/validate',
  summary:
    'Check one address: postcode format for its country, ISO country code, UK postcode area, suspicious entries (blank, placeholder, too short, PO box)',
  tags,
  body: ValidateAddressRequestSchema,
  readsOnly: true,
  responses: { 200: AddressValidationSchema },
  access: { permissions: ['Tools_Area_VIEW', 'Address_Validator_VIEW'] },
});

export const validateAddressFile = defineEndpoint({
  method: 'POST',
  path: '/api/v1/tools/addresses/validate-file',
  summary:
    'Check every address of a file (multipart field "file", as for parse-file, optionally with a country column); per-row results and the results as CSV',
  tags,
  query: ValidateAddressFileQuerySchema,
  multipart: true,
  readsOnly: true,
  responses: { 200: AddressValidationFileSchema },
  access: { permissions: ['Tools_Area_VIEW', 'Address_Validator_VIEW'] },
});

export const getAddressFileRun = defineEndpoint({
  method: 'GET',
  path: '/api/v1/tools/addresses/file-runs/:runId',
  summary:
    'A queued address file of the signed-in user (over 10,000 rows): its state, progress, counts and error',
  tags,
  params: AddressFileRunParamsSchema,
  responses: { 200: AddressFileRunSchema },
  access: { permissions: ['Tools_Area_VIEW', 'Address_Validator_VIEW'] },
});

export const addressFileRunResult = defineEndpoint({
  method: 'GET',
  path: '/api/v1/tools/addresses/file-runs/:runId/file',
  summary: 'The result CSV of a Ready address file run (formula-safe), as an attachment',
  tags,
  params: AddressFileRunParamsSchema,
  responses: { 200: z.string() },
  access: { permissions: ['Tools_Area_VIEW', 'Address_Validator_VIEW'] },
});

export const getMailTransport = defineEndpoint({
  method: 'GET',
  path: '/api/v1/tools/send-email',
  summary: 'How this server sends mail (SMTP server or the outbox) and its sender address',
  tags,
  responses: { 200: MailTransportSchema },
  access: { permissions: ['Tools_Area_VIEW'] },
});

export const sendEmail = defineEndpoint({
  method: 'POST',
  path: '/api/v1/tools/send-email',
  summary:
    'Send a test or ad-hoc e-mail through the configured SMTP server or the outbox; answers the server’s reply',
  tags,
  body: SendEmailRequestSchema,
  responses: { 200: SendEmailResultSchema },
  access: { permissions: ['Tools_Area_VIEW'] },
});
