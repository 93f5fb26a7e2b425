/**
 * defineRoute and the central error handling, through a test route declared here with its own
 * body schema: bad input is always a 4xx naming the field, never a 500.
 */
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { idFromQuerySchema } from '@shared/contract/specialities';
import { defineRoute, refuseUndefinedApiRoutes, RouteRegistry } from '@server/http/route';
import { expectError } from '@server/test/expect-error';
import { setupTestApp } from '@server/test/test-app';

const personSchema = v.object({
  name: v.pipe(v.string(), v.trim(), v.minLength(1, 'must not be empty')),
  age: v.pipe(v.number(), v.integer(), v.minValue(0)),
  tags: v.optional(v.array(v.string())),
  address: v.optional(v.object({ zip: v.pipe(v.string(), v.regex(/^\d{5}$/, 'must be five digits')) })),
});

async function testRoutes(app: FastifyInstance) {
  defineRoute(app, {
    method: 'POST',
    url: '/test/people',
    summary: 'Echoes a person',
    public: true,
    body: personSchema,
    response: v.object({ greeting: v.string(), age: v.number() }),
    status: 201,
    handler: async ({ body }) => ({ greeting: `Hello ${body.name}`, age: body.age }),
  });
  defineRoute(app, {
    method: 'GET',
    url: '/test/items/:itemId',
    summary: 'One item',
    public: true,
    params: v.object({ itemId: idFromQuerySchema }),
    response: v.object({ itemId: v.number() }),
    handler: async ({ params }) => ({ itemId: params.itemId }),
  });
  defineRoute(app, {
    method: 'GET',
    url: '/test/search',
    summary: 'Searches',
    public: true,
    query: v.object({ term: v.optional(v.string()), page: v.optional(idFromQuerySchema) }),
    response: v.object({ term: v.nullable(v.string()) }),
    handler: async ({ query }) => ({ term: query.term ?? null }),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/test/open',
    summary: 'Takes any extra keys, on purpose',
    public: true,
    body: v.looseObject({ name: v.string() }),
    response: v.object({ name: v.string() }),
    handler: async ({ body }) => ({ name: body.name }),
  });
  defineRoute(app, {
    method: 'GET',
    url: '/test/broken',
    summary: 'Fails like a bug would',
    public: true,
    response: v.object({}),
    handler: async () => {
      throw new Error('secret internal detail');
    },
  });
  defineRoute(app, {
    method: 'POST',
    url: '/test/collide/:sqlstate',
    summary: 'Fails the way a transaction that lost a race to another fails',
    public: true,
    params: v.object({ sqlstate: v.picklist(['40P01', '40001', '22000']) }),
    response: v.object({}),
    handler: async ({ params }) => {
      // The database itself raises the error, so it arrives wrapped as the driver wraps it.
      await app.db.execute(
        sql.raw(`do $$ begin raise exception 'lost a race' using errcode = '${params.sqlstate}'; end $$`),
      );
      return {};
    },
  });
  defineRoute(app, {
    method: 'GET',
    url: '/test/wrong-shape',
    summary: 'Answers something its schema does not allow',
    public: true,
    response: v.object({ count: v.number() }),
    handler: async () => ({ count: 'three' }) as unknown as { count: number },
  });
  defineRoute(app, {
    method: 'GET',
    url: '/test/private',
    summary: 'Needs a signed-in user',
    public: false,
    response: v.object({}),
    handler: async () => ({}),
  });
}

const t = setupTestApp({
  plugins: [async (app) => app.register(testRoutes, { prefix: '/api/weborder' })],
});

const post = (payload: string, contentType = 'application/json') =>
  t.app.inject({
    method: 'POST',
    url: '/api/weborder/test/people',
    headers: { 'content-type': contentType },
    payload,
  });

