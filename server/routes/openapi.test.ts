import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { defineRoute } from '@server/http/route';
import { PAYMENT_PROVIDER_ROUTES, SIGNED_IN_ROUTES } from '@server/test/account-routes';
import { setupTestApp } from '@server/test/test-app';

type Operation = {
  security?: unknown[];
  parameters: { name: string; in: string; required: boolean }[];
  requestBody?: { content: Record<string, { schema: { properties: Record<string, unknown> } }> };
  responses: Record<string, unknown>;
};
type Document = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, unknown> };
};

async function privateRoute(app: FastifyInstance) {
  defineRoute(app, {
    method: 'PUT',
    url: '/test/things/:thingId',
    summary: 'Updates a thing',
    public: false,
    params: v.object({ thingId: v.string() }),
    body: v.object({ label: v.string() }),
    response: v.object({ ok: v.boolean() }),
    handler: async () => ({ ok: true }),
  });
}

const t = setupTestApp({
  plugins: [async (app) => app.register(privateRoute, { prefix: '/api/weborder' })],
});

async function openApi(): Promise<Document> {
  const response = await t.app.inject({ method: 'GET', url: '/api/weborder/openapi.json' });
  expect(response.statusCode).toBe(200);
  return response.json();
}

const operations = (doc: Document) =>
  Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ path, method, operation })),
  );

describe('GET /api/weborder/openapi.json', () => {
  it('is OpenAPI 3.1 with a bearer scheme', async () => {
    const doc = await openApi();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.components.securitySchemes).toHaveProperty('bearerAuth');
  });

  it('lists every route the app declared, marking public ones with security: []', async () => {
    const doc = await openApi();
    const listed = operations(doc).map(({ method, path }) => `${method.toUpperCase()} ${path}`);
    expect(listed.sort()).toEqual(
      [
        'GET /api/weborder/health',
        'GET /api/weborder/auth/specialitycategory',
        'GET /api/weborder/auth/specialitylist',
        'GET /api/weborder/auth/speciality',
        'GET /api/weborder/auth/specialityByClientUrl/{clientUrl}',
        'GET /api/weborder/auth/brokerDetails',
        'GET /api/weborder/insured/stateList',
        'GET /api/weborder/insured/paymenttermlist',
        'GET /api/weborder/insured/ilfdlflist/{zipcode}',
        'POST /api/weborder/auth/calculate',
        'POST /api/weborder/auth/ilfdlf',
        'GET /api/weborder/openapi.json',
        'GET /config.json',
        'POST /api/weborder/insured/save',
        'POST /api/weborder/auth/generate-token',
        'POST /api/weborder/refreshtoken',
        'POST /api/weborder/auth/signout',
        'GET /api/weborder/insured/isLogin',
        'POST /api/weborder/auth/forgotpassword',
        'POST /api/weborder/auth/changepassword',
        'POST /api/weborder/auth/updatepassword',
        'GET /api/weborder/auth/googleClientId',
        'POST /api/weborder/auth/signInWithGoogle',
        'GET /api/weborder/questions/list',
        'POST /api/weborder/questions/save/{submissionId}',
        'GET /api/weborder/dataacquisition/questions',
        'POST /api/weborder/dataacquisition/savesubmissionanswers/{id}',
        'GET /api/weborder/dataacquisition/getsubmissionanswers/{id}',
        'PUT /api/weborder/dataacquisition/updatesubmissionanswers/{id}',
        'POST /api/weborder/insured/createsubmission',
        'POST /api/weborder/insured/updaterating',
        'GET /api/weborder/insured/orderdetails',
        'GET /api/weborder/auth/verifycertificate/{code}',
        ...SIGNED_IN_ROUTES,
        ...PAYMENT_PROVIDER_ROUTES,
        'PUT /api/weborder/test/things/{thingId}',
      ].sort(),
    );
    expect(listed).toHaveLength(t.app.apiRoutes.routes.length);
    for (const { path, method, operation } of operations(doc)) {
      const fastifyUrl = path.replace(/\{(\w+)\}/g, ':$1');
      expect(t.app.hasRoute({ method: method.toUpperCase() as 'GET', url: fastifyUrl })).toBe(true);
      // Signed-in only: the test route, isLogin, the insured's account (issue 6), lifecycle, desk and files (issue 7).
      const accountRoute = SIGNED_IN_ROUTES.includes(`${method.toUpperCase()} ${path}`);
      if (path.includes('/test/') || path === '/api/weborder/insured/isLogin' || accountRoute) {
        expect(operation.security).toBeUndefined();
        expect(operation.responses).toHaveProperty('401');
      } else {
        expect(operation.security).toEqual([]);
      }
    }
  });

  it('documents the identity routes’ extra error answers (429 with Retry-After, 409)', async () => {
    const doc = await openApi();
    const signIn = doc.paths['/api/weborder/auth/generate-token']?.post;
    expect(signIn?.security).toEqual([]);
    expect(Object.keys(signIn?.responses ?? {})).toEqual(expect.arrayContaining(['200', '400', '401', '429']));
    expect(doc.paths['/api/weborder/insured/save']?.post?.responses).toHaveProperty('409');
    expect(doc.paths['/api/weborder/insured/save']?.post?.responses).toHaveProperty('201');
    expect(doc.paths['/api/weborder/auth/forgotpassword']?.post?.responses).toHaveProperty('202');
  });

  it('documents query and path parameters and request bodies', async () => {
    const doc = await openApi();
    expect(doc.paths['/api/weborder/auth/speciality']?.get?.parameters).toEqual([
      expect.objectContaining({ name: 'specialityId', in: 'query', required: true }),
    ]);
    expect(doc.paths['/api/weborder/auth/specialitylist']?.get?.parameters).toEqual([
      expect.objectContaining({ name: 'clientUrl', in: 'query', required: false }),
      expect.objectContaining({ name: 'state', in: 'query', required: false }),
    ]);
    expect(doc.paths['/api/weborder/auth/brokerDetails']?.get?.parameters).toEqual([
      expect.objectContaining({ name: 'clientUrl', in: 'query', required: true }),
    ]);
    expect(doc.paths['/api/weborder/auth/specialityByClientUrl/{clientUrl}']?.get?.parameters).toEqual([
      expect.objectContaining({ name: 'clientUrl', in: 'path', required: true }),
    ]);
    expect(doc.paths['/api/weborder/insured/ilfdlflist/{zipcode}']?.get?.parameters).toEqual([
      expect.objectContaining({ name: 'zipcode', in: 'path', required: true }),
    ]);
    const put = doc.paths['/api/weborder/test/things/{thingId}']?.put;
    expect(put?.parameters).toEqual([expect.objectContaining({ name: 'thingId', in: 'path', required: true })]);
    expect(put?.requestBody?.content['application/json']?.schema.properties).toHaveProperty('label');
  });
});
