import fc from 'fast-check';

/** The part of a JSON Schema (as `@fastify/swagger` writes OpenAPI 3.0) the generators read. */
export type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
};

/** One OpenAPI operation reduced to what a request needs. */
export type Operation = {
  method: string;
  /** Fastify-style path, `/api/v1/jobs/:id`. */
  path: string;
  pathParams: Record<string, JsonSchema>;
  query: JsonSchema | undefined;
  body: JsonSchema | undefined;
};

export type FuzzRequest = {
  /** What the request is: `valid` (drawn from the declared schemas) or the invalid kind. */
  kind: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload: string | undefined;
};

type OpenApiDocument = {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { in: string; name: string; required?: boolean; schema: JsonSchema }[];
        requestBody?: { content?: Record<string, { schema: JsonSchema }> };
      }
    >
  >;
};

/** Every operation of an OpenAPI document, with its path, query and body schemas. */
export function operationsOf(document: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [openApiPath, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const parameters = operation.parameters ?? [];
      const pathParams = Object.fromEntries(
        parameters.filter((p) => p.in === 'path').map((p) => [p.name, p.schema]),
      );
      const queryParams = parameters.filter((p) => p.in === 'query');
      operations.push({
        method: method.toUpperCase(),
        path: openApiPath.replace(/\{(\w+)\}/g, ':$1'),
        pathParams,
        query: queryParams.length
          ? {
              type: 'object',
              properties: Object.fromEntries(queryParams.map((p) => [p.name, p.schema])),
              required: queryParams.filter((p) => p.required).map((p) => p.name),
            }
          : undefined,
        body: operation.requestBody?.content?.['application/json']?.schema,
      });
    }
  }
  return operations;
}

/** Strings that have broken parsers, databases and logs before. */
const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u202Eevil',
  '\uD800',
  '\uFEFF',
  '🏦💳',
  "' OR 1=1 --",
  '%',
  '_',
  '\\',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '${jndi:ldap://x}',
  '\r\nSet-Cookie: x=1',
  'NaN',
  '-0',
  '1e309',
  'null',
];

const numberOr = (value: number | boolean | undefined): number | undefined =>
  typeof value === 'number' ? value : undefined;

function typeOf(schema: JsonSchema): string | undefined {
  return Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
}

/**
 * Values a schema accepts, drawn by fast-check. Identifiers (`format: uuid`) come from `ids`
 * (the records the test made) as often as not, so valid requests reach past the 404.
 */
export function valueOf(schema: JsonSchema, ids: readonly string[]): fc.Arbitrary<unknown> {
  const value = plainValueOf(schema, ids);
  return schema.nullable ? fc.option(value, { nil: null, freq: 8 }) : value;
}

