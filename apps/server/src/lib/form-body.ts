import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError } from './app-error.js';
import type { RouteAccessConfig } from './endpoint.js';

/** The wrappers a field's schema may sit in before its own type (optional, default, …). */
const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly']);

type SchemaDef = { type: string; innerType?: z.ZodType; shape?: Record<string, z.ZodType> };
const defOf = (schema: z.ZodType): SchemaDef => schema._zod.def as unknown as SchemaDef;

/** Whether the body schema's field is a list, so that a single form value becomes a list of one. */
function isListField(body: z.ZodType | undefined, name: string): boolean {
  const shape = body && defOf(body).type === 'object' ? defOf(body).shape : undefined;
  let field = shape?.[name];
  while (field && WRAPPERS.has(defOf(field).type)) field = defOf(field).innerType;
  return field !== undefined && defOf(field).type === 'array';
}

/**
 * A form's fields as the object the endpoint's body schema validates: a repeated field (or a
 * field the schema holds as a list) is a list, any other field its text. An empty field is a
 * field not given, as an HTML form sends an input left blank.
 */
export function formFieldsToBody(
  fields: Iterable<[string, string]>,
  body: z.ZodType | undefined,
): Record<string, string | string[]> {
  const values = new Map<string, string[]>();
  for (const [name, value] of fields) {
    if (value === '') continue;
    values.set(name, [...(values.get(name) ?? []), value]);
  }
  const result: Record<string, string | string[]> = {};
  for (const [name, list] of values) {
    result[name] = list.length > 1 || isListField(body, name) ? list : (list[0] ?? '');
  }
  return result;
}

const acceptsForm = (request: FastifyRequest) =>
  (request.routeOptions.config as RouteAccessConfig | undefined)?.acceptsForm === true;
const bodySchemaOf = (request: FastifyRequest) =>
  request.routeOptions.schema?.body as z.ZodType | undefined;

/** The fields of a multipart form; a file in it is refused, naming its field. */
async function multipartFields(request: FastifyRequest): Promise<[string, string][]> {
  const fields: [string, string][] = [];
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      part.file.resume();
      throw AppError.badRequest(
        `This form takes no file: remove the file field "${part.fieldname}".`,
        part.fieldname,
      );
    }
    fields.push([part.fieldname, String(part.value)]);
  }
  return fields;
}

/**
 * HTML form bodies for the endpoints the contract marks `acceptsForm` (SPEC §7 "Form with id"):
 * application/x-www-form-urlencoded, or the fields of multipart/form-data, become the object the
 * endpoint's body schema validates. Every other endpoint still answers 415 to a URL-encoded form.
 * Registered after the authorize plugin: the CSRF header is checked before any body is read, so
 * a cross-site form post never gets this far, and a caller without access never has a form read.
 * Registered before the text guard, which then checks the fields like any JSON body.
 */
export function registerFormBodies(app: FastifyInstance): void {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (request, text, done) => {
      if (!acceptsForm(request)) {
        const route = `${request.method} ${request.routeOptions.url ?? request.url}`;
        done(new AppError(415, `${route} takes a JSON body, not a form.`));
        return;
      }
      done(null, formFieldsToBody(new URLSearchParams(String(text)), bodySchemaOf(request)));
    },
  );
  app.addHook('preValidation', async (request) => {
    if (!acceptsForm(request) || !request.isMultipart()) return;
    request.body = formFieldsToBody(await multipartFields(request), bodySchemaOf(request));
  });
}
