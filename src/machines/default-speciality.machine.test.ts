import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, type AnyEventObject } from 'xstate';
import { getShortestPaths, getSimplePaths } from 'xstate/graph';
import { getBrokerDetails } from '@/api/brokers';
import type { BrokerSpecialityRef } from '@shared/contract/brokers';
import { getSpecialityList } from '@/api/specialities';
import {
  decideDefaultSpeciality,
  defaultSpecialityMachine,
  offeredSpecialities,
  type DefaultSpecialityDecision,
  type DefaultSpecialityInput,
  type OfferedSpecialities,
} from '@/machines/default-speciality.machine';
import { actorAnswer, answerableCalls, bareHttpError, networkError } from '@/machines/machine-test-harness';

// Only the machine's own loader (the last describe) reaches these; every other test provides one.
vi.mock('@/api/brokers', () => ({ getBrokerDetails: vi.fn() }));
vi.mock('@/api/specialities', () => ({ getSpecialityList: vi.fn() }));

// The demo brokers' own codes (server/db/seed/demo-data.ts); the ids are this test's.
const harbor: BrokerSpecialityRef[] = [
  { id: 101, speiclaityRandomCode: 'TSACBHV2' }, // Dentists
  { id: 102, speiclaityRandomCode: 'Q9LY88FH' }, // Chiropractors
  { id: 103, speiclaityRandomCode: '6PTBZBJL' }, // Physical therapists
  { id: 104, speiclaityRandomCode: 'YTR9D4HY' }, // Lawyers
];
const summit: BrokerSpecialityRef[] = [
  { id: 201, speiclaityRandomCode: 'GH8DZ9YX' },
  { id: 202, speiclaityRandomCode: 'V28ET2HY' },
  { id: 203, speiclaityRandomCode: 'ZDE7T5BP' },
  { id: 204, speiclaityRandomCode: '5ZPH566T' },
  { id: 205, speiclaityRandomCode: 'WX9W6MJ4' },
];
const lakeside: BrokerSpecialityRef[] = [
  { id: 301, speiclaityRandomCode: 'ULRFHKSX' },
  { id: 302, speiclaityRandomCode: '8C9SKSWP' },
  { id: 303, speiclaityRandomCode: 'Q3QFN8CF' },
];
/** The plain site: every speciality on sale with its public code. */
const publicList: BrokerSpecialityRef[] = [
  { id: 1, speiclaityRandomCode: 'UY5EL3R2' }, // Dentists
  { id: 2, speiclaityRandomCode: 'K52KZ5CY' },
  { id: 6, speiclaityRandomCode: '6BSL4GRW' },
  { id: 10, speiclaityRandomCode: 'DUW6Y4E7' },
];

const inHarbor = (s: string | undefined, storedDefault?: string): DefaultSpecialityInput => ({
  clientid: 'harbor-risk',
  s,
  storedDefault,
});

