import { authEndpoints, brandingsEndpoints, defineEndpoint, IdParamsSchema } from '@b2b/contract';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { callsTo, mockApi } from '../test/mock-api';
import { apiRequest, CSRF_HEADER } from './api-client';
import { ApiError, INVALID_RESPONSE_CODE } from './api-error';

const ok = { status: 200, body: { success: true, message: 'Signed out.' } };

describe('apiRequest', () => {
  it('sends the CSRF header on state-changing calls, with the session cookie', async () => {
    const fetchMock = mockApi({ 'POST /api/auth/logout': ok });
    await apiRequest(authEndpoints.logout);
    const [, init] = callsTo(fetchMock, 'POST', '/api/auth/logout')[0] ?? [];
    const headers = new Headers(init?.headers);
    expect(headers.get(CSRF_HEADER)).toBe('1');
    expect(headers.get('content-type')).toBeNull();
    expect(init?.credentials).toBe('same-origin');
  });

  it('sends a JSON body and no CSRF header on reads', async () => {
    const fetchMock = mockApi({
      'GET /api/v2/brandings/by-domain': { body: { brandingKey: 'Default', theme: 'default' } },
      'POST /api/auth/magic-link': ({ body }) => ({
        body: { success: true, message: JSON.stringify(body) },
      }),
    });
    await apiRequest(brandingsEndpoints.getBrandingByDomain);
    const read = new Headers(
      callsTo(fetchMock, 'GET', '/api/v2/brandings/by-domain')[0]?.[1]?.headers,
    );
    expect(read.get(CSRF_HEADER)).toBeNull();

    const answer = await apiRequest(authEndpoints.requestMagicLink, {
      body: { email: 'a@b.example' },
    });
    expect(answer.message).toBe('{"email":"a@b.example"}');
    const write = new Headers(callsTo(fetchMock, 'POST', '/api/auth/magic-link')[0]?.[1]?.headers);
    expect(write.get('content-type')).toBe('application/json');
  });

  it('fills path parameters and the query string', async () => {
    const getThing = defineEndpoint({
      method: 'GET',
      path: '/api/v1/things/:id',
      summary: 'A thing',
      tags: [],
      params: IdParamsSchema,
      query: z.strictObject({ search: z.string(), page: z.number().optional() }),
      responses: { 200: z.object({ id: z.string() }) },
      access: { permissions: [] },
    });
    const id = '0b9b6a4e-8f0e-4c1a-9d7e-2f3c4b5a6d7e';
    const fetchMock = mockApi({ [`GET /api/v1/things/${id}`]: { body: { id } } });
    const thing = await apiRequest(getThing, { params: { id }, query: { search: 'a b' } });
    expect(thing.id).toBe(id);
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe(`/api/v1/things/${id}?search=a+b`);
  });

  it('raises ApiError with the status, message and code of the error body', async () => {
    mockApi({
      'POST /api/auth/login': {
        status: 401,
        body: {
          success: false,
          message: 'Wrong username or password.',
          statusCode: 401,
          code: 'x',
        },
      },
    });
    const failure = apiRequest(authEndpoints.login, { body: { username: 'a', password: 'b' } });
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({
      status: 401,
      message: 'Wrong username or password.',
      code: 'x',
    });
  });

  it('raises ApiError when a success response does not match the contract', async () => {
    mockApi({ 'GET /api/v2/brandings/by-domain': { body: { theme: 'no-such-theme' } } });
    await expect(apiRequest(brandingsEndpoints.getBrandingByDomain)).rejects.toMatchObject({
      name: 'ApiError',
      status: 200,
      code: INVALID_RESPONSE_CODE,
    });
  });
});
