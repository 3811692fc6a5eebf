import { z } from 'zod';

/** The countries whose address formats the rule-based parser reads (SPEC §2 Tools). */
export const ADDRESS_PARSER_COUNTRIES = ['GB', 'US', 'DE', 'FR', 'IE', 'NL'] as const;
export const AddressParserCountrySchema = z.enum(ADDRESS_PARSER_COUNTRIES);

/** An address split into its parts; null where the address has none. Country: ISO alpha-2. */
export const AddressComponentsSchema = z.object({
  building: z.string().nullable(),
  street: z.string().nullable(),
  locality: z.string().nullable(),
  city: z.string().nullable(),
  region: z.string().nullable(),
  postcode: z.string().nullable(),
  country: z.string().nullable(),
});
export type AddressComponents = z.infer<typeof AddressComponentsSchema>;
export const ADDRESS_COMPONENTS = [
  'building',
  'street',
  'locality',
  'city',
  'region',
  'postcode',
  'country',
] as const satisfies readonly (keyof AddressComponents)[];

/** Who split the address: the offline rules or the configured model. */
export const AddressParserSchema = z.enum(['rules', 'model']);
/** Where the country came from: written in the text, told by the postcode, or the default. */
export const CountrySourceSchema = z.enum(['explicit', 'postcode', 'default', 'none', 'model']);

const addressText = z.string().trim().min(1, 'enter an address').max(500, 'at most 500 characters');
/** A CSV column name chosen by the person uploading. */
const columnName = z.string().trim().min(1).max(200);

export const ParseAddressRequestSchema = z.object({
  address: addressText,
  /** The country to assume when neither a country nor a postcode says. */
  defaultCountry: AddressParserCountrySchema.optional(),
});
export type ParseAddressRequest = z.infer<typeof ParseAddressRequestSchema>;

export const ParsedAddressSchema = z.object({
  address: z.string(),
  components: AddressComponentsSchema,
  countrySource: CountrySourceSchema,
  parser: AddressParserSchema,
  /** The model that answered, or was asked and failed. */
  model: z.string().nullable(),
  /** Why the rules answered although a model is configured (its error). */
  fallbackReason: z.string().nullable(),
});
export type ParsedAddress = z.infer<typeof ParsedAddressSchema>;

/** Options of a file upload, in the query string (the body is the multipart file). */
export const ParseAddressFileQuerySchema = z.object({
  /** The CSV column holding the addresses; without it, one address per line. */
  column: columnName.optional(),
  defaultCountry: AddressParserCountrySchema.optional(),
});
export type ParseAddressFileQuery = z.infer<typeof ParseAddressFileQuerySchema>;

/** What a background address file run does with each row. */
export const AddressFileOperationSchema = z.enum(['parse', 'validate']);
export type AddressFileOperation = z.infer<typeof AddressFileOperationSchema>;
export const AddressFileRunStateSchema = z.enum(['Queued', 'Running', 'Ready', 'Error']);
export type AddressFileRunState = z.infer<typeof AddressFileRunStateSchema>;

/**
 * A file of more addresses than one request handles (over 10,000 rows), split or checked by the
 * ProcessAddressFile ProQ command into a result CSV; only the user who sent it sees it.
 */
