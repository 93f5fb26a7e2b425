/**
 * The notice-driven cache on its own (no database): what it keeps, what a notice or a lost
 * connection takes away, and that a value read before a change is never kept after its notice.
 */
import { describe, expect, it } from 'vitest';
import { ChangeNotices, NoticedCache, parseNotice } from '@server/db/change-notices';

function liveBus() {
  const bus = new ChangeNotices();
  bus.handlers.connected(true);
  return bus;
}

/** A load the test finishes when it chooses. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

describe('parseNotice', () => {
  it('reads what the triggers send and ignores anything else', () => {
    expect(parseNotice('catalogue')).toEqual({ kind: 'catalogue' });
    expect(parseNotice('sessions:42')).toEqual({ kind: 'sessions', userId: 42 });
    for (const other of [undefined, '', 'sessions:', 'sessions:x', 'catalogue ', 'sessions:1:2', 'rating']) {
      expect(parseNotice(other)).toBeUndefined();
    }
  });
});

describe('NoticedCache', () => {
  it('loads once, shares a load in flight, and answers later reads from memory', async () => {
    const cache = new NoticedCache<number>({ bus: liveBus(), kind: 'catalogue', maxEntries: 10 });
    let loads = 0;
    const load = async () => ++loads;
    const [a, b] = await Promise.all([cache.get('k', load), cache.get('k', load)]);
    expect([a, b, await cache.get('k', load)]).toEqual([1, 1, 1]);
    expect(loads).toBe(1);
    expect(cache.stats).toEqual({ hits: 2, loads: 1 });
  });

  it('forgets everything on its notice, and nothing on another kind', async () => {
    const bus = liveBus();
    const cache = new NoticedCache<number>({ bus, kind: 'catalogue', maxEntries: 10 });
    let loads = 0;
    const load = async () => ++loads;
    await cache.get('k', load);
    bus.handlers.notice({ kind: 'sessions', userId: 1 });
    expect(await cache.get('k', load)).toBe(1);
    bus.handlers.notice({ kind: 'catalogue' });
    expect(await cache.get('k', load)).toBe(2);
  });

  it('never keeps a value whose load began before the notice', async () => {
    const bus = liveBus();
    const cache = new NoticedCache<string>({ bus, kind: 'catalogue', maxEntries: 10 });
    const before = deferred<string>();
    const stale = cache.get('k', () => before.promise);
    // The change commits and is announced while the old value is still on its way.
    bus.handlers.notice({ kind: 'catalogue' });
    before.resolve('old');
    expect(await stale).toBe('old');
    expect(await cache.get('k', async () => 'new')).toBe('new');
  });

  it('evicts one user’s sessions on a sessions notice, and keeps the others’', async () => {
    const bus = liveBus();
    const cache = new NoticedCache<string>({ bus, kind: 'sessions', maxEntries: 10 });
    await cache.get('1:a', async () => 'one-a', { group: 1 });
    await cache.get('1:b', async () => 'one-b', { group: 1 });
    await cache.get('2:a', async () => 'two-a', { group: 2 });
    bus.handlers.notice({ kind: 'sessions', userId: 1 });
    expect(await cache.get('1:a', async () => 'one-a again', { group: 1 })).toBe('one-a again');
    expect(await cache.get('1:b', async () => 'one-b again', { group: 1 })).toBe('one-b again');
    expect(await cache.get('2:a', async () => 'two-a again', { group: 2 })).toBe('two-a');
    bus.handlers.notice({ kind: 'catalogue' });
    expect(cache.size).toBe(3);
  });

  it('answers from the database and keeps nothing while notices cannot be heard; starts afresh once they can', async () => {
    const bus = liveBus();
    const cache = new NoticedCache<number>({ bus, kind: 'catalogue', maxEntries: 10 });
    let loads = 0;
    const load = async () => ++loads;
    await cache.get('k', load);
    bus.handlers.connected(false);
    expect(bus.live).toBe(false);
    expect(await cache.get('k', load)).toBe(2);
    expect(await cache.get('k', load)).toBe(3);
    expect(cache.size).toBe(0);
    bus.handlers.connected(true);
    expect(await cache.get('k', load)).toBe(4);
    expect(await cache.get('k', load)).toBe(4);
  });

  it('clears what was loading when the connection drops, even if the load ends after it is back', async () => {
    const bus = liveBus();
    const cache = new NoticedCache<string>({ bus, kind: 'catalogue', maxEntries: 10 });
    const slow = deferred<string>();
    const pending = cache.get('k', () => slow.promise);
    bus.handlers.connected(false);
    bus.handlers.connected(true);
    slow.resolve('read while nobody listened');
    await pending;
    expect(await cache.get('k', async () => 'fresh')).toBe('fresh');
  });

  it('keeps neither failures nor what `keep` refuses', async () => {
    const cache = new NoticedCache<number | null>({ bus: liveBus(), kind: 'catalogue', maxEntries: 10 });
    await expect(cache.get('k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('k', async () => null, { keep: (value) => value !== null })).toBeNull();
    expect(await cache.get('k', async () => 7, { keep: (value) => value !== null })).toBe(7);
    expect(await cache.get('k', async () => 8)).toBe(7);
  });

  it('stays within its bound, dropping the least recently used', async () => {
    const cache = new NoticedCache<string>({ bus: liveBus(), kind: 'sessions', maxEntries: 2 });
    await cache.get('a', async () => 'a', { group: 1 });
    await cache.get('b', async () => 'b', { group: 2 });
    await cache.get('a', async () => 'a again');
    await cache.get('c', async () => 'c', { group: 3 });
    expect(cache.size).toBe(2);
    expect(await cache.get('a', async () => 'a reloaded')).toBe('a');
    expect(await cache.get('b', async () => 'b reloaded')).toBe('b reloaded');
  });
});
