import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Endpoint } from '@b2b/contract';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadConfig } from '../config.js';
import { compileWriter, createResponseSerializerCompiler } from './response-serializer.js';

/**
 * Every endpoint group of the contract (`<area>/*endpoints.ts`), read from its folder rather
 * than as a namespace import of the contract: walking the whole namespace would count every contract export
 * as used, and the unused-export check (knip) could not see the contract's dead ones.
 */
async function contractEndpointGroups(): Promise<Record<string, unknown>[]> {
  const src = path.join(import.meta.dirname, '../../../../packages/contract/src');
  const files = fs
    .readdirSync(src, { recursive: true, encoding: 'utf8' })
    .filter((file) => /(^|[/-])endpoints\.ts$/.test(file));
  return Promise.all(files.map((file) => import(pathToFileURL(path.join(src, file)).href)));
}

const Item = z.object({
  id: z.uuid(),
  name: z.string(),
  note: z.string().nullable(),
  nickname: z.string().optional(),
  roles: z.array(z.enum(['Manager', 'Member'])),
  score: z.number(),
  count: z.number().int(),
  active: z.boolean(),
  owner: z.object({ id: z.uuid(), email: z.string() }).nullable(),
  counts: z.record(z.string(), z.number()),
  details: z.unknown(),
  state: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('held'), until: z.string() }),
    z.object({ kind: z.literal('free') }),
  ]),
});
const Page = z.object({ collection: z.array(Item), totalCount: z.number().int() });

const item = {
  id: '3f1c2d9e-1b2a-4c3d-8e4f-5a6b7c8d9e01',
  name: 'Zoë "Z" O\'Neil\n<script>',
  note: null,
  roles: ['Manager', 'Member'],
  score: 12.5,
  count: 3,
  active: false,
  owner: { id: '3f1c2d9e-1b2a-4c3d-8e4f-5a6b7c8d9e02', email: 'a@b.example' },
  counts: { open: 2, 'with space': 0 },
  details: { any: ['shape', 1, null] },
  state: { kind: 'held', until: '2026-11-24T10:00:00.000Z' },
};

function writer(schema: z.ZodType, checked: boolean) {
  const compile = createResponseSerializerCompiler({ checked });
  return compile({ schema, method: 'POST', url: '/api/v1/things', httpStatus: '200' });
}

describe('response serializer', () => {
  for (const checked of [false, true]) {
    describe(checked ? 'checked against the contract' : 'unchecked (production)', () => {
      // The same JSON; the compiled writer puts optional fields after the required ones.
      it('writes what the contract encoder writes', () => {
        const page = {
          collection: [
            item,
            { ...item, note: 'x', nickname: 'zo', owner: null, state: { kind: 'free' } },
          ],
          totalCount: 2,
        };
        const written = writer(Page, checked)(page);
        expect(JSON.parse(written)).toStrictEqual(
          JSON.parse(JSON.stringify(z.encode(Page, page as never))),
        );
        expect(JSON.parse(written)).toStrictEqual(page);
      });

      it('writes only the fields the contract declares', () => {
        const written = writer(Item, checked)({ ...item, passwordHash: 'secret', version: 3 });
        expect(written).not.toContain('secret');
        expect(JSON.parse(written)).not.toHaveProperty('passwordHash');
      });

      it('refuses a response without a required field', () => {
        const { name: _, ...withoutName } = item;
        expect(() => writer(Item, checked)(withoutName)).toThrow(
          checked ? /doesn't match the schema/ : /"name" is required/,
        );
      });
    });
  }

  it('checked, refuses a value of the wrong type (which the compiled writer would coerce)', () => {
    expect(() => writer(Item, true)({ ...item, name: 42 })).toThrow();
    expect(() => writer(Item, true)({ ...item, note: undefined })).toThrow();
  });

  it('has a compiled writer for every response the contract declares', async () => {
    const schemas = (await contractEndpointGroups())
      .flatMap((endpoints) => Object.entries(endpoints))
      .flatMap(([name, endpoint]) =>
        Object.entries((endpoint as Endpoint).responses ?? {}).map(
          ([status, schema]) => [`${name} ${status}`, schema] as const,
        ),
      )
      .filter(([, schema]) => schema);
    expect(schemas.length).toBeGreaterThan(100);
    const without = schemas.filter(([, schema]) => {
      try {
        compileWriter(schema);
        return false;
      } catch {
        return true;
      }
    });
    expect(without.map(([name]) => name)).toEqual([]);
  });

  it('keeps the contract encoder for a schema JSON Schema cannot say', () => {
    const Stamp = z.object({ at: z.date() });
    const at = new Date('2026-11-24T10:00:00.000Z');
    expect(writer(Stamp, false)({ at })).toBe('{"at":"2026-11-24T10:00:00.000Z"}');
    expect(() => writer(Stamp, false)({ at: 'not a date' })).toThrow();
  });

  it('checks responses outside production unless told otherwise (CHECK_RESPONSES)', () => {
    const production = { NODE_ENV: 'production', SESSION_SECRET: 's'.repeat(32) } as const;
    expect(loadConfig({ NODE_ENV: 'test' }).checkResponses).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development' }).checkResponses).toBe(true);
    expect(loadConfig(production).checkResponses).toBe(false);
    expect(loadConfig({ ...production, CHECK_RESPONSES: 'true' }).checkResponses).toBe(true);
  });
});
