import { HTTPError } from 'ky';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import type { AdminBroker, BrokerRequest, ClientUrlCheck } from '@shared/contract/admin-brokers';
import type { Speciality } from '@shared/contract/specialities';
import { adminBrokersMachine, CLIENT_URL_CHECK_DELAY_MS, type BrokerDraft } from '@/machines/admin-brokers.machine';

const broker = (id: number, overrides: Partial<AdminBroker> = {}): AdminBroker => ({
  id,
  name: `Broker ${id}`,
  abbreviation: `B${id}`,
  clientUrl: `broker-${id}`,
  active: true,
  logo: null,
  specialities: [{ id: 1, name: 'Dentists', code: 'ABCDEFGH', active: true }],
  orders: 2,
  ...overrides,
});
const dentists = { id: 1, name: 'Dentists' } as Speciality;
const values: BrokerRequest = { name: 'Bayview', abbreviation: 'BV', clientUrl: 'bayview', specialityIds: [1] };
const logoFile = new File([new Uint8Array([0x89, 0x50])], 'logo.png', { type: 'image/png' });

function httpError(status: number, fields: Record<string, string> = {}): HTTPError {
  const error = new HTTPError(
    new Response('{}', { status }),
    new Request('http://localhost/api/weborder/admin/brokers'),
    {} as never,
  );
  error.message = `${status}: Refused`;
  return Object.assign(error, { fields });
}

type Call<I, O> = { input: I; resolve: (value: O) => void; reject: (error: unknown) => void };