function plainValueOf(schema: JsonSchema, ids: readonly string[]): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((s) => valueOf(s, ids)));
  if (schema.allOf?.length) return valueOf(schema.allOf[0]!, ids);
  switch (typeOf(schema)) {
    case 'string':
      return stringOf(schema, ids);
    case 'integer': {
      const min = Math.max(numberOr(schema.minimum) ?? -1_000_000, -1_000_000_000);
      const max = Math.min(numberOr(schema.maximum) ?? 1_000_000, 1_000_000_000);
      const exclusiveMin = numberOr(schema.exclusiveMinimum);
      return fc.integer({ min: exclusiveMin !== undefined ? exclusiveMin + 1 : min, max });
    }
    case 'number': {
      const exclusiveMin = numberOr(schema.exclusiveMinimum);
      return fc.double({
        min: exclusiveMin ?? numberOr(schema.minimum) ?? -1e9,
        max: numberOr(schema.maximum) ?? 1e9,
        minExcluded: exclusiveMin !== undefined,
        noNaN: true,
        noDefaultInfinity: true,
      });
    }
    case 'boolean':
      return fc.boolean();
    case 'array': {
      const minLength = schema.minItems ?? 0;
      const maxLength = Math.min(schema.maxItems ?? minLength + 4, minLength + 4);
      return fc.array(valueOf(schema.items ?? {}, ids), { minLength, maxLength });
    }
    case 'object': {
      const properties = schema.properties ?? {};
      if (Object.keys(properties).length === 0) return fc.constant({});
      return fc.record(
        Object.fromEntries(Object.entries(properties).map(([k, s]) => [k, valueOf(s, ids)])),
        { requiredKeys: (schema.required ?? []).filter((k) => k in properties) },
      );
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function stringOf(schema: JsonSchema, ids: readonly string[]): fc.Arbitrary<string> {
  if (schema.format === 'uuid')
    return ids.length ? fc.oneof(fc.constantFrom(...ids), fc.uuid()) : fc.uuid();
  if (schema.format === 'email') return fc.emailAddress();
  if (schema.format === 'date-time')
    return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.min(schema.maxLength ?? minLength + 30, minLength + 30);
  if (schema.pattern) {
    try {
      return fc
        .stringMatching(new RegExp(schema.pattern))
        .filter((s) => s.length >= minLength && s.length <= (schema.maxLength ?? Infinity));
    } catch {
      // A pattern fast-check cannot draw from (lookarounds): any string, often refused.
    }
  }
  return fc.oneof(
    { weight: 4, arbitrary: fc.string({ minLength, maxLength }) },
    { weight: 1, arbitrary: fc.string({ minLength, maxLength, unit: 'grapheme' }) },
  );
}

/** A value of another JSON type than the schema asks for. */
function wrongTypeOf(schema: JsonSchema): fc.Arbitrary<unknown> {
  const all: Record<string, fc.Arbitrary<unknown>> = {
    string: fc.constantFrom('x', '12', 'true', ''),
    integer: fc.constantFrom(0, -1, 1.5, 2 ** 53 + 2),
    number: fc.constantFrom(0, -1e308, 1e308),
    boolean: fc.boolean(),
    array: fc.constant([1, 'a', null]),
    object: fc.constant({ nested: { deeper: [] } }),
    null: fc.constant(null),
  };
  const own = typeOf(schema);
  const others = Object.entries(all)
    .filter(([type]) => type !== own && !(own === 'number' && type === 'integer'))
    .filter(([type]) => !(schema.nullable && type === 'null'))
    .map(([, arbitrary]) => arbitrary);
  return fc.oneof(...others);
}

/** A value just or far outside the schema's bounds, or a nasty string. */
function outOfRangeOf(schema: JsonSchema): fc.Arbitrary<unknown> {
  const type = typeOf(schema);
  if (type === 'integer' || type === 'number') {
    const candidates = [-(2 ** 63), 2 ** 63, 0.5, -0.0];
    if (typeof schema.minimum === 'number') candidates.push(schema.minimum - 1);
    if (typeof schema.maximum === 'number') candidates.push(schema.maximum + 1);
    if (typeof schema.exclusiveMinimum === 'number') candidates.push(schema.exclusiveMinimum);
    return fc.constantFrom(...candidates);
  }
  if (type === 'array')
    return fc.constant(Array.from({ length: (schema.maxItems ?? 1000) + 1 }, () => 'x'));
  return fc.oneof(
    fc.constant('x'.repeat((schema.maxLength ?? 5000) + 1)),
    fc.constantFrom(...NASTY_STRINGS),
    fc.string({ unit: 'binary', maxLength: 40 }),
  );
}

type Location = { path: (string | number)[]; schema: JsonSchema };

/** Every place in a value a mutation may change, with the schema that governs it. */
function locationsOf(
  value: unknown,
  schema: JsonSchema,
  path: (string | number)[] = [],
): Location[] {
  const here: Location = { path, schema };
  const branch = schema.anyOf?.[0] ?? schema.oneOf?.[0];
  if (branch && !schema.type) return [here];
  if (Array.isArray(value))
    return [here, ...value.flatMap((v, i) => locationsOf(v, schema.items ?? {}, [...path, i]))];
  if (value && typeof value === 'object') {
    const properties = schema.properties ?? {};
    return [
      here,
      ...Object.entries(value as Record<string, unknown>).flatMap(([k, v]) =>
        locationsOf(v, properties[k] ?? {}, [...path, k]),
      ),
    ];
  }
  return [here];
}

function setAt(value: unknown, path: (string | number)[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<
    string | number,
    unknown
  >;
  copy[head!] = setAt(copy[head!], rest, replacement);
  return copy;
}

function removeAt(value: unknown, path: (string | number)[]): unknown {
  if (path.length === 1 && value && typeof value === 'object' && !Array.isArray(value)) {
    const { [path[0] as string]: _, ...rest } = value as Record<string, unknown>;
    return rest;
  }
  const [head, ...rest] = path;
  if (head === undefined || !value || typeof value !== 'object') return value;
  return setAt(value, [head], removeAt((value as Record<string, unknown>)[head], rest));
}

/** A valid value with one place changed: wrong type, out of range, a required key dropped. */
function mutatedValueOf(
  schema: JsonSchema,
  ids: readonly string[],
): fc.Arbitrary<{ kind: string; value: unknown }> {
  return valueOf(schema, ids).chain((value) => {
    const locations = locationsOf(value, schema);
    const required = locations.flatMap((l) => (l.schema.required ?? []).map((k) => [...l.path, k]));
    return fc.nat({ max: locations.length - 1 }).chain((index) => {
      const { path, schema: at } = locations[index]!;
      const choices = [
        wrongTypeOf(at).map((v) => ({ kind: 'wrong type', value: setAt(value, path, v) })),
        outOfRangeOf(at).map((v) => ({ kind: 'out of range', value: setAt(value, path, v) })),
      ];
      if (required.length)
        choices.push(
          fc
            .constantFrom(...required)
            .map((p) => ({ kind: 'missing required', value: removeAt(value, p) })),
        );
      if (path.length === 0 && typeOf(at) === 'object')
        choices.push(
          fc.constant({
            kind: 'unknown key',
            value: { ...(value as object), ['__proto__x']: 1, constructor: 'x' },
          }),
        );
      return fc.oneof(...choices);
    });
  });
}

/** Path parameter values that are not what any route takes. */
const BAD_PATH_VALUES = [
  'x',
  '-1',
  '0',
  '1e3',
  '..',
  '%2e%2e%2f',
  '%00',
  '%E0%A4%A',
  '%C3%BF',
  'a'.repeat(300),
  '00000000-0000-4000-8000-00000000000g',
  '%20',
  '12345678901234567890',
];

function queryString(query: unknown): string {
  if (!query || typeof query !== 'object') return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value])
      search.append(
        key,
        typeof item === 'object' && item !== null ? JSON.stringify(item) : String(item),
      );
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

function urlOf(operation: Operation, params: Record<string, string>, query: unknown): string {
  const path = operation.path.replace(/:(\w+)/g, (_, name: string) =>
    encodeURIComponent(params[name] ?? 'x'),
  );
  return path + queryString(query);
}

const JSON_TYPE = { 'content-type': 'application/json' };

/** A multipart body with one file part of the given text, as an upload form sends it. */
function multipartOf(fileName: string, text: string): { payload: string; type: string } {
  const boundary = 'fuzzboundary7d9c2a';
  const payload = [
    `--${boundary}`,
    `Content-Disposition: form-data; name="file"; filename="${fileName.replace(/["\r\n]/g, '_')}"`,
    'Content-Type: text/csv',
    '',
    text,
    `--${boundary}--`,
    '',
  ].join('\r\n');
  return { payload, type: `multipart/form-data; boundary=${boundary}` };
}

/**
 * Requests for one operation: valid ones drawn from its declared schemas, and invalid ones
 * (wrong types, missing required keys, values out of range, huge and control-character strings,
 * malformed JSON, a wrong content type, bad path parameters, a multipart form where it takes one).
 */
export function requestsOf(
  operation: Operation,
  ids: readonly string[],
  options: { multipart: boolean },
): fc.Arbitrary<FuzzRequest> {
  const paramsSchema: JsonSchema = {
    type: 'object',
    properties: operation.pathParams,
    required: Object.keys(operation.pathParams),
  };
  const params = valueOf(paramsSchema, ids) as fc.Arbitrary<Record<string, string>>;
  const query = operation.query ? valueOf(operation.query, ids) : fc.constant(undefined);
  const body = operation.body ? valueOf(operation.body, ids) : fc.constant(undefined);
  const hasBody = operation.method !== 'GET' && operation.method !== 'DELETE';

  const build = (
    kind: string,
    p: Record<string, string>,
    q: unknown,
    b: unknown,
    extra: { payload?: string; headers?: Record<string, string> } = {},
  ): FuzzRequest => ({
    kind,
    method: operation.method,
    url: urlOf(operation, p, q),
    headers: extra.headers ?? (b === undefined ? {} : JSON_TYPE),
    payload: extra.payload ?? (b === undefined ? undefined : JSON.stringify(b)),
  });

  const valid = fc
    .tuple(params, query, body)
    .map(([p, q, b]) => build('valid', p, q, hasBody ? b : undefined));

  const invalid: fc.Arbitrary<FuzzRequest>[] = [];
  if (operation.body)
    invalid.push(
      fc
        .tuple(params, query, mutatedValueOf(operation.body, ids))
        .map(([p, q, m]) => build(`body ${m.kind}`, p, q, m.value)),
      fc
        .tuple(params, query, fc.constantFrom<unknown>([], 'text', null, 42, true))
        .map(([p, q, b]) => build('body not an object', p, q, b)),
    );
  if (operation.query)
    invalid.push(
      fc
        .tuple(params, mutatedValueOf(operation.query, ids), body)
        .map(([p, m, b]) => build(`query ${m.kind}`, p, m.value, hasBody ? b : undefined)),
    );
  if (Object.keys(operation.pathParams).length)
    invalid.push(
      fc.tuple(params, fc.constantFrom(...BAD_PATH_VALUES), query, body).map(([p, bad, q, b]) => {
        const name = Object.keys(p)[0]!;
        const url = urlOf(operation, { ...p, [name]: '\u0001' }, q).replace('%01', bad);
        return { ...build('bad path parameter', p, q, hasBody ? b : undefined), url };
      }),
    );
  if (hasBody)
    invalid.push(
      fc
        .tuple(params, query, fc.constantFrom('{', '{"a":', '[1,]', '{"a":1}}', '\u0000', 'nul'))
        .map(([p, q, text]) =>
          build('malformed JSON', p, q, undefined, { payload: text, headers: JSON_TYPE }),
        ),
      fc
        .tuple(params, query, body, fc.constantFrom('text/plain', 'application/xml', 'image/png'))
        .map(([p, q, b, type]) =>
          build('wrong content type', p, q, undefined, {
            payload: JSON.stringify(b ?? {}),
            headers: { 'content-type': type },
          }),
        ),
      fc.tuple(params, query).map(([p, q]) =>
        build('huge body', p, q, undefined, {
          payload: JSON.stringify({ text: 'x'.repeat(1024 * 1024 + 10) }),
          headers: JSON_TYPE,
        }),
      ),
    );
  if (options.multipart)
    invalid.push(
      fc
        .tuple(
          params,
          query,
          fc.constantFrom('a.csv', 'a.xlsx', '../../x.csv', 'Ünï\u0000.txt', ''),
          fc.oneof(
            fc.string({ unit: 'binary', maxLength: 200 }),
            fc.constantFrom('a,b\n1,2\n', ''),
          ),
        )
        .map(([p, q, name, text]) => {
          const form = multipartOf(name, text);
          return build('multipart file', p, q, undefined, {
            payload: form.payload,
            headers: { 'content-type': form.type },
          });
        }),
    );

  return invalid.length
    ? fc.oneof(
        { weight: 2, arbitrary: valid },
        ...invalid.map((arbitrary) => ({ weight: 1, arbitrary })),
      )
    : valid;
}
