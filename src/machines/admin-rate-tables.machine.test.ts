import { HTTPError } from 'ky';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import type { RateTableKey } from '@/api/admin-rate-tables';
import type { NewRateTableVersion, RateTableVersion } from '@shared/contract/admin-rate-tables';
import type { UsState } from '@shared/contract/lists';
import type { Speciality } from '@shared/contract/specialities';
import { adminRateTablesMachine } from '@/machines/admin-rate-tables.machine';

const version = (n: number): RateTableVersion => ({
  id: n,
  version: n,
  active: true,
  createdAt: '2026-11-24T08:00:00.000Z',
  createdBy: null,
  basePremiumCents: 100_000 * n,
  minPremiumCents: 50_000,
  policyFeeCents: 7_500,
  taxRateBps: 485,
  feeRateBps: 18,
  erpPercentBps: { '1': 10_000, '2': 16_000, '3': 19_000 },
  factors: {},
  quotes: 0,
});
const texas: RateTableKey = { specialityId: 101, stateCode: 'TX' };
const choices: { specialities: Speciality[]; states: UsState[] } = { specialities: [], states: [] };

function httpError(status: number, fields: Record<string, string> = {}): HTTPError {
  const error = new HTTPError(
    new Response('{}', { status }),
    new Request('http://localhost/api/weborder/admin/ratetables'),
    {} as never,
  );
  error.message = `${status}: Refused`;
  return Object.assign(error, { fields });
}

type Call<I, O> = { input: I; resolve: (value: O) => void; reject: (error: unknown) => void };
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function harness(selection: RateTableKey | undefined) {
  const calls = {
    choices: [] as Call<unknown, typeof choices>[],
    versions: [] as Call<RateTableKey, RateTableVersion[]>[],
    save: [] as Call<NewRateTableVersion, RateTableVersion>[],
    import: [] as Call<RateTableKey & { basedOnVersion: number; csv: string }, RateTableVersion>[],
    export: [] as Call<RateTableKey & { version: number }, { blob: Blob; filename: string }>[],
  };
  const shown: RateTableKey[] = [];
  const saved: string[] = [];
  const pending =
    <I, O>(list: Call<I, O>[]) =>
    ({ input }: { input: I }) =>
      new Promise<O>((resolve, reject) => list.push({ input, resolve, reject }));
  const actor = createActor(
    adminRateTablesMachine.provide({
      actors: {
        loadChoices: fromPromise(pending(calls.choices)),
        loadVersions: fromPromise(pending(calls.versions)),
        saveRates: fromPromise(pending(calls.save)),
        importCsv: fromPromise(pending(calls.import)),
        exportCsv: fromPromise(pending(calls.export)),
      },
      actions: {
        showSelection: (_, chosen: RateTableKey) => void shown.push(chosen),
        saveFile: (_, file: { blob: Blob; filename: string }) => void saved.push(file.filename),
      },
    }),
    { input: { selection } },
  ).start();
  return { actor, calls, shown, saved, state: () => actor.getSnapshot() };
}

