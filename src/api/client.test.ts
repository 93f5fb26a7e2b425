// @vitest-environment jsdom
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { errorFields, errorStatus, errorText } from '@/api/api-error';
import { configureApi, http, onUnauthorized } from '@/api/client';
import { AUTH_TOKEN_KEY, AUTH_USER_KEY } from '@/api/session-storage-keys';
import { getSpecialityCategories, getSpecialityList } from '@/api/specialities';

/** A real HTTP server on loopback whose answers each test scripts, recording what arrived. */
type Answer = { status: number; body?: unknown; text?: string; headers?: Record<string, string> };
let server: Server;
let script: Answer[] = [];
let received: IncomingMessage[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    received.push(request);
    const answer = script.shift() ?? { status: 200, body: [] };
    if (answer.text !== undefined) {
      response.writeHead(answer.status, { 'content-type': 'text/plain', ...answer.headers }).end(answer.text);
    } else {
      response
        .writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers })
        .end(JSON.stringify(answer.body ?? null));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  configureApi(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});
afterAll(() => new Promise((resolve) => server.close(resolve)));
beforeEach(() => {
  script = [];
  received = [];
  localStorage.clear();
});

describe('the ky wrapper', () => {
  it('calls {apiBase}/api/weborder/ with the stored token as a Bearer header, and none without one', async () => {
    await http().get('auth/specialitylist');
    localStorage.setItem(AUTH_TOKEN_KEY, 'tok-123');
    await http().get('auth/specialitylist');
    expect(received.map((r) => r.url)).toEqual([
      '/api/weborder/auth/specialitylist',
      '/api/weborder/auth/specialitylist',
    ]);
    expect(received[0]!.headers.authorization).toBeUndefined();
    expect(received[1]!.headers.authorization).toBe('Bearer tok-123');
  });

  it('drops the token and signs out on a 401 from an ordinary call', async () => {
    localStorage.setItem(AUTH_TOKEN_KEY, 'expired');
    localStorage.setItem(AUTH_USER_KEY, '{"id":1}');
    let signOuts = 0;
    const stop = onUnauthorized(() => signOuts++);
    script = [{ status: 401, body: { status: 401, message: 'Session expired' } }];
    await expect(http().get('insured/contactlist')).rejects.toThrow('401: Session expired');
    stop();
    expect(localStorage.getItem(AUTH_TOKEN_KEY)).toBeNull();
    expect(localStorage.getItem(AUTH_USER_KEY)).toBeNull();
    expect(signOuts).toBe(1);
  });

  for (const path of ['auth/generate-token', 'auth/signInWithGoogle', 'insured/isLogin', 'auth/forgotpassword']) {
    it(`keeps the session on a 401 from ${path}`, async () => {
      localStorage.setItem(AUTH_TOKEN_KEY, 'kept');
      localStorage.setItem(AUTH_USER_KEY, '{"id":1}');
      let signOuts = 0;
      const stop = onUnauthorized(() => signOuts++);
      script = [{ status: 401, body: { status: 401, message: 'Wrong e-mail or password' } }];
      await expect(http().post(path, { json: {} })).rejects.toThrow('401: Wrong e-mail or password');
      stop();
      expect(localStorage.getItem(AUTH_TOKEN_KEY)).toBe('kept');
      expect(localStorage.getItem(AUTH_USER_KEY)).toBe('{"id":1}');
      expect(signOuts).toBe(0);
    });
  }

  it('builds the error text from the status and the server’s message, keeping the field messages', async () => {
    script = [
      {
        status: 400,
        body: { status: 400, message: 'Invalid query: clientUrl is bad', fields: { clientUrl: 'is bad' } },
      },
    ];
    const error = await getSpecialityList('x').catch((e: unknown) => e);
    expect(errorText(error)).toBe('400: Invalid query: clientUrl is bad');
    expect(errorStatus(error)).toBe(400);
    expect(errorFields(error)).toEqual({ clientUrl: 'is bad' });
  });

  it('falls back to the status text when the body is not the API’s JSON error', async () => {
    script = [{ status: 502, text: '<html>proxy down</html>' }];
    const error = await getSpecialityList().catch((e: unknown) => e);
    expect(errorText(error)).toBe('502: Bad Gateway');
    expect(errorFields(error)).toEqual({});
  });

  it('retries the speciality categories once, and only once', async () => {
    script = [
      { status: 503, body: { status: 503, message: 'busy' } },
      { status: 200, body: [{ id: 1, name: 'A', description: '' }] },
    ];
    expect(await getSpecialityCategories()).toEqual([{ id: 1, name: 'A', description: '' }]);
    expect(received).toHaveLength(2);
    received = [];
    script = [
      { status: 503, body: { status: 503, message: 'busy' } },
      { status: 503, body: { status: 503, message: 'still busy' } },
    ];
    await expect(getSpecialityCategories()).rejects.toThrow('503: still busy');
    expect(received).toHaveLength(2);
  });

  it('caps an hour-long Retry-After: the one retry still comes (within two seconds)', async () => {
    script = [
      { status: 503, body: { status: 503, message: 'come back in an hour' }, headers: { 'retry-after': '3600' } },
      { status: 200, body: [] },
    ];
    expect(await getSpecialityCategories()).toEqual([]);
    expect(received).toHaveLength(2);
  });

  it('does not retry calls outside the retry-once list', async () => {
    script = [{ status: 503, body: { status: 503, message: 'busy' } }];
    await expect(getSpecialityList()).rejects.toThrow('503: busy');
    expect(received).toHaveLength(1);
  });

  it('refuses a response that breaks the wire contract', async () => {
    script = [{ status: 200, body: [{ id: 'one', name: 'A' }] }];
    await expect(getSpecialityCategories()).rejects.toThrow();
  });
});
