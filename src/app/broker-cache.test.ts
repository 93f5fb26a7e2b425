import { HTTPError } from 'ky';
import { describe, expect, it, vi } from 'vitest';
import type { BrokerDetails } from '@shared/contract/brokers';
import { createBrokerCache } from '@/app/broker-cache';

const harbor: BrokerDetails = {
  name: 'Harbor Risk Partners',
  brokerAbbrivation: 'HRP',
  brokerProfile: 'iVBORw0KGgo=',
  brokerProfileType: 'image/png',
  brokerspecialities: [
    { id: 101, speiclaityRandomCode: 'TSACBHV2' },
    { id: 102, speiclaityRandomCode: 'Q9LY88FH' },
  ],
};

function httpError(status: number, fields?: Record<string, string>): HTTPError {
  const error = new HTTPError(
    new Response('{}', { status }),
    new Request('http://localhost/api/weborder/auth/brokerDetails'),
    {} as never,
  );
  return fields ? Object.assign(error, { fields }) : error;
}

/** A server whose answers the test gives one by one; every request is recorded. */
function fakeServer() {
  const asked: string[] = [];
  const waiting: Array<{ resolve: (details: BrokerDetails) => void; reject: (error: unknown) => void }> = [];
  const fetchDetails = vi.fn((clientUrl: string) => {
    asked.push(clientUrl);
    return new Promise<BrokerDetails>((resolve, reject) => waiting.push({ resolve, reject }));
  });
  return { asked, waiting, fetchDetails };
}

describe('createBrokerCache', () => {
  it('sends one request for concurrent loads of one client id, whatever its case', async () => {
    const server = fakeServer();
    const cache = createBrokerCache(server.fetchDetails);
    const loads = [cache.load('harbor-risk'), cache.load('Harbor-Risk'), cache.load('HARBOR-RISK')];
    expect(server.asked).toEqual(['harbor-risk']);
    expect(cache.peek('harbor-risk')).toBeUndefined();
    server.waiting[0]!.resolve(harbor);
    const lookups = await Promise.all(loads);
    for (const lookup of lookups) expect(lookup).toEqual({ status: 'found', details: harbor });
    expect(server.asked).toEqual(['harbor-risk']);
  });

  it('asks separately for different client ids', async () => {
    const server = fakeServer();
    const cache = createBrokerCache(server.fetchDetails);
    const first = cache.load('harbor-risk');
    const second = cache.load('lakeside-brokers');
    expect(server.asked).toEqual(['harbor-risk', 'lakeside-brokers']);
    server.waiting[1]!.reject(httpError(404));
    server.waiting[0]!.resolve(harbor);
    expect(await first).toEqual({ status: 'found', details: harbor });
    expect(await second).toEqual({ status: 'unknown' });
  });

  it('keeps a found broker: later loads and peeks of any case do not ask again', async () => {
    const server = fakeServer();
    const cache = createBrokerCache(server.fetchDetails);
    const load = cache.load('harbor-risk');
    server.waiting[0]!.resolve(harbor);
    await load;
    expect(cache.peek('HARBOR-risk')).toEqual({ status: 'found', details: harbor });
    expect(await cache.load('Harbor-Risk')).toEqual({ status: 'found', details: harbor });
    expect(server.asked).toHaveLength(1);
  });

  it('keeps an unknown client id (404) as unknown, without asking again', async () => {
    const server = fakeServer();
    const cache = createBrokerCache(server.fetchDetails);
    const load = cache.load('nobody');
    server.waiting[0]!.reject(httpError(404));
    expect(await load).toEqual({ status: 'unknown' });
    expect(cache.peek('NOBODY')).toEqual({ status: 'unknown' });
    expect(await cache.load('nobody')).toEqual({ status: 'unknown' });
    expect(server.asked).toEqual(['nobody']);
  });

  it('takes a 400 on the clientUrl field for an unknown client id', async () => {
    const server = fakeServer();
    const cache = createBrokerCache(server.fetchDetails);
    const load = cache.load('no_body');
    server.waiting[0]!.reject(httpError(400, { clientUrl: 'may hold only letters, digits and hyphens' }));
    expect(await load).toEqual({ status: 'unknown' });
    expect(cache.peek('no_body')).toEqual({ status: 'unknown' });
  });

  for (const [label, error] of [
    ['a 400 on another field', httpError(400, { page: 'is bad' })],
    ['a 400 with no fields', httpError(400)],
    ['a 500', httpError(500)],
    ['a 503', httpError(503, {})],
    ['no connection', new TypeError('Failed to fetch')],
  ] as const) {
    it(`rejects on ${label} and does not cache it: the next load asks again`, async () => {
      const server = fakeServer();
      const cache = createBrokerCache(server.fetchDetails);
      const listener = vi.fn();
      cache.subscribe(listener);
      const load = cache.load('harbor-risk');
      server.waiting[0]!.reject(error);
      await expect(load).rejects.toBe(error);
      expect(cache.peek('harbor-risk')).toBeUndefined();
      expect(listener).not.toHaveBeenCalled();

      const again = cache.load('harbor-risk');
      expect(server.asked).toEqual(['harbor-risk', 'harbor-risk']);
      server.waiting[1]!.resolve(harbor);
      expect(await again).toEqual({ status: 'found', details: harbor });
      expect(listener).toHaveBeenCalledTimes(1);
    });
  }

  it('shares a failure among concurrent loads, then asks afresh', async () => {
    const server = fakeServer();
    const cache = createBrokerCache(server.fetchDetails);
    const error = new TypeError('Failed to fetch');
    const loads = [cache.load('harbor-risk'), cache.load('HARBOR-RISK')];
    server.waiting[0]!.reject(error);
    for (const load of loads) await expect(load).rejects.toBe(error);
    void cache.load('harbor-risk');
    expect(server.asked).toEqual(['harbor-risk', 'harbor-risk']);
  });

  it('tells listeners once per lookup that lands, after it is in the cache; unsubscribed ones hear nothing', async () => {
    const server = fakeServer();
    const cache = createBrokerCache(server.fetchDetails);
    const seen: unknown[] = [];
    const listener = vi.fn(() => seen.push(cache.peek('harbor-risk')));
    const other = vi.fn();
    const stop = cache.subscribe(listener);
    const stopOther = cache.subscribe(other);

    const load = cache.load('harbor-risk');
    void cache.load('Harbor-Risk');
    expect(listener).not.toHaveBeenCalled();
    server.waiting[0]!.resolve(harbor);
    await load;
    expect(listener).toHaveBeenCalledTimes(1);
    expect(seen).toEqual([{ status: 'found', details: harbor }]);
    expect(other).toHaveBeenCalledTimes(1);

    // A cached load settles nothing new.
    await cache.load('harbor-risk');
    expect(listener).toHaveBeenCalledTimes(1);

    stop();
    const unknown = cache.load('nobody');
    server.waiting[1]!.reject(httpError(404));
    await unknown;
    expect(listener).toHaveBeenCalledTimes(1);
    expect(other).toHaveBeenCalledTimes(2);

    stopOther();
    const third = cache.load('lakeside-brokers');
    server.waiting[2]!.resolve({ ...harbor, name: 'Lakeside Insurance Brokers' });
    await third;
    expect(other).toHaveBeenCalledTimes(2);
  });

  it('asks the server with the client id as first given', () => {
    const server = fakeServer();
    const cache = createBrokerCache(server.fetchDetails);
    void cache.load('Harbor-Risk');
    expect(server.fetchDetails).toHaveBeenCalledWith('Harbor-Risk');
  });
});