function harness() {
  const calls = {
    load: [] as Call<unknown, { brokers: AdminBroker[]; specialities: Speciality[] }>[],
    reload: [] as Call<unknown, AdminBroker[]>[],
    check: [] as Call<{ value: string; brokerId: number | undefined }, ClientUrlCheck>[],
    save: [] as Call<{ id: number | undefined; values: BrokerRequest }, AdminBroker>[],
    logo: [] as Call<{ id: number; logo: File | 'remove' }, AdminBroker>[],
    active: [] as Call<{ id: number; active: boolean }, AdminBroker>[],
  };
  const pending =
    <I, O>(list: Call<I, O>[]) =>
    ({ input }: { input: I }) =>
      new Promise<O>((resolve, reject) => list.push({ input, resolve, reject }));
  const actor = createActor(
    adminBrokersMachine.provide({
      actors: {
        loadBrokers: fromPromise(pending(calls.load)),
        reloadBrokers: fromPromise(pending(calls.reload)),
        checkClientUrl: fromPromise(pending(calls.check)),
        saveBroker: fromPromise(pending(calls.save)),
        saveLogo: fromPromise(pending(calls.logo)),
        switchActive: fromPromise(pending(calls.active)),
      },
    }),
  ).start();
  const settle = () => vi.advanceTimersByTimeAsync(0);
  return {
    actor,
    calls,
    settle,
    state: () => actor.getSnapshot(),
    async loaded(brokers = [broker(1), broker(2, { active: false })]) {
      calls.load.at(-1)!.resolve({ brokers, specialities: [dentists] });
      await settle();
    },
  };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('adminBrokersMachine', () => {
  it('loads brokers and specialities, and offers a retry when that fails', async () => {
    const h = harness();
    h.calls.load[0]!.reject(new TypeError('offline'));
    await h.settle();
    expect(h.state().value).toBe('loadFailed');
    expect(h.state().context.errorMessage).toContain('could not be reached');
    h.actor.send({ type: 'brokers.retry' });
    await h.loaded();
    expect(h.state().value).toBe('list');
    expect(h.state().context.brokers.map((entry) => entry.id)).toEqual([1, 2]);
    expect(h.state().context.specialities).toEqual([dentists]);
  });

  it('checks a well-formed client URL once typing pauses, never a malformed one, and ignores an answer for what is no longer typed', async () => {
    const h = harness();
    await h.loaded();
    h.actor.send({ type: 'broker.add' });
    h.actor.send({ type: 'clientUrl.change', value: 'bay', wellFormed: true });
    await vi.advanceTimersByTimeAsync(CLIENT_URL_CHECK_DELAY_MS - 50);
    h.actor.send({ type: 'clientUrl.change', value: 'Bayview', wellFormed: true });
    await vi.advanceTimersByTimeAsync(CLIENT_URL_CHECK_DELAY_MS - 50);
    expect(h.calls.check).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(50);
    expect(h.calls.check.map((call) => call.input)).toEqual([{ value: 'Bayview', brokerId: undefined }]);
    h.calls.check[0]!.resolve({ clientUrl: 'bayview', available: false, takenBy: 'Bayview Risk' });
    await h.settle();
    expect(h.state().context.clientUrl.check).toEqual({
      clientUrl: 'bayview',
      available: false,
      takenBy: 'Bayview Risk',
    });

    h.actor.send({ type: 'clientUrl.change', value: 'bay view', wellFormed: false });
    await vi.advanceTimersByTimeAsync(CLIENT_URL_CHECK_DELAY_MS * 2);
    expect(h.calls.check).toHaveLength(1);
    expect(h.state().context.clientUrl).toEqual({ value: 'bay view', check: undefined });

    h.actor.send({ type: 'clientUrl.change', value: 'bayview-2', wellFormed: true });
    await vi.advanceTimersByTimeAsync(CLIENT_URL_CHECK_DELAY_MS);
    h.actor.send({ type: 'clientUrl.change', value: 'bayview-3', wellFormed: true });
    h.calls.check[1]!.resolve({ clientUrl: 'bayview-2', available: true, takenBy: null });
    await h.settle();
    expect(h.state().context.clientUrl.check).toBeUndefined();
  });

  it('an edit checks the client URL as the broker’s own', async () => {
    const h = harness();
    await h.loaded();
    h.actor.send({ type: 'broker.edit', id: 1 });
    expect(h.state().context.clientUrl.value).toBe('broker-1');
    h.actor.send({ type: 'clientUrl.change', value: 'broker-one', wellFormed: true });
    await vi.advanceTimersByTimeAsync(CLIENT_URL_CHECK_DELAY_MS);
    expect(h.calls.check[0]!.input).toEqual({ value: 'broker-one', brokerId: 1 });
  });

  it('creates, then uploads the logo, then reloads and says so', async () => {
    const h = harness();
    await h.loaded();
    h.actor.send({ type: 'broker.add' });
    const draft: BrokerDraft = { values, logo: logoFile };
    h.actor.send({ type: 'editor.save', draft });
    expect(h.calls.save[0]!.input).toEqual({ id: undefined, values });
    h.calls.save[0]!.resolve(broker(7, { name: 'Bayview' }));
    await h.settle();
    expect(h.calls.logo[0]!.input).toEqual({ id: 7, logo: logoFile });
    h.calls.logo[0]!.resolve(broker(7, { name: 'Bayview' }));
    await h.settle();
    expect(h.state().value).toBe('refreshing');
    h.calls.reload[0]!.resolve([broker(1), broker(7, { name: 'Bayview' })]);
    await h.settle();
    expect(h.state().value).toBe('list');
    expect(h.state().context.lastChange).toEqual({ kind: 'created', name: 'Bayview' });
    expect(h.state().context.editing).toBeNull();
  });

  it('a refused logo keeps the saved broker in the form as an edit, so saving again updates instead of creating twice', async () => {
    const h = harness();
    await h.loaded();
    h.actor.send({ type: 'broker.add' });
    h.actor.send({ type: 'editor.save', draft: { values, logo: logoFile } });
    h.calls.save[0]!.resolve(broker(7));
    await h.settle();
    h.calls.logo[0]!.reject(httpError(415, { logo: 'must be a PNG or JPEG image (this is an SVG drawing)' }));
    await h.settle();
    expect(h.state().matches({ editor: 'form' })).toBe(true);
    expect(h.state().context.fieldErrors).toEqual({ logo: 'must be a PNG or JPEG image (this is an SVG drawing)' });
    expect(h.state().context.errorMessage).toContain('saved, but not its logo');
    h.actor.send({ type: 'editor.save', draft: { values, logo: undefined } });
    expect(h.calls.save[1]!.input.id).toBe(7);
    h.calls.save[1]!.resolve(broker(7));
    await h.settle();
    expect(h.calls.logo).toHaveLength(1);
    expect(h.state().value).toBe('refreshing');
  });

  it('a refused save stays in the form with the server’s field messages; cancel closes it', async () => {
    const h = harness();
    await h.loaded();
    h.actor.send({ type: 'broker.edit', id: 1 });
    h.actor.send({ type: 'editor.save', draft: { values, logo: 'remove' } });
    h.calls.save[0]!.reject(httpError(409, { clientUrl: 'is already Summit’s' }));
    await h.settle();
    expect(h.state().matches({ editor: 'form' })).toBe(true);
    expect(h.state().context.fieldErrors).toEqual({ clientUrl: 'is already Summit’s' });
    expect(h.calls.logo).toHaveLength(0);
    h.actor.send({ type: 'editor.cancel' });
    expect(h.state().value).toBe('list');
    expect(h.state().context.errorMessage).toBeUndefined();
  });

  it('closing a storefront asks first; reopening does not; a failure is said by the list', async () => {
    const h = harness();
    await h.loaded();
    h.actor.send({ type: 'broker.deactivate', id: 1 });
    expect(h.state().value).toBe('confirmingDeactivate');
    h.actor.send({ type: 'deactivate.cancel' });
    expect(h.state().value).toBe('list');
    expect(h.calls.active).toHaveLength(0);
    h.actor.send({ type: 'broker.deactivate', id: 1 });
    h.actor.send({ type: 'deactivate.confirm' });
    expect(h.calls.active[0]!.input).toEqual({ id: 1, active: false });
    h.calls.active[0]!.resolve(broker(1, { active: false }));
    await h.settle();
    h.calls.reload[0]!.resolve([broker(1, { active: false })]);
    await h.settle();
    expect(h.state().context.lastChange).toEqual({ kind: 'deactivated', name: 'Broker 1' });

    h.actor.send({ type: 'broker.reactivate', id: 1 });
    expect(h.calls.active[1]!.input).toEqual({ id: 1, active: true });
    h.calls.active[1]!.reject(httpError(503));
    await h.settle();
    expect(h.state().value).toBe('list');
    expect(h.state().context.errorMessage).toBe('503: Refused');
    h.actor.send({ type: 'broker.edit', id: 99 });
    expect(h.state().value).toBe('list');
  });

  it('reaches every state by a shortest path', () => {
    const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output });
    const failed = (id: string) => ({ type: `xstate.error.actor.${id}`, error: httpError(400, { logo: 'is empty' }) });
    const paths = getShortestPaths(adminBrokersMachine, {
      events: [
        done('loadBrokers', { brokers: [broker(1), broker(2, { active: false })], specialities: [dentists] }),
        failed('loadBrokers'),
        { type: 'brokers.retry' },
        { type: 'broker.add' },
        { type: 'broker.deactivate', id: 1 },
        { type: 'broker.reactivate', id: 2 },
        { type: 'clientUrl.change', value: 'x', wellFormed: true },
        { type: 'editor.save', draft: { values, logo: logoFile } },
        done('saveBroker', broker(7)),
        { type: 'deactivate.cancel' },
      ] as never,
    });
    const reached = new Set(paths.map((path) => JSON.stringify(path.state.value)));
    expect(reached).toEqual(
      new Set([
        '"loading"',
        '"loadFailed"',
        '"list"',
        '"refreshing"',
        '"confirmingDeactivate"',
        '"switching"',
        '{"editor":{"form":{"clientUrl":"idle"}}}',
        '{"editor":{"form":{"clientUrl":"waiting"}}}',
        '{"editor":"saving"}',
        '{"editor":"savingLogo"}',
      ]),
    );
  });
});
