import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness.js';

/* A stand-in for an OpenAI-compatible server: answers what the test says. */
let next: { status: number; content: string } = { status: 200, content: '{}' };
const asked: { model: string; messages: { role: string; content: string }[] }[] = [];
const server = http.createServer((req, res) => {
  let raw = '';
  req.on('data', (c: Buffer) => (raw += c.toString()));
  req.on('end', () => {
    asked.push(JSON.parse(raw));
    res
      .writeHead(next.status, { 'content-type': 'application/json' })
      .end(
        JSON.stringify({ choices: [{ message: { role: 'assistant', content: next.content } }] }),
      );
  });
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const t = useTestApp({
  LLM_BASE_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
  LLM_MODEL: 'address-model',
});
let sysAdmin: string;
beforeAll(async () => {
  sysAdmin = await t.signIn('sysadmin@example.com');
});

const parse = (address: string) =>
  t.request({
    method: 'POST',
    url: '/api/v1/tools/addresses/parse',
    cookie: sysAdmin,
    payload: { address, defaultCountry: 'GB' },
  });

const modelAnswer = {
  building: 'Flat 3',
  street: '12 High St',
  locality: '',
  city: 'Leeds',
  region: null,
  postcode: 'LS6 3AB',
  country: 'gb',
};

describe('the address parser with a configured model', () => {
  it('answers the model’s components, labelled as the model’s', async () => {
    next = {
      status: 200,
      content: `Here you are:\n\`\`\`json\n${JSON.stringify(modelAnswer)}\n\`\`\``,
    };
    const res = await parse('Flat 3, 12 High St, Leeds LS6 3AB');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      address: 'Flat 3, 12 High St, Leeds LS6 3AB',
      components: { ...modelAnswer, locality: null, country: 'GB' },
      countrySource: 'model',
      parser: 'model',
      model: 'address-model',
      fallbackReason: null,
    });
    const call = asked.at(-1)!;
    expect(call.model).toBe('address-model');
    expect(call.messages[0]!.content).toContain('it is in GB');
    expect(call.messages[1]).toEqual({
      role: 'user',
      content: 'Flat 3, 12 High St, Leeds LS6 3AB',
    });
  });

  it.each([
    [{ status: 500, content: '' }, 'The model endpoint answered HTTP 500'],
    [
      { status: 200, content: 'I cannot help with that.' },
      'The model did not answer with a JSON object',
    ],
    [
      { status: 200, content: '{"street": 12}' },
      'The model answered JSON without the address components',
    ],
    [
      { status: 200, content: JSON.stringify({ ...modelAnswer, country: 'Britain' }) },
      'The model answered a country that is not an ISO code: BRITAIN',
    ],
  ])('falls back to the rules when the model fails (%j)', async (answer, reason) => {
    next = answer;
    const res = await parse('Kerkstraat 12, 1017 GC Amsterdam');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      components: {
        street: 'Kerkstraat 12',
        postcode: '1017 GC',
        city: 'Amsterdam',
        country: 'NL',
      },
      parser: 'rules',
      model: 'address-model',
      fallbackReason: reason,
    });
  });
});
