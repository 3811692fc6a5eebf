import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { zodWithoutJsonSchema } from './zod-without-json-schema';

const classicSchemas = path.join(
  path.dirname(createRequire(import.meta.url).resolve('zod/package.json')),
  'v4/classic/schemas.js',
);

/** Runs the plugin's transform as the bundler would, `this.error` throwing as Vite's does. */
function transform(code: string, id: string) {
  const hook = zodWithoutJsonSchema().transform as (
    this: unknown,
    code: string,
    id: string,
  ) => { code: string } | null;
  const context = {
    error(message: string): never {
      throw new Error(message);
    },
  };
  return hook.call(context, code, id);
}

describe('zod without JSON Schema in the web build', () => {
  it('unwires every converter from the installed zod and leaves parsing alone', () => {
    const source = fs.readFileSync(classicSchemas, 'utf8');
    const result = transform(source, classicSchemas);
    expect(result).not.toBeNull();
    expect(result!.code).not.toMatch(/processJSONSchema =/);
    expect(result!.code).not.toContain('../core/to-json-schema.js');
    expect(result!.code).toContain("The web build leaves out zod's JSON Schema conversion");
    // Parsing is untouched: every other line is still there.
    expect(result!.code).toContain('return parse.parse(this, data, params, { callee: _parse });');
  });

  it('leaves other modules as they are', () => {
    expect(transform('export const x = 1;', '/node_modules/zod/v4/core/schemas.js')).toBeNull();
  });

  it('fails the build when zod no longer has the expected shape', () => {
    expect(() =>
      transform('export const ZodString = 1;', '/node_modules/zod/v4/classic/schemas.js'),
    ).toThrow(/changed shape \(0 converter lines found\)/);
  });
});