describe('adminRateTablesMachine', () => {
  it('waits for a choice, puts it in the address, and loads that table', async () => {
    const h = harness(undefined);
    h.calls.choices[0]!.resolve(choices);
    await settle();
    expect(h.state().value).toEqual({ main: 'choosing' });
    h.actor.send({ type: 'tables.select', selection: texas });
    expect(h.shown).toEqual([texas]);
    expect(h.calls.versions.map((call) => call.input)).toEqual([texas]);
    h.calls.versions[0]!.resolve([version(2), version(1)]);
    await settle();
    expect(h.state().value).toEqual({ main: 'ready' });
    // The address following the choice changes nothing more.
    h.actor.send({ type: 'tables.sync', selection: { ...texas } });
    expect(h.calls.versions).toHaveLength(1);
  });

  it('saves prices from the version in force, reloads, and says a new version is in force', async () => {
    const h = harness(texas);
    h.calls.choices[0]!.resolve(choices);
    await settle();
    h.calls.versions[0]!.resolve([version(2), version(1)]);
    await settle();
    h.actor.send({ type: 'rates.save', change: { basePremiumCents: 250_000 } });
    expect(h.calls.save[0]!.input).toEqual({
      basePremiumCents: 250_000,
      specialityId: 101,
      stateCode: 'TX',
      basedOnVersion: 2,
    });
    h.calls.save[0]!.resolve(version(3));
    await settle();
    expect(h.state().context.lastChange).toEqual({ kind: 'saved', version: 3 });
    h.calls.versions[1]!.resolve([version(3), version(2), version(1)]);
    await settle();
    expect(h.state().value).toEqual({ main: 'ready' });
    // A save that changed nothing answers the version in force.
    h.actor.send({ type: 'rates.save', change: { basePremiumCents: 300_000 } });
    h.calls.save[1]!.resolve(version(3));
    await settle();
    expect(h.state().context.lastChange).toEqual({ kind: 'unchanged', version: 3 });
  });

  it('a refused import keeps the table and names every problem; an export hands the file over', async () => {
    const h = harness(texas);
    h.calls.choices[0]!.resolve(choices);
    await settle();
    h.calls.versions[0]!.resolve([version(2)]);
    await settle();
    h.actor.send({ type: 'csv.import', csv: 'kind\r\n' });
    expect(h.calls.import[0]!.input).toEqual({ ...texas, basedOnVersion: 2, csv: 'kind\r\n' });
    h.calls.import[0]!.reject(httpError(400, { 'csv row 5 factor_bps': 'must be a whole number' }));
    await settle();
    expect(h.state().value).toEqual({ main: 'ready' });
    expect(h.state().context.fieldErrors).toEqual({ 'csv row 5 factor_bps': 'must be a whole number' });
    expect(h.state().context.versions).toHaveLength(1);
    h.actor.send({ type: 'csv.export', version: 2 });
    expect(h.state().context.errorMessage).toBeUndefined();
    h.calls.export[0]!.resolve({ blob: new Blob(['x']), filename: 'rates-v2.csv' });
    await settle();
    expect(h.saved).toEqual(['rates-v2.csv']);
    expect(h.state().context.lastChange).toEqual({ kind: 'exported', filename: 'rates-v2.csv' });
  });

  it('nothing to change where no table prices the speciality', async () => {
    const h = harness(texas);
    h.calls.choices[0]!.resolve(choices);
    await settle();
    h.calls.versions[0]!.resolve([]);
    await settle();
    h.actor.send({ type: 'rates.save', change: { basePremiumCents: 1 } });
    h.actor.send({ type: 'csv.import', csv: 'kind' });
    expect(h.calls.save).toHaveLength(0);
    expect(h.calls.import).toHaveLength(0);
  });

  it('reaches every state by a shortest path', () => {
    const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output });
    const failed = (id: string) => ({ type: `xstate.error.actor.${id}`, error: httpError(503) });
    const paths = getShortestPaths(adminRateTablesMachine, {
      input: { selection: undefined },
      events: [
        done('loadChoices', choices),
        failed('loadChoices'),
        { type: 'tables.retry' },
        { type: 'tables.select', selection: texas },
        done('loadVersions', [version(1)]),
        failed('loadVersions'),
        { type: 'rates.save', change: {} },
        { type: 'csv.import', csv: 'x' },
        { type: 'csv.export', version: 1 },
      ] as never,
    });
    expect(new Set(paths.map((path) => JSON.stringify(path.state.value)))).toEqual(
      new Set([
        '"loadingChoices"',
        '"choicesFailed"',
        ...['choosing', 'loading', 'loadFailed', 'ready', 'saving', 'importing', 'exporting'].map((name) =>
          JSON.stringify({ main: name }),
        ),
      ]),
    );
  });
});