export const AddressFileRunSchema = z.object({
  id: z.uuid(),
  operation: AddressFileOperationSchema,
  /** The uploaded file's name. */
  fileName: z.string(),
  state: AddressFileRunStateSchema,
  /** Percent of the file read (0–100). */
  progress: z.number().int(),
  /** Addresses done so far; all of them once Ready. */
  rowCount: z.number().int(),
  /** Validator runs once Ready: rows valid and invalid. */
  validCount: z.number().int().nullable(),
  invalidCount: z.number().int().nullable(),
  /** Why the run failed (the file's problem, naming the field), when in Error. */
  errorMessage: z.string().nullable(),
  /** The result CSV's name, once Ready (download it from the run's file endpoint). */
  resultFileName: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type AddressFileRun = z.infer<typeof AddressFileRunSchema>;

export const AddressFileRunParamsSchema = z.object({ runId: z.uuid() });

export const ParsedAddressFileSchema = z.object({
  fileName: z.string(),
  column: z.string().nullable(),
  rows: z.array(ParsedAddressSchema.extend({ line: z.number().int() })),
  /** The rows as CSV (address, its components, parser), formula-safe, for download. */
  csv: z.string(),
  /**
   * A file of more than 10,000 rows is not split in the request: it is queued as this run (rows
   * empty, csv empty) and its result CSV is downloaded once the run is Ready.
   */
  run: AddressFileRunSchema.nullable(),
});
export type ParsedAddressFile = z.infer<typeof ParsedAddressFileSchema>;

export const ValidateAddressRequestSchema = z.object({
  address: addressText,
  /** The country the address should be in: ISO alpha-2 or alpha-3 (checked, not refused). */
  country: z.string().trim().max(60).optional(),
});
export type ValidateAddressRequest = z.infer<typeof ValidateAddressRequestSchema>;

export const AddressProblemSchema = z.object({
  field: z.enum(['address', 'country', 'postcode', 'street', 'city']),
  code: z.string(),
  /** An error makes the address invalid; a warning is worth a look. */
  severity: z.enum(['error', 'warning']),
  message: z.string(),
});
export type AddressProblem = z.infer<typeof AddressProblemSchema>;

export const AddressValidationSchema = z.object({
  address: z.string(),
  country: z.string().nullable(),
  valid: z.boolean(),
  components: AddressComponentsSchema,
  problems: z.array(AddressProblemSchema),
});
export type AddressValidation = z.infer<typeof AddressValidationSchema>;

export const ValidateAddressFileQuerySchema = z.object({
  column: columnName.optional(),
  /** A column with each row's country (needs `column`). */
  countryColumn: columnName.optional(),
  /** The country of every row without a country column. */
  country: z.string().trim().min(1).max(60).optional(),
});
export type ValidateAddressFileQuery = z.infer<typeof ValidateAddressFileQuerySchema>;

export const AddressValidationFileSchema = z.object({
  fileName: z.string(),
  column: z.string().nullable(),
  validCount: z.number().int(),
  invalidCount: z.number().int(),
  rows: z.array(AddressValidationSchema.extend({ line: z.number().int() })),
  /** The rows with their verdict and problems as CSV, formula-safe, for download. */
  csv: z.string(),
  /** A file of more than 10,000 rows: queued as this run, as for the parser's files. */
  run: AddressFileRunSchema.nullable(),
});
export type AddressValidationFile = z.infer<typeof AddressValidationFileSchema>;

/** How this server sends mail: SMTP (SMTP_URL) or the outbox table, and as whom. */
export const MailTransportSchema = z.object({
  transport: z.enum(['smtp', 'outbox']),
  from: z.string(),
  /** host:port of the SMTP server (never its credentials). */
  server: z.string().nullable(),
});
export type MailTransport = z.infer<typeof MailTransportSchema>;

export const SendEmailRequestSchema = z.object({
  to: z.email('enter an e-mail address').max(254),
  subject: z.string().trim().min(1, 'enter a subject').max(200),
  text: z.string().trim().min(1, 'enter the message').max(20_000),
});
export type SendEmailRequest = z.infer<typeof SendEmailRequestSchema>;

/** What happened to a test e-mail: the server's own answer, word for word. */
export const SendEmailResultSchema = z.object({
  transport: z.enum(['smtp', 'outbox']),
  from: z.string(),
  to: z.string(),
  /** sent: accepted (250) or stored in the outbox; temporary: 4xx or no connection; permanent: 5xx. */
  status: z.enum(['sent', 'temporary', 'permanent']),
  response: z.string(),
  at: z.string(),
});
export type SendEmailResult = z.infer<typeof SendEmailResultSchema>;