describe('decideDefaultSpeciality', () => {
  const several = (...codes: string[]): DefaultSpecialityDecision => ({ kind: 'several', codes });
  const invalid = { kind: 'invalid' } as const;

  const table: Array<
    [string, DefaultSpecialityInput, readonly BrokerSpecialityRef[], Partial<DefaultSpecialityDecision>]
  > = [
    // Several valid codes: the broker's own spelling, in the order of `s`.
    ['several codes, in the order given', inHarbor('YTR9D4HY,TSACBHV2'), harbor, several('YTR9D4HY', 'TSACBHV2')],
    [
      'all four of harbor’s codes',
      inHarbor('TSACBHV2,Q9LY88FH,6PTBZBJL,YTR9D4HY'),
      harbor,
      several('TSACBHV2', 'Q9LY88FH', '6PTBZBJL', 'YTR9D4HY'),
    ],
    [
      'several codes in any case, canonical case back',
      inHarbor('q9ly88fh,6ptbzBJL'),
      harbor,
      several('Q9LY88FH', '6PTBZBJL'),
    ],
    [
      'several codes with spaces around items',
      inHarbor('  TSACBHV2 ,\tQ9LY88FH  '),
      harbor,
      several('TSACBHV2', 'Q9LY88FH'),
    ],
    [
      'several of lakeside’s codes at lakeside',
      { clientid: 'lakeside-brokers', s: 'Q3QFN8CF,ULRFHKSX' },
      lakeside,
      several('Q3QFN8CF', 'ULRFHKSX'),
    ],
    // A single valid code: its id.
    ['a single code', inHarbor('Q9LY88FH'), harbor, { kind: 'single', code: 'Q9LY88FH', specialityId: 102 }],
    [
      'a single code in lower case',
      inHarbor('tsacbhv2'),
      harbor,
      { kind: 'single', code: 'TSACBHV2', specialityId: 101 },
    ],
    [
      'a single code with spaces around it',
      inHarbor(' YTR9D4HY '),
      harbor,
      { kind: 'single', code: 'YTR9D4HY', specialityId: 104 },
    ],
    [
      'a single public code on the plain site',
      { s: 'uy5el3r2' },
      publicList,
      { kind: 'single', code: 'UY5EL3R2', specialityId: 1 },
    ],
    ['several public codes on the plain site', { s: '6BSL4GRW,UY5EL3R2' }, publicList, several('6BSL4GRW', 'UY5EL3R2')],
    // Empty `s` and empty items.
    ['an empty s', inHarbor(''), harbor, invalid],
    ['an s of spaces only', inHarbor('   '), harbor, invalid],
    ['an empty item in the middle', inHarbor('TSACBHV2,,Q9LY88FH'), harbor, invalid],
    ['a trailing comma', inHarbor('TSACBHV2,'), harbor, invalid],
    ['a leading comma', inHarbor(',TSACBHV2'), harbor, invalid],
    ['an item of spaces only', inHarbor('TSACBHV2, ,Q9LY88FH'), harbor, invalid],
    ['a lone comma', inHarbor(','), harbor, invalid],
    // Unknown codes and other brokers' codes.
    ['an unknown code', inHarbor('ZZZZZZZZ'), harbor, invalid],
    ['a code that is a prefix of a valid one', inHarbor('TSACBHV'), harbor, invalid],
    ['summit’s code at harbor', inHarbor('GH8DZ9YX'), harbor, invalid],
    ['lakeside’s code at harbor', inHarbor('ULRFHKSX'), harbor, invalid],
    ['harbor’s code at summit', { clientid: 'summit-professional', s: 'TSACBHV2' }, summit, invalid],
    ['the public code of a speciality harbor sells under its own code', inHarbor('UY5EL3R2'), harbor, invalid],
    ['a broker’s code on the plain site', { s: 'TSACBHV2' }, publicList, invalid],
    ['harbor’s code with lakeside’s', inHarbor('TSACBHV2,ULRFHKSX'), harbor, invalid],
    ['other separators', inHarbor('TSACBHV2;Q9LY88FH'), harbor, invalid],
    ['space-separated codes', inHarbor('TSACBHV2 Q9LY88FH'), harbor, invalid],
    // Repeats.
    ['a code twice', inHarbor('TSACBHV2,TSACBHV2'), harbor, invalid],
    ['a code twice in different cases', inHarbor('TSACBHV2,tsacbhv2'), harbor, invalid],
    ['a repeat after other codes', inHarbor('TSACBHV2,Q9LY88FH,6PTBZBJL,Q9LY88FH'), harbor, invalid],
    // Valid mixed with invalid, in either order.
    ['valid then unknown', inHarbor('TSACBHV2,NOPE1234'), harbor, invalid],
    ['unknown then valid', inHarbor('NOPE1234,TSACBHV2'), harbor, invalid],
    ['valid, then an empty item, then valid', inHarbor('Q9LY88FH, ,YTR9D4HY'), harbor, invalid],
    // Nothing offered at all.
    ['a code where nothing is offered', inHarbor('TSACBHV2'), [], invalid],
    // No `s`.
    [
      'no s, a stored default the broker offers',
      inHarbor(undefined, '6PTBZBJL'),
      harbor,
      { kind: 'stored', code: '6PTBZBJL', specialityId: 103 },
    ],
    [
      'no s, a stored default in another case',
      inHarbor(undefined, 'q9ly88fh'),
      harbor,
      { kind: 'stored', code: 'Q9LY88FH', specialityId: 102 },
    ],
    ['no s, another broker’s stored default', inHarbor(undefined, 'ULRFHKSX'), harbor, { kind: 'none' }],
    ['no s, a stored default no broker has', inHarbor(undefined, 'GONE0000'), harbor, { kind: 'none' }],
    ['no s, a stored default, nothing offered', inHarbor(undefined, 'TSACBHV2'), [], { kind: 'none' }],
    ['no s on the plain site, a stored default', { storedDefault: 'UY5EL3R2' }, publicList, { kind: 'none' }],
    ['no s, nothing stored, client area', inHarbor(undefined), harbor, { kind: 'none' }],
    ['no s, nothing stored, plain site', {}, publicList, { kind: 'none' }],
    ['no s, an empty stored default', inHarbor(undefined, ''), harbor, { kind: 'none' }],
  ];

  it.each(table)('%s', (_, input, offered, expected) => {
    const decision = decideDefaultSpeciality(input, offered);
    expect(decision).toMatchObject(expected);
    if (expected.kind === 'invalid') expect(decision).toEqual({ kind: 'invalid', reason: expect.any(String) });
    else expect(decision).toEqual(expected);
  });

  it('says why a list is invalid', () => {
    expect(decideDefaultSpeciality(inHarbor('TSACBHV2,,Q9LY88FH'), harbor)).toEqual({
      kind: 'invalid',
      reason: 'an empty item',
    });
    expect(decideDefaultSpeciality(inHarbor('TSACBHV2,GH8DZ9YX'), harbor)).toEqual({
      kind: 'invalid',
      reason: '"GH8DZ9YX" is not offered here',
    });
    expect(decideDefaultSpeciality(inHarbor('TSACBHV2,tsacbhv2'), harbor)).toEqual({
      kind: 'invalid',
      reason: '"tsacbhv2" is repeated',
    });
  });

  it('keeps the order and canonical case of a huge list of valid codes', () => {
    const many = Array.from({ length: 3000 }, (_, i) => ({
      id: 1000 + i,
      speiclaityRandomCode: `C${i.toString(36).toUpperCase().padStart(7, '0')}`,
    }));
    const reversed = [...many].reverse();
    const s = reversed.map((speciality) => speciality.speiclaityRandomCode.toLowerCase()).join(',');
    const decision = decideDefaultSpeciality(inHarbor(s), many);
    expect(decision).toEqual({ kind: 'several', codes: reversed.map((speciality) => speciality.speiclaityRandomCode) });
  });

  it('rejects a huge list of repeats or junk', () => {
    expect(decideDefaultSpeciality(inHarbor(Array(50_000).fill('TSACBHV2').join(',')), harbor).kind).toBe('invalid');
    expect(decideDefaultSpeciality(inHarbor(','.repeat(100_000)), harbor).kind).toBe('invalid');
    // Every valid code, then one of another broker's at the very end.
    const tail = `${harbor.map((speciality) => speciality.speiclaityRandomCode).join(',')},${'x'.repeat(10_000)}`;
    expect(decideDefaultSpeciality(inHarbor(tail), harbor).kind).toBe('invalid');
  });
});

