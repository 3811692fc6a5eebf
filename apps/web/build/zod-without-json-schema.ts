import type { Plugin } from 'vite';

/** The module of zod's classic API that ties every schema type to its JSON Schema converter. */
const CLASSIC_SCHEMAS = /\/zod\/v4\/classic\/schemas\.js$/;
/** Each schema type's converter, set in its constructor: `inst._zod.processJSONSchema = … ;`. */
const CONVERTER_LINE =
  /^\s*inst\._zod\.processJSONSchema = .*Processor\(inst, ctx, json, params\);$/gm;
const TO_JSON_SCHEMA_IMPORT =
  'import { createStandardJSONSchemaMethod, createToJSONSchemaMethod } from "../core/to-json-schema.js";';
const NOT_IN_THE_WEB_BUILD = `const createToJSONSchemaMethod = () => () => {
  throw new Error("The web build leaves out zod's JSON Schema conversion (apps/web/build/zod-without-json-schema.ts)");
};
const createStandardJSONSchemaMethod = createToJSONSchemaMethod;`;

/**
 * Leaves zod's JSON Schema conversion out of the web build. The browser parses responses with
 * the contract's schemas but never turns a schema into JSON Schema (the server does, for
 * `/api/docs`). Zod's classic API still wires every schema type to its converter in the type's
 * constructor, so the bundler must keep all converters: about 6 KB gzip on every page, the
 * sign-in page included. This drops the wiring; calling `toJSONSchema()` in the browser then
 * throws, saying why. The converters themselves are then unused and dropped.
 *
 * Fails the build when zod's source no longer has the expected shape, so an upgrade cannot
 * silently undo it (or break it).
 */
export function zodWithoutJsonSchema(): Plugin {
  return {
    name: 'b2b-zod-without-json-schema',
    apply: 'build',
    transform(code, id) {
      if (!CLASSIC_SCHEMAS.test(id)) return null;
      const converters = code.match(CONVERTER_LINE)?.length ?? 0;
      if (converters < 20 || !code.includes(TO_JSON_SCHEMA_IMPORT)) {
        this.error(
          `zod's classic schemas (${id}) changed shape (${converters} converter lines found): update apps/web/build/zod-without-json-schema.ts`,
        );
      }
      return {
        code: code.replace(CONVERTER_LINE, '').replace(TO_JSON_SCHEMA_IMPORT, NOT_IN_THE_WEB_BUILD),
        map: null,
      };
    },
  };
}
