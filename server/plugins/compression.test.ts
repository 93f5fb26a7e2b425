/** API answers of 1 KB or more leave compressed as the client accepts; PDFs and small answers as they are. */
import { Readable } from 'node:stream';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { defineRoute } from '@server/http/route';
import { COMPRESSIBLE_TYPES } from '@server/plugins/compression';
import { newInsured, quotedOrder } from '@server/test/account-helpers';
import { setupTestApp } from '@server/test/test-app';

const BIG = 'x'.repeat(3000);
const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(4000, 'stream data ')]);

/** Test routes under the API prefix, as the app's own are. */
async function testRoutes(app: FastifyInstance) {
  defineRoute(app, {
    method: 'GET',
    url: '/test/sized/:bytes',
    summary: 'A JSON answer of about this many bytes',
    public: true,
    params: v.object({ bytes: v.pipe(v.string(), v.transform(Number)) }),
    response: v.object({ text: v.string() }),
    handler: async ({ params }) => ({ text: 'x'.repeat(params.bytes) }),
  });
  defineRoute(app, {
    method: 'GET',
    url: '/test/streamed.pdf',
    summary: 'A PDF streamed as a download',
    public: true,
    response: v.unknown(),
    handler: async ({ reply }) =>
      reply
        .headers({ 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="x.pdf"' })
        .send(Readable.from([PDF])),
  });
}

const t = setupTestApp({ plugins: [async (app) => app.register(testRoutes, { prefix: '/api/weborder' })] });

const get = (url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
  t.app.inject({ method, url, headers: { accept: 'application/json', ...headers } });

describe('API compression', () => {
  it('compresses a JSON answer over 1 KB with brotli, or gzip when that is all the client takes', async () => {
    const br = await get('/api/weborder/test/sized/3000', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(br.rawPayload.length).toBeLessThan(BIG.length);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual({ text: BIG });

    const gzip = await get('/api/weborder/test/sized/3000', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual({ text: BIG });
  });

  it('sends it as it is to a client that asks for no encoding or only ones it does not use', async () => {
    for (const headers of [{}, { 'accept-encoding': 'identity' }, { 'accept-encoding': 'deflate' }] as Record<
      string,
      string
    >[]) {
      const response = await get('/api/weborder/test/sized/3000', headers);
      expect(response.headers['content-encoding'], JSON.stringify(headers)).toBeUndefined();
      expect(response.json()).toEqual({ text: BIG });
    }
  });

  it('leaves answers under 1 KB alone (the threshold), and a real one over it compressed', async () => {
    const small = await get('/api/weborder/test/sized/900', { 'accept-encoding': 'br' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ text: 'x'.repeat(900) });
    const bigEnough = await get('/api/weborder/test/sized/1100', { 'accept-encoding': 'br' });
    expect(bigEnough.headers['content-encoding']).toBe('br');
    const openApi = await get('/api/weborder/openapi.json', { 'accept-encoding': 'br' });
    expect(openApi.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(openApi.rawPayload).toString())).toMatchObject({ openapi: '3.1.0' });
  });

  it("answers HEAD consistently without a body: the plain answer's length, no encoding claimed", async () => {
    const head = await get('/api/weborder/test/sized/3000', { 'accept-encoding': 'br' }, 'HEAD');
    const plain = await get('/api/weborder/test/sized/3000');
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    // Fastify empties a HEAD answer before compression sees it: it describes the plain form.
    expect(head.headers['content-encoding']).toBeUndefined();
    expect(head.headers['content-length']).toBe(String(plain.rawPayload.length));
  });

  it('sends not-found answers (from the handler, not a route) as they are, whatever their size', async () => {
    const response = await get(`/api/weborder/nothing/${'y'.repeat(1500)}`, { 'accept-encoding': 'br' });
    expect(response.statusCode).toBe(404);
    // Not-found answers come from the not-found handler, not a route: sent as they are.
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json()).toMatchObject({ status: 404 });
  });

  it('sends a streamed PDF download as it is, whole', async () => {
    const response = await get('/api/weborder/test/streamed.pdf', { 'accept-encoding': 'br, gzip' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.rawPayload).toEqual(PDF);
  });

  it('sends a real document download (the order summary) as an uncompressed PDF', async () => {
    const insured = await newInsured(() => t.app);
    const order = await quotedOrder(() => t.app, insured);
    const response = await insured.call(
      'POST',
      'documents/downloadordersummary',
      { submissionid: order.submissionId },
      { headers: { 'accept-encoding': 'br, gzip' } },
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
  });

  it('counts JSON, text and XML as compressible, and PDFs, images and octet streams not', () => {
    for (const type of [
      'application/json',
      'application/json; charset=utf-8',
      'application/problem+json',
      'text/csv; charset=utf-8',
      'image/svg+xml',
    ]) {
      expect(COMPRESSIBLE_TYPES.test(type), type).toBe(true);
    }
    for (const type of [
      'application/pdf',
      'image/png',
      'application/octet-stream',
      'text/event-stream',
      'application/jsonx',
    ]) {
      expect(COMPRESSIBLE_TYPES.test(type), type).toBe(false);
    }
  });
});