type Call = [name: string, params?: unknown];

/** A real actor whose loader waits to be answered, and whose navigation and storage are recorded. */
function harness(input: DefaultSpecialityInput) {
  const calls: Call[] = [];
  const loads: Array<{ clientid: string | undefined }> = [];
  const { waiting, answer } = answerableCalls<'loadOfferedSpecialities'>();
  const actor = createActor(
    defaultSpecialityMachine.provide({
      actors: {
        loadOfferedSpecialities: waiting<OfferedSpecialities, { clientid: string | undefined }>(
          'loadOfferedSpecialities',
          (loadInput) => {
            loads.push(loadInput);
            calls.push(['load']);
          },
        ),
      },
      actions: {
        goToSpecialities: (_, params) => void calls.push(['goToSpecialities', params]),
        goToQuotes: (_, params) => void calls.push(['goToQuotes', params]),
        goToPageNotFound: () => void calls.push(['goToPageNotFound']),
        storeDefaultSpeciality: (_, params) => void calls.push(['storeDefaultSpeciality', params]),
      },
    }),
    { input },
  ).start();
  return {
    actor,
    calls,
    loads,
    /** Answers the load the machine is waiting on, and lets the actor take it in. */
    answer: (outcome: 'done' | 'error', value: unknown) => answer('loadOfferedSpecialities', outcome, value),
  };
}

const found = (offered: BrokerSpecialityRef[]): OfferedSpecialities => ({ brokerFound: true, offered });
/** Only the navigation and storage calls, in order. */
const effects = (calls: Call[]) => calls.filter(([name]) => name !== 'load');

