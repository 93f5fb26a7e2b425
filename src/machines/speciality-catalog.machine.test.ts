import { HTTPError } from 'ky';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { getShortestPaths, getSimplePaths } from 'xstate/graph';
import type { Catalog } from '@/machines/speciality-catalog.machine';
import { groupByCategory, specialityCatalogMachine } from '@/machines/speciality-catalog.machine';

const catalog: Catalog = {
  categories: [
    { id: 1, name: 'Design professionals', description: '' },
    { id: 2, name: 'Healthcare', description: '' },
    { id: 3, name: 'Technology', description: '' },
  ],
  specialities: [
    { id: 11, categoryId: 2, name: 'Physiotherapists', description: 'Hands-on care', speiclaityRandomCode: 'P1' },
    { id: 10, categoryId: 1, name: 'Architects', description: 'Buildings', speiclaityRandomCode: 'A1' },
    { id: 12, categoryId: 2, name: 'Dentists', description: 'Oral health', speiclaityRandomCode: 'D1' },
  ],
};
const emptyCatalog: Catalog = { categories: catalog.categories, specialities: [] };

function httpError(status: number, fields?: Record<string, string>): HTTPError {
  const request = new Request('http://localhost/api/weborder/auth/specialitylist');
  // The label keeps the traversal from merging the 404 and 500 events: it tells events apart by their JSON.
  return Object.assign(new HTTPError(new Response('{}', { status }), request, {} as never), {
    label: `HTTP ${status}`,
    ...(fields ? { fields } : {}),
  });
}

type Outcome = { ok: true; output: Catalog } | { ok: false; error: unknown };

/** Events the traversal may take: every outcome of the load, and every user event. */
const traversalEvents = [
  { type: 'xstate.done.actor.loadCatalog', output: catalog },
  { type: 'xstate.done.actor.loadCatalog', output: emptyCatalog },
  { type: 'xstate.error.actor.loadCatalog', error: httpError(404) },
  { type: 'xstate.error.actor.loadCatalog', error: httpError(500) },
  { type: 'catalog.retry' },
  { type: 'catalog.filter', query: 'dent' },
] as never[];

/** Replays one path on a real actor whose load answers as the path's steps say. */
async function replay(
  clientUrl: string | undefined,
  steps: Array<{ event: { type: string; output?: Catalog; error?: unknown; query?: string } }>,
) {
  const outcomes: Outcome[] = [];
  const userEvents: Array<{ type: string; query?: string } | null> = [];
  for (const { event } of steps) {
    if (event.type === 'xstate.done.actor.loadCatalog') outcomes.push({ ok: true, output: event.output! });
    else if (event.type === 'xstate.error.actor.loadCatalog') outcomes.push({ ok: false, error: event.error });
    else if (event.type !== 'xstate.init') userEvents.push(event);
  }
  let navigatedAway = 0;
  const actor = createActor(
    specialityCatalogMachine.provide({
      actors: {
        loadCatalog: fromPromise(async () => {
          const next = outcomes.shift();
          if (!next) throw new Error('the path asked for no more loads');
          if (!next.ok) throw next.error;
          return next.output;
        }),
      },
      actions: { goToPageNotFound: () => void navigatedAway++ },
    }),
    { input: { clientUrl } },
  ).start();
  for (const { event } of steps) {
    if (event.type === 'xstate.init') continue;
    if (event.type.startsWith('xstate.')) {
      await waitFor(actor, (snapshot) => !snapshot.matches('loading'));
    } else {
      actor.send(event as never);
    }
  }
  return { snapshot: actor.getSnapshot(), navigatedAway };
}