describe('defineRoute body validation', () => {
  it('passes the parsed body to the handler and answers with the declared status', async () => {
    const response = await post(JSON.stringify({ name: '  Ada ', age: 36 }));
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ greeting: 'Hello Ada', age: 36 });
    // Written by the serialiser compiled from the response schema, and said to be JSON.
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(t.app.apiRoutes.uncompiled).not.toContain('POST /api/weborder/test/people');
  });

  it('answers 400 for malformed JSON', async () => {
    const body = expectError(await post('{"name": "Ada", '), 400);
    expect(body.fields).toEqual({ body: 'is not valid JSON' });
  });

  it('answers 400 for an empty JSON body and for no body at all', async () => {
    expect(expectError(await post(''), 400).fields).toHaveProperty('body');
    const none = await t.app.inject({ method: 'POST', url: '/api/weborder/test/people' });
    expect(expectError(none, 400).fields).toHaveProperty('body');
  });

  it('answers 400 naming a field of the wrong type', async () => {
    const body = expectError(await post(JSON.stringify({ name: 'Ada', age: 'old' })), 400);
    expect(Object.keys(body.fields ?? {})).toEqual(['age']);
    expect(body.message).toMatch(/age/);
  });

  it('names every bad field, nested ones by their path', async () => {
    const body = expectError(
      await post(JSON.stringify({ name: ' ', age: 1.5, tags: [1], address: { zip: '12' } })),
      400,
    );
    expect(body.fields).toEqual({
      name: 'must not be empty',
      age: 'must be a whole number',
      'tags.0': expect.any(String),
      'address.zip': 'must be five digits',
    });
  });

  it('says a missing field is required', async () => {
    const body = expectError(await post(JSON.stringify({ age: 3 })), 400);
    expect(body.fields).toEqual({ name: 'is required' });
  });

  it.each(['[]', '"text"', '42', 'null'])('answers 400 naming the body when it is %s', async (payload) => {
    expect(expectError(await post(payload), 400).fields).toHaveProperty('body');
  });

  it('answers 400 for prototype poisoning', async () => {
    expectError(await post('{"name":"x","age":1,"__proto__":{"admin":true}}'), 400);
  });

  it('answers 415 for a content type it does not read', async () => {
    const body = expectError(await post('name=Ada', 'text/csv'), 415);
    expect(body.message).toContain('application/json');
  });

  it('answers 413 for a body over the limit, stating the JSON limit', async () => {
    const huge = JSON.stringify({ name: 'x'.repeat(1_100_000), age: 1 });
    expect(expectError(await post(huge), 413).message).toBe(
      'The request body is larger than the 1048576 bytes allowed',
    );
  });

  it('answers 413 for a form body over the form limit, stating that limit', async () => {
    const form = `age=1&name=${'x'.repeat(70_000)}`;
    const body = expectError(await post(form, 'application/x-www-form-urlencoded'), 413);
    expect(body.message).toBe('The request body is larger than the 65536 bytes allowed');
    expect(body.fields).toEqual({ body: 'is too large' });
    // The same size as JSON is within its limit.
    expect((await post(JSON.stringify({ name: 'x'.repeat(70_000), age: 1 }))).statusCode).toBe(201);
  });
});

describe('defineRoute unknown keys', () => {
  const search = (query: string) => t.app.inject({ method: 'GET', url: `/api/weborder/test/search${query}` });

  it('accepts the declared query parameters, or none', async () => {
    expect((await search('?term=x&page=2')).json()).toEqual({ term: 'x' });
    expect((await search('')).json()).toEqual({ term: null });
  });

  it.each([
    ['a misspelt name', '?Term=x', 'Term'],
    ['a bracketed name', '?term[]=x', 'term[]'],
    ['an extra name', '?term=x&debug=1', 'debug'],
  ])('answers 400 naming %s in the query', async (_, query, name) => {
    const body = expectError(await search(query), 400);
    expect(body.fields).toEqual({ [name]: 'is not a known parameter' });
    expect(body.message).toBe(`Invalid query: ${name} is not a known parameter`);
  });

  it('names unknown and invalid parameters together', async () => {
    const body = expectError(await search('?pgae=2&page=x'), 400);
    expect(body.fields).toEqual({ pgae: 'is not a known parameter', page: 'must be a positive whole number' });
  });

  it('answers 400 naming unknown body fields, nested ones by their path', async () => {
    const body = expectError(
      await post(JSON.stringify({ name: 'Ada', age: 36, nickname: 'A', address: { zip: '12345', city: 'X' } })),
      400,
    );
    expect(body.fields).toEqual({ nickname: 'is not a known field', 'address.city': 'is not a known field' });
  });

  it('lets a schema that asks for extra keys (looseObject) have them', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/weborder/test/open',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'Ada', extra: true }),
    });
    expect(response.statusCode).toBe(200);
  });
});

describe('defineRoute and NUL characters (PostgreSQL cannot store them in text)', () => {
  const NUL = 'must not contain NUL characters';

  it('answers 400 naming every string holding one, at any depth, with the other problems', async () => {
    const body = expectError(
      await post(
        JSON.stringify({ name: 'A\u0000da', age: 1, tags: ['ok', 'x\u0000'], address: { zip: '1\u00002345' } }),
      ),
      400,
    );
    expect(body.fields).toEqual({ name: NUL, 'tags.1': NUL, 'address.zip': NUL });
    expect(body.message).toBe(`Invalid body: name ${NUL}; tags.1 ${NUL}; address.zip ${NUL}`);
    const mixed = expectError(await post(JSON.stringify({ name: '\u0000', age: 'old' })), 400);
    expect(mixed.fields).toEqual({ name: NUL, age: expect.stringMatching(/number/) });
  });

  it('answers 400 for one in a form field, a query parameter, a path parameter, or a key a schema lets through', async () => {
    expect(expectError(await post('name=A%00&age=1', 'application/x-www-form-urlencoded'), 400).fields).toMatchObject({
      name: NUL,
    });
    const search = await t.app.inject({ method: 'GET', url: '/api/weborder/test/search?term=a%00b' });
    expect(expectError(search, 400).fields).toEqual({ term: NUL });
    const item = await t.app.inject({ method: 'GET', url: '/api/weborder/test/items/1%00' });
    expect(expectError(item, 400).fields).toEqual({ itemId: NUL });
    const open = await t.app.inject({
      method: 'POST',
      url: '/api/weborder/test/open',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'Ada', 'ex\u0000tra': true }),
    });
    expect(expectError(open, 400).fields).toEqual({ 'ex\u0000tra': NUL });
  });
});