describe('defaultSpecialityMachine on a real actor', () => {
  it('several codes: loads the broker’s specialities and goes to specialities with those codes', async () => {
    const { actor, calls, loads, answer } = harness(inHarbor('q9ly88fh, TSACBHV2'));
    expect(actor.getSnapshot().value).toBe('loadingSpecialities');
    expect(loads).toEqual([{ clientid: 'harbor-risk' }]);
    await answer('done', found(harbor));
    expect(actor.getSnapshot().value).toBe('showingSeveral');
    expect(actor.getSnapshot().status).toBe('done');
    expect(effects(calls)).toEqual([['goToSpecialities', { codes: ['Q9LY88FH', 'TSACBHV2'] }]]);
  });

  it('a single code: stores it, then goes to quotes with its id', async () => {
    const { actor, calls, answer } = harness(inHarbor('6ptbzbjl'));
    await answer('done', found(harbor));
    expect(actor.getSnapshot().value).toBe('quoting');
    expect(effects(calls)).toEqual([
      ['storeDefaultSpeciality', { code: '6PTBZBJL' }],
      ['goToQuotes', { specialityId: 103 }],
    ]);
  });

  it('a single public code on the plain site loads the public list', async () => {
    const { actor, calls, loads, answer } = harness({ s: 'UY5EL3R2' });
    expect(loads).toEqual([{ clientid: undefined }]);
    await answer('done', found(publicList));
    expect(actor.getSnapshot().value).toBe('quoting');
    expect(effects(calls)).toEqual([
      ['storeDefaultSpeciality', { code: 'UY5EL3R2' }],
      ['goToQuotes', { specialityId: 1 }],
    ]);
  });

  for (const [label, s] of [
    ['another broker’s code', 'GH8DZ9YX'],
    ['an empty item', 'TSACBHV2,,Q9LY88FH'],
    ['a repeat', 'TSACBHV2,tsacbhv2'],
    ['an empty s', ''],
  ] as const) {
    it(`invalid (${label}): goes to page-not-found and nowhere else`, async () => {
      const { actor, calls, answer } = harness(inHarbor(s));
      await answer('done', found(harbor));
      expect(actor.getSnapshot().value).toBe('notFound');
      expect(actor.getSnapshot().context.decision?.kind).toBe('invalid');
      expect(effects(calls)).toEqual([['goToPageNotFound']]);
    });
  }

  it('an unknown broker: page-not-found without deciding', async () => {
    const { actor, calls, answer } = harness({ clientid: 'no-such-broker', s: 'TSACBHV2' });
    await answer('done', { brokerFound: false });
    expect(actor.getSnapshot().value).toBe('notFound');
    expect(actor.getSnapshot().context.decision).toBeUndefined();
    expect(effects(calls)).toEqual([['goToPageNotFound']]);
  });

  it('an unknown broker with only a stored default: page-not-found too', async () => {
    const { actor, calls, answer } = harness({ clientid: 'no-such-broker', storedDefault: 'TSACBHV2' });
    await answer('done', { brokerFound: false });
    expect(actor.getSnapshot().value).toBe('notFound');
    expect(effects(calls)).toEqual([['goToPageNotFound']]);
  });

  it('a stored default the broker offers is used, without navigating or storing', async () => {
    const { actor, calls, answer } = harness(inHarbor(undefined, 'ytr9d4hy'));
    await answer('done', found(harbor));
    expect(actor.getSnapshot().value).toBe('usingStoredDefault');
    expect(actor.getSnapshot().context.decision).toEqual({ kind: 'stored', code: 'YTR9D4HY', specialityId: 104 });
    expect(effects(calls)).toEqual([]);
  });

  it('another broker’s stored default is no default here, and is left in the session for that broker', async () => {
    const { actor, calls, answer } = harness(inHarbor(undefined, 'ULRFHKSX'));
    await answer('done', found(harbor));
    expect(actor.getSnapshot().value).toBe('noDefault');
    expect(actor.getSnapshot().status).toBe('done');
    expect(effects(calls)).toEqual([]);
  });

  for (const [label, input] of [
    ['client area, nothing stored', inHarbor(undefined)],
    ['plain site, a stored default (only the client area uses it)', { storedDefault: 'UY5EL3R2' }],
    ['plain site, nothing at all', {}],
  ] as const) {
    it(`nothing to resolve (${label}): noDefault without loading`, () => {
      const { actor, calls, loads } = harness(input);
      expect(actor.getSnapshot().value).toBe('noDefault');
      expect(actor.getSnapshot().status).toBe('done');
      expect(actor.getSnapshot().context.decision).toEqual({ kind: 'none' });
      expect(loads).toEqual([]);
      expect(calls).toEqual([]);
    });
  }

  it('a failed load keeps the error text; retry loads again, clears it and decides', async () => {
    const { actor, calls, loads, answer } = harness(inHarbor('TSACBHV2,Q9LY88FH'));
    await answer('error', networkError());
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.errorMessage).toMatch(/could not be reached/);
    expect(effects(calls)).toEqual([]);

    actor.send({ type: 'defaultSpeciality.retry' });
    expect(actor.getSnapshot().value).toBe('loadingSpecialities');
    expect(actor.getSnapshot().context.errorMessage).toBeUndefined();
    expect(loads).toHaveLength(2);

    await answer('error', bareHttpError(503, 'Maintenance.'));
    expect(actor.getSnapshot().context.errorMessage).toBe('503: Maintenance.');

    actor.send({ type: 'defaultSpeciality.retry' });
    await answer('done', found(harbor));
    expect(actor.getSnapshot().value).toBe('showingSeveral');
    expect(calls).toEqual([['load'], ['load'], ['load'], ['goToSpecialities', { codes: ['TSACBHV2', 'Q9LY88FH'] }]]);
  });

  it('ignores retry while loading', async () => {
    const { actor, loads, answer } = harness(inHarbor('TSACBHV2'));
    actor.send({ type: 'defaultSpeciality.retry' });
    expect(loads).toHaveLength(1);
    await answer('done', found(harbor));
    expect(actor.getSnapshot().value).toBe('quoting');
    expect(loads).toHaveLength(1);
  });
});

