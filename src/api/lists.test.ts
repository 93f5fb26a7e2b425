// @vitest-environment jsdom
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { errorFields } from '@/api/api-error';
import { configureApi } from '@/api/client';
import type { IlfDlfList } from '@shared/contract/lists';
import { getIlfDlfList, getPaymentTerms, getStateList } from '@/api/lists';

/** A loopback server answering from a script, recording what arrived. */
type Answer = { status: number; body: unknown };
let server: Server;
let script: Answer[] = [];
let received: IncomingMessage[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    received.push(request);
    const answer = script.shift() ?? { status: 200, body: [] };
    response.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  configureApi(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});
afterAll(() => new Promise((resolve) => server.close(resolve)));
beforeEach(() => {
  script = [];
  received = [];
});

const busy = { status: 503, body: { status: 503, message: 'busy' } };

describe('the quote lists’ calls', () => {
  it('getStateList asks insured/stateList and retries it once (specification §9)', async () => {
    const states = [{ code: 'TX', name: 'Texas', offered: true }];
    script = [busy, { status: 200, body: states }];
    await expect(getStateList()).resolves.toEqual(states);
    expect(received.map((r) => r.url)).toEqual(['/api/weborder/insured/stateList', '/api/weborder/insured/stateList']);
  });

  it('getPaymentTerms asks insured/paymenttermlist, without a retry', async () => {
    script = [busy];
    await expect(getPaymentTerms()).rejects.toThrow('503: busy');
    expect(received.map((r) => r.url)).toEqual(['/api/weborder/insured/paymenttermlist']);
  });

  it('getIlfDlfList puts the ZIP in the path and parses the answer', async () => {
    const list: IlfDlfList = {
      zipcode: '43215',
      stateCode: 'OH',
      stateName: 'Ohio',
      county: 'Franklin',
      offered: false,
      limits: [],
      deductibles: [],
    };
    script = [{ status: 200, body: list }];
    await expect(getIlfDlfList('43215-0001')).resolves.toEqual(list);
    expect(received.map((r) => r.url)).toEqual(['/api/weborder/insured/ilfdlflist/43215-0001']);
  });

  it('getIlfDlfList hands on the 400 naming zipcode', async () => {
    script = [
      { status: 400, body: { status: 400, message: 'no such ZIP', fields: { zipcode: 'is not a known US ZIP code' } } },
    ];
    const error = await getIlfDlfList('00000').catch((e: unknown) => e);
    expect(errorFields(error)).toEqual({ zipcode: 'is not a known US ZIP code' });
    expect(received.map((r) => r.url)).toEqual(['/api/weborder/insured/ilfdlflist/00000']);
  });

  it('refuses an answer that breaks the wire contract', async () => {
    script = [{ status: 200, body: [{ code: 'TX', name: 'Texas' }] }];
    await expect(getStateList()).rejects.toThrow();
  });
});
