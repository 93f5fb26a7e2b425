// @vitest-environment jsdom
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { brokerLogoDataUrl, getBrokerDetails } from '@/api/brokers';
import { configureApi } from '@/api/client';
import type { BrokerDetails } from '@shared/contract/brokers';
import { getSpecialitiesByClientUrl } from '@/api/specialities';

const details: BrokerDetails = {
  name: 'Harbor Risk Partners',
  brokerAbbrivation: 'HRP',
  brokerProfile: 'iVBORw0KGgo=',
  brokerProfileType: 'image/png',
  brokerspecialities: [{ id: 1, speiclaityRandomCode: 'TSACBHV2' }],
};

describe('brokerLogoDataUrl', () => {
  it('builds a data URL from the logo and its type', () => {
    expect(brokerLogoDataUrl({ ...details, brokerProfileType: 'image/svg+xml' })).toBe(
      'data:image/svg+xml;base64,iVBORw0KGgo=',
    );
  });

  it('takes a logo without a type for a PNG', () => {
    expect(brokerLogoDataUrl({ ...details, brokerProfileType: null })).toBe('data:image/png;base64,iVBORw0KGgo=');
  });

  it('gives nothing for a broker without a logo', () => {
    expect(brokerLogoDataUrl({ ...details, brokerProfile: null })).toBeUndefined();
    expect(brokerLogoDataUrl({ ...details, brokerProfile: '' })).toBeUndefined();
  });
});

/** A loopback server answering each call with `answer`, recording the paths asked for. */
let server: Server;
let answer: unknown = null;
let received: IncomingMessage[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    received.push(request);
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  configureApi(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});
afterAll(() => new Promise((resolve) => server.close(resolve)));
beforeEach(() => {
  answer = null;
  received = [];
});

describe('the branded site’s calls', () => {
  it('getBrokerDetails asks auth/brokerDetails?clientUrl and parses the answer', async () => {
    answer = details;
    await expect(getBrokerDetails('Harbor-Risk')).resolves.toEqual(details);
    expect(received.map((r) => r.url)).toEqual(['/api/weborder/auth/brokerDetails?clientUrl=Harbor-Risk']);
  });

  it('getBrokerDetails refuses an answer that breaks the contract', async () => {
    answer = { ...details, brokerAbbrivation: undefined };
    await expect(getBrokerDetails('harbor-risk')).rejects.toThrow();
  });

  it('getSpecialitiesByClientUrl puts the client URL in the path, encoded', async () => {
    answer = [];
    await expect(getSpecialitiesByClientUrl('harbor-risk')).resolves.toEqual([]);
    await getSpecialitiesByClientUrl('a/b c');
    expect(received.map((r) => r.url)).toEqual([
      '/api/weborder/auth/specialityByClientUrl/harbor-risk',
      '/api/weborder/auth/specialityByClientUrl/a%2Fb%20c',
    ]);
  });
});