/** Every outcome of the load, and the one user event. */
const traversalEvents = [
  { type: 'xstate.done.actor.loadOfferedSpecialities', output: found(harbor) },
  { type: 'xstate.done.actor.loadOfferedSpecialities', output: found(lakeside) },
  { type: 'xstate.done.actor.loadOfferedSpecialities', output: found(publicList) },
  { type: 'xstate.done.actor.loadOfferedSpecialities', output: { brokerFound: false } },
  { type: 'xstate.error.actor.loadOfferedSpecialities', error: bareHttpError(500, 'Database unavailable') },
  { type: 'xstate.error.actor.loadOfferedSpecialities', error: networkError() },
  { type: 'defaultSpeciality.retry' },
] as never[];

/** Only the events a state takes, so that no event leaves a state unchanged (see serializeWithArrival). */
function eventsFor(snapshot: { value: unknown }): never[] {
  if (snapshot.value === 'loadingSpecialities')
    return traversalEvents.filter((event: AnyEventObject) => event.type.startsWith('xstate.'));
  if (snapshot.value === 'failed')
    return traversalEvents.filter((event: AnyEventObject) => event.type === 'defaultSpeciality.retry');
  return [];
}

/**
 * A loading state after a retry looks like the first one (entry clears the error), so simple paths
 * would never retry: the event that led to a state tells them apart. (An event a state ignores
 * would then make a new state of the same one: eventsFor offers none.)
 */
function serializeWithArrival(
  snapshot: { value: unknown; context: unknown },
  event: AnyEventObject | undefined,
): string {
  return JSON.stringify({ value: snapshot.value, context: snapshot.context, via: event?.type ?? null });
}

interface Scenario {
  name: string;
  input: DefaultSpecialityInput;
  /** What each reachable state value must have done, in order. */
  effectsAt: Record<string, Call[]>;
}