describe('defineRoute and fields named __proto__', () => {
  /** The 400's fields as sent (expectError's parse would drop a __proto__ key). */
  const fieldsOf = (response: { json(): unknown }) => (response.json() as { fields: Record<string, string> }).fields;
  const own = (fields: Record<string, string>, key: string) => Object.getOwnPropertyDescriptor(fields, key)?.value;

  it('names a query parameter called __proto__', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/weborder/test/search?__proto__=1&term=x' });
    expectError(response, 400);
    expect(Object.keys(fieldsOf(response))).toEqual(['__proto__']);
    expect(own(fieldsOf(response), '__proto__')).toBe('is not a known parameter');
  });

  it('names a form field called __proto__ beside the other problems', async () => {
    const response = await post('__proto__=1&name=Ada&age=x', 'application/x-www-form-urlencoded');
    expectError(response, 400);
    expect(Object.keys(fieldsOf(response)).sort()).toEqual(['__proto__', 'age']);
    expect(own(fieldsOf(response), '__proto__')).toBe('is not a known field');
  });
});

describe('defineRoute and transactions that collide', () => {
  const collide = (sqlstate: string) => t.app.inject({ method: 'POST', url: `/api/weborder/test/collide/${sqlstate}` });

  it.each(['40P01', '40001'])(
    'answers a database %s (deadlock, serialization failure) with a 409 to try again',
    async (sqlstate) => {
      const body = expectError(await collide(sqlstate), 409);
      expect(body.message).toBe('The change collided with another one: try again');
      expect(body.fields).toBeUndefined();
    },
  );

  it('still answers other database errors with the generic 500', async () => {
    expectError(await collide('22000'), 500);
  });
});

describe('defineRoute params and failures', () => {
  it('validates path parameters', async () => {
    const ok = await t.app.inject({ method: 'GET', url: '/api/weborder/test/items/7' });
    expect(ok.json()).toEqual({ itemId: 7 });
    const bad = await t.app.inject({ method: 'GET', url: '/api/weborder/test/items/x7' });
    expect(expectError(bad, 400).fields).toHaveProperty('itemId');
  });

  it('answers a bug with a generic 500 that does not leak the detail', async () => {
    const body = expectError(await t.app.inject({ method: 'GET', url: '/api/weborder/test/broken' }), 500);
    expect(body.message).not.toContain('secret');
  });

  it('refuses (500) an answer that breaks its response schema when validation is on', async () => {
    expectError(await t.app.inject({ method: 'GET', url: '/api/weborder/test/wrong-shape' }), 500);
  });

  it('answers 401 on a non-public route without a valid token', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/weborder/test/private',
      headers: { authorization: 'Bearer nonsense' },
    });
    expectError(response, 401);
  });
});

describe('unknown routes', () => {
  it.each(['GET', 'POST', 'DELETE'] as const)('answers %s on an unknown API path with a JSON 404', async (method) => {
    const response = await t.app.inject({ method, url: '/api/weborder/xyz?a=1' });
    const body = expectError(response, 404);
    expect(body.message).toBe(`No API route ${method} /api/weborder/xyz`);
  });

  it('answers a JSON 404 to an API path even when the client asks for HTML', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/weborder/xyz',
      headers: { accept: 'text/html' },
    });
    expectError(response, 404);
  });

  it('answers a malformed URL with a JSON 400', async () => {
    expectError(await t.app.inject({ method: 'GET', url: '/api/weborder/%zz' }), 400);
  });
});

describe('refuseUndefinedApiRoutes', () => {
  it('rejects an /api/ route registered without defineRoute', async () => {
    const app = Fastify();
    app.decorate('apiRoutes', new RouteRegistry());
    refuseUndefinedApiRoutes(app);
    app.get('/not-api', async () => 'fine');
    expect(() => app.get('/api/weborder/raw', async () => 'sneaky')).toThrow(/defineRoute/);
    await app.close();
  });
});