describe('specialityCatalogMachine', () => {
  for (const clientUrl of [undefined, 'harbor-risk']) {
    it(`reaches each state by its shortest path and the real actor agrees (clientUrl ${clientUrl ?? 'none'})`, async () => {
      const paths = getShortestPaths(specialityCatalogMachine, { events: traversalEvents, input: { clientUrl } });
      const reached = new Set(paths.map((path) => JSON.stringify(path.state.value)));
      const expected = ['loading', 'loaded', 'empty', 'failed', ...(clientUrl ? ['brokerNotFound'] : [])];
      expect([...reached].sort()).toEqual(expected.map((s) => JSON.stringify(s)).sort());
      for (const path of paths) {
        const { snapshot } = await replay(clientUrl, path.steps as never);
        expect(snapshot.value).toEqual(path.state.value);
      }
    });
  }

  it('walks every simple path, including retry after a failure', async () => {
    const paths = getSimplePaths(specialityCatalogMachine, {
      events: traversalEvents,
      input: { clientUrl: 'harbor-risk' },
    });
    expect(paths.some((path) => path.steps.some((step) => step.event.type === 'catalog.retry'))).toBe(true);
    expect(new Set(paths.map((path) => path.state.value))).toEqual(
      new Set(['loading', 'loaded', 'empty', 'failed', 'brokerNotFound']),
    );
    for (const path of paths) {
      const { snapshot, navigatedAway } = await replay('harbor-risk', path.steps as never);
      expect(snapshot.value).toEqual(path.state.value);
      expect(navigatedAway).toBe(snapshot.value === 'brokerNotFound' ? 1 : 0);
    }
  });

  it('treats a 404 without a client URL as a failure, not a missing broker', async () => {
    const { snapshot, navigatedAway } = await replay(undefined, [
      { event: { type: 'xstate.init' } },
      { event: { type: 'xstate.error.actor.loadCatalog', error: httpError(404) } },
    ]);
    expect(snapshot.value).toBe('failed');
    expect(navigatedAway).toBe(0);
  });

  it('treats a client id the server refuses as malformed as an unknown broker, but not other 400s', async () => {
    const malformed = await replay('harbor_risk', [
      { event: { type: 'xstate.init' } },
      {
        event: {
          type: 'xstate.error.actor.loadCatalog',
          error: httpError(400, { clientUrl: 'may hold only letters, digits and hyphens' }),
        },
      },
    ]);
    expect(malformed.snapshot.value).toBe('brokerNotFound');
    expect(malformed.navigatedAway).toBe(1);
    const other = await replay('harbor-risk', [
      { event: { type: 'xstate.init' } },
      { event: { type: 'xstate.error.actor.loadCatalog', error: httpError(400, { page: 'is bad' }) } },
    ]);
    expect(other.snapshot.value).toBe('failed');
  });

  it('keeps the error text for the screen and clears it after a successful retry', async () => {
    const { snapshot } = await replay(undefined, [
      { event: { type: 'xstate.init' } },
      { event: { type: 'xstate.error.actor.loadCatalog', error: new TypeError('fetch failed') } },
    ]);
    expect(snapshot.context.errorMessage).toMatch(/could not be reached/);
    const retried = await replay(undefined, [
      { event: { type: 'xstate.init' } },
      { event: { type: 'xstate.error.actor.loadCatalog', error: new TypeError('fetch failed') } },
      { event: { type: 'catalog.retry' } },
      { event: { type: 'xstate.done.actor.loadCatalog', output: catalog } },
    ]);
    expect(retried.snapshot.value).toBe('loaded');
    expect(retried.snapshot.context.errorMessage).toBeUndefined();
  });
});

describe('groupByCategory', () => {
  it('groups by category, keeping the server’s order of both, and drops empty categories', () => {
    const groups = groupByCategory(catalog);
    expect(groups.map((g) => [g.category.name, g.specialities.map((s) => s.name)])).toEqual([
      ['Design professionals', ['Architects']],
      ['Healthcare', ['Physiotherapists', 'Dentists']],
    ]);
  });

  it('filters on name and description, ignoring case and surrounding space', () => {
    expect(groupByCategory(catalog, '  ORAL ').flatMap((g) => g.specialities.map((s) => s.id))).toEqual([12]);
    expect(groupByCategory(catalog, 'zzz')).toEqual([]);
  });
});