const notFoundEffects: Call[] = [['goToPageNotFound']];
const scenarios: Scenario[] = [
  {
    name: 'several of harbor’s codes',
    input: inHarbor('TSACBHV2,q9ly88fh'),
    effectsAt: {
      loadingSpecialities: [],
      failed: [],
      showingSeveral: [['goToSpecialities', { codes: ['TSACBHV2', 'Q9LY88FH'] }]],
      notFound: notFoundEffects,
    },
  },
  {
    name: 'a single harbor code',
    input: inHarbor('YTR9D4HY'),
    effectsAt: {
      loadingSpecialities: [],
      failed: [],
      quoting: [
        ['storeDefaultSpeciality', { code: 'YTR9D4HY' }],
        ['goToQuotes', { specialityId: 104 }],
      ],
      notFound: notFoundEffects,
    },
  },
  {
    name: 'a malformed list',
    input: inHarbor('TSACBHV2,,Q9LY88FH'),
    effectsAt: { loadingSpecialities: [], failed: [], notFound: notFoundEffects },
  },
  {
    name: 'a single public code on the plain site',
    input: { s: 'uy5el3r2' },
    effectsAt: {
      loadingSpecialities: [],
      failed: [],
      quoting: [
        ['storeDefaultSpeciality', { code: 'UY5EL3R2' }],
        ['goToQuotes', { specialityId: 1 }],
      ],
      notFound: notFoundEffects,
    },
  },
  {
    name: 'no s, a stored harbor default',
    input: inHarbor(undefined, 'Q9LY88FH'),
    effectsAt: {
      loadingSpecialities: [],
      failed: [],
      usingStoredDefault: [],
      // lakeside's or the public list do not hold it: no default here, and it stays stored.
      noDefault: [],
      notFound: notFoundEffects,
    },
  },
  { name: 'no s, nothing stored', input: inHarbor(undefined), effectsAt: { noDefault: [] } },
  {
    name: 'no s on the plain site, a stored default',
    input: { storedDefault: 'UY5EL3R2' },
    effectsAt: { noDefault: [] },
  },
];

interface Step {
  event: AnyEventObject;
  state: { value: unknown; context: { errorMessage: string | undefined } };
}

/**
 * Replays one path on a real actor: each load waits until the path says how it ends. After every
 * step the actor must be where the path says, holding the same error text.
 */
async function replay(input: DefaultSpecialityInput, steps: readonly Step[]) {
  const { actor, calls, loads, answer } = harness(input);
  let answered = 0;
  for (const { event, state } of steps) {
    const call = actorAnswer(event);
    if (call) {
      answered++;
      await answer(call.outcome, call.value);
    } else if (event.type !== 'xstate.init') {
      actor.send(event as never);
    }
    expect(actor.getSnapshot().value, `after ${event.type}`).toEqual(state.value);
    expect(actor.getSnapshot().context.errorMessage).toBe(state.context.errorMessage);
  }
  // Each load the machine started was answered by the path, except one still under way.
  expect(loads.length - answered).toBe(actor.getSnapshot().value === 'loadingSpecialities' ? 1 : 0);
  expect(loads.every((load) => load.clientid === input.clientid)).toBe(true);
  return { snapshot: actor.getSnapshot(), calls };
}

describe('defaultSpecialityMachine paths', () => {
  for (const { name, input, effectsAt } of scenarios) {
    it(`reaches each state by its shortest path and the real actor agrees (${name})`, async () => {
      const paths = getShortestPaths(defaultSpecialityMachine, { events: traversalEvents, input });
      expect(new Set(paths.map((path) => path.state.value))).toEqual(new Set(Object.keys(effectsAt)));
      for (const path of paths) {
        const { snapshot, calls } = await replay(input, path.steps as never);
        expect(effects(calls), JSON.stringify(path.state.value)).toEqual(effectsAt[snapshot.value as string]);
      }
    });

    it(`walks every simple path, retries included (${name})`, async () => {
      const paths = getSimplePaths(defaultSpecialityMachine, {
        events: eventsFor as never,
        input,
        serializeState: serializeWithArrival as never,
      });
      expect(new Set(paths.map((path) => path.state.value))).toEqual(new Set(Object.keys(effectsAt)));
      if ('failed' in effectsAt) {
        // Each final state is reached after a retry too.
        for (const final of Object.keys(effectsAt).filter(
          (value) => !['failed', 'loadingSpecialities'].includes(value),
        )) {
          expect(
            paths.some(
              (path) =>
                path.state.value === final && path.steps.some((step) => step.event.type === 'defaultSpeciality.retry'),
            ),
            final,
          ).toBe(true);
        }
      }
      for (const path of paths) {
        const { snapshot, calls } = await replay(input, path.steps as never);
        expect(effects(calls), JSON.stringify(path.state.value)).toEqual(effectsAt[snapshot.value as string]);
        // Never more than one navigation, and only from a final state.
        const navigations = calls.filter(([callName]) => callName.startsWith('goTo'));
        expect(navigations.length).toBe(
          snapshot.status === 'done' && snapshot.value !== 'noDefault' && snapshot.value !== 'usingStoredDefault'
            ? 1
            : 0,
        );
      }
    });
  }
});

describe('defaultSpecialityMachine’s own loader', () => {
  afterEach(() => vi.mocked(getBrokerDetails).mockReset());

  async function settled(input: DefaultSpecialityInput) {
    const actor = createActor(defaultSpecialityMachine, { input }).start();
    await new Promise((resolve) => setTimeout(resolve, 0));
    return actor.getSnapshot();
  }

  it('in the client area reads the broker’s own codes', async () => {
    vi.mocked(getBrokerDetails).mockResolvedValue({
      name: 'Harbor Risk Partners',
      brokerAbbrivation: 'HRP',
      brokerProfile: null,
      brokerProfileType: null,
      brokerspecialities: harbor,
    });
    const snapshot = await settled(inHarbor(undefined, 'TSACBHV2'));
    expect(getBrokerDetails).toHaveBeenCalledWith('harbor-risk');
    expect(snapshot.value).toBe('usingStoredDefault');
    expect(snapshot.context.decision).toEqual({ kind: 'stored', code: 'TSACBHV2', specialityId: 101 });
  });

  it('takes a 404, or a 400 on the client URL, for an unknown broker', async () => {
    vi.mocked(getBrokerDetails).mockRejectedValueOnce(bareHttpError(404));
    expect((await settled({ clientid: 'nobody', s: 'TSACBHV2' })).value).toBe('notFound');
    const malformed = Object.assign(bareHttpError(400), {
      fields: { clientUrl: 'may hold only letters, digits and hyphens' },
    });
    vi.mocked(getBrokerDetails).mockRejectedValueOnce(malformed);
    expect((await settled({ clientid: 'no_body', s: 'TSACBHV2' })).value).toBe('notFound');
  });

  it('lets any other failure through as a failure', async () => {
    vi.mocked(getBrokerDetails).mockRejectedValueOnce(bareHttpError(500, 'Database unavailable'));
    const snapshot = await settled(inHarbor('TSACBHV2'));
    expect(snapshot.value).toBe('failed');
    expect(snapshot.context.errorMessage).toBe('500: Database unavailable');
  });

  it('on the plain site reads the public list, keeping only ids and codes', async () => {
    vi.mocked(getSpecialityList).mockResolvedValue([
      { id: 1, categoryId: 1, name: 'Dentists', description: '', speiclaityRandomCode: 'UY5EL3R2' },
      { id: 2, categoryId: 1, name: 'Chiropractors', description: '', speiclaityRandomCode: 'K52KZ5CY' },
    ]);
    const snapshot = await settled({ s: 'K52KZ5CY,UY5EL3R2' });
    expect(getSpecialityList).toHaveBeenCalledWith();
    expect(getBrokerDetails).not.toHaveBeenCalled();
    expect(snapshot.value).toBe('showingSeveral');
    expect(snapshot.context.decision).toEqual({ kind: 'several', codes: ['K52KZ5CY', 'UY5EL3R2'] });
  });
});

describe('offeredSpecialities with the lookup the router edge passes (the tab’s broker cache)', () => {
  it('reads a found broker’s own codes through the lookup, and nothing else', async () => {
    const asked: string[] = [];
    const offered = await offeredSpecialities('harbor-risk', async (clientid) => {
      asked.push(clientid);
      return { status: 'found', details: { brokerspecialities: harbor } };
    });
    expect(asked).toEqual(['harbor-risk']);
    expect(offered).toEqual({ brokerFound: true, offered: harbor });
    expect(getBrokerDetails).not.toHaveBeenCalled();
  });

  it('turns an unknown broker into brokerFound: false, and lets a failed lookup fail', async () => {
    expect(await offeredSpecialities('nobody', async () => ({ status: 'unknown' }))).toEqual({ brokerFound: false });
    await expect(
      offeredSpecialities('harbor-risk', async () => {
        throw new TypeError('Failed to fetch');
      }),
    ).rejects.toThrow('Failed to fetch');
  });

  it('does not ask the lookup on the plain site', async () => {
    vi.mocked(getSpecialityList).mockResolvedValue([]);
    let asked = false;
    await offeredSpecialities(undefined, async () => {
      asked = true;
      return { status: 'unknown' };
    });
    expect(asked).toBe(false);
  });
});
