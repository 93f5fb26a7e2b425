import { assign, fromPromise, setup, type DoneActorEvent } from 'xstate';
import { errorText, isUnknownBrokerError } from '@/api/api-error';
import { getBrokerDetails } from '@/api/brokers';
import type { BrokerSpecialityRef } from '@shared/contract/brokers';
import { getSpecialityList } from '@/api/specialities';
import { errorOf } from '@/machines/actor-events';

/**
 * What `?s=` is checked against: in the client area the broker's specialities with the broker's
 * own codes; on the plain site every speciality on sale with its public code. `brokerFound` is
 * false when the client id names no broker.
 */
export type OfferedSpecialities = { brokerFound: true; offered: BrokerSpecialityRef[] } | { brokerFound: false };

/** What a client id turned out to be (the app's broker cache answers in this shape). */
export type BrokerLookupResult =
  { status: 'found'; details: { brokerspecialities: BrokerSpecialityRef[] } } | { status: 'unknown' };

/** The broker's details straight from the API: a 404 (or a refused client id) is "unknown". */
async function lookUpBroker(clientid: string): Promise<BrokerLookupResult> {
  try {
    return { status: 'found', details: await getBrokerDetails(clientid) };
  } catch (error) {
    if (isUnknownBrokerError(error)) return { status: 'unknown' };
    throw error;
  }
}

/**
 * The codes `?s=` is checked against: the public list on the plain site, else the broker's, found
 * through `lookUp` (the API by default; the router edge passes the tab's cache).
 */
export async function offeredSpecialities(
  clientid: string | undefined,
  lookUp: (clientid: string) => Promise<BrokerLookupResult>,
): Promise<OfferedSpecialities> {
  if (clientid === undefined) {
    const list = await getSpecialityList();
    return { brokerFound: true, offered: list.map(({ id, speiclaityRandomCode }) => ({ id, speiclaityRandomCode })) };
  }
  const lookup = await lookUp(clientid);
  return lookup.status === 'found'
    ? { brokerFound: true, offered: lookup.details.brokerspecialities }
    : { brokerFound: false };
}

export interface DefaultSpecialityInput {
  /** The broker's client id in the client area; undefined on the plain site. */
  clientid?: string | undefined;
  /** The raw `s` query parameter, when the address has one. */
  s?: string | undefined;
  /** The session's `defaultspeciality`, when one was stored. */
  storedDefault?: string | undefined;
}

/** What the rules of specification §2 make of `s` (or, without it, of a stored default). */
export type DefaultSpecialityDecision =
  | { kind: 'several'; codes: string[] }
  | { kind: 'single'; code: string; specialityId: number }
  | { kind: 'stored'; code: string; specialityId: number }
  | { kind: 'none' }
  | { kind: 'invalid'; reason: string };

/**
 * The default-speciality rules, pure:
 * - several comma-separated codes, each one the broker offers, none repeated: show those;
 * - a single code the broker offers: it becomes the default, and the quote starts with it;
 * - anything else in `s` (an empty item, an unknown code or another broker's, a repeat): invalid;
 * - no `s` in the client area: the stored default, when this broker offers it (else none).
 * Codes match whatever their case, and spaces around an item are ignored.
 */
export function decideDefaultSpeciality(
  input: DefaultSpecialityInput,
  offered: readonly BrokerSpecialityRef[],
): DefaultSpecialityDecision {
  const byCode = new Map(offered.map((speciality) => [speciality.speiclaityRandomCode.toUpperCase(), speciality]));
  if (input.s === undefined) {
    const stored = input.clientid && input.storedDefault ? byCode.get(input.storedDefault.toUpperCase()) : undefined;
    if (stored) return { kind: 'stored', code: stored.speiclaityRandomCode, specialityId: stored.id };
    // Another broker's default is left alone, not removed: it is that storefront's, for when the visitor goes back.
    return { kind: 'none' };
  }
  const items = input.s.split(',').map((item) => item.trim());
  const found: BrokerSpecialityRef[] = [];
  for (const item of items) {
    if (!item) return { kind: 'invalid', reason: 'an empty item' };
    const speciality = byCode.get(item.toUpperCase());
    if (!speciality) return { kind: 'invalid', reason: `"${item}" is not offered here` };
    if (found.includes(speciality)) return { kind: 'invalid', reason: `"${item}" is repeated` };
    found.push(speciality);
  }
  const [first] = found;
  if (found.length === 1 && first) return { kind: 'single', code: first.speiclaityRandomCode, specialityId: first.id };
  return { kind: 'several', codes: found.map((speciality) => speciality.speiclaityRandomCode) };
}

export interface DefaultSpecialityContext {
  input: DefaultSpecialityInput;
  decision: DefaultSpecialityDecision | undefined;
  errorMessage: string | undefined;
}

/**
 * Resolves the default speciality of landing and specialities (specification §2). It navigates
 * through named actions provided at the router edge (src/routes/use-default-speciality.ts).
 */
export const defaultSpecialityMachine = setup({
  types: {
    context: {} as DefaultSpecialityContext,
    input: {} as DefaultSpecialityInput,
    events: {} as { type: 'defaultSpeciality.retry' },
  },
  actors: {
    loadOfferedSpecialities: fromPromise<OfferedSpecialities, { clientid: string | undefined }>(({ input }) =>
      offeredSpecialities(input.clientid, lookUpBroker),
    ),
  },
  actions: {
    decide: assign(({ context }, offered: readonly BrokerSpecialityRef[]) => ({
      decision: decideDefaultSpeciality(context.input, offered),
    })),
    storeError: assign((_, error: unknown) => ({ errorMessage: errorText(error) })),
    clearError: assign({ errorMessage: undefined }),
    /** Provided at the router edge: specialities with `speciality` holding the codes. */
    goToSpecialities: (_, _params: { codes: string[] }) => {},
    /** Provided at the router edge: quotes with state specialityId. */
    goToQuotes: (_, _params: { specialityId: number }) => {},
    /** Provided at the router edge: page-not-found (the branded one in the client area). */
    goToPageNotFound: () => {},
    /** Provided at the router edge: the session's `defaultspeciality` (undefined removes it). */
    storeDefaultSpeciality: (_, _params: { code: string | undefined }) => {},
  },
  guards: {
    hasNothingToResolve: ({ context }) =>
      context.input.s === undefined && !(context.input.clientid && context.input.storedDefault),
    isUnknownBroker: (_, offered: OfferedSpecialities) => !offered.brokerFound,
    decidedSeveral: ({ context }) => context.decision?.kind === 'several',
    decidedSingle: ({ context }) => context.decision?.kind === 'single',
    decidedStored: ({ context }) => context.decision?.kind === 'stored',
    decidedInvalid: ({ context }) => context.decision?.kind === 'invalid',
  },
}).createMachine({
  id: 'defaultSpeciality',
  context: ({ input }) => ({ input, decision: undefined, errorMessage: undefined }),
  initial: 'checking',
  states: {
    checking: {
      description:
        'A moment’s check of whether the address names specialities, or a broker’s storefront has a stored default.',
      always: [
        {
          guard: 'hasNothingToResolve',
          target: 'noDefault',
          description: 'Neither: there is no default speciality.',
          actions: assign({ decision: { kind: 'none' } }),
        },
        { target: 'loadingSpecialities', description: 'There is something to check against what is offered.' },
      ],
    },
    loadingSpecialities: {
      description: 'The specialities offered here (by the broker, or on sale on the plain site) are being fetched.',
      entry: 'clearError',
      invoke: {
        id: 'loadOfferedSpecialities',
        src: 'loadOfferedSpecialities',
        input: ({ context }) => ({ clientid: context.input.clientid }),
        onDone: [
          {
            guard: { type: 'isUnknownBroker', params: ({ event }) => event.output },
            target: 'notFound',
            description: 'The storefront address names no broker.',
          },
          {
            target: 'deciding',
            description: 'The offered specialities arrived.',
            actions: {
              type: 'decide',
              params: ({ event }: { event: DoneActorEvent<OfferedSpecialities> }) =>
                event.output.brokerFound ? event.output.offered : [],
            },
          },
        ],
        onError: {
          target: 'failed',
          description: 'The offered specialities could not be fetched.',
          actions: { type: 'storeError', params: errorOf },
        },
      },
    },
    deciding: {
      description: 'The codes in the address (or the stored default) are checked against what is offered here.',
      always: [
        { guard: 'decidedSeveral', target: 'showingSeveral', description: 'Several offered specialities are named.' },
        { guard: 'decidedSingle', target: 'quoting', description: 'One offered speciality is named.' },
        {
          guard: 'decidedStored',
          target: 'usingStoredDefault',
          description: 'None is named, and the storefront’s stored default is still offered.',
        },
        { guard: 'decidedInvalid', target: 'notFound', description: 'A code is empty, repeated or not offered here.' },
        { target: 'noDefault', description: 'Nothing to go on.' },
      ],
    },
    failed: {
      description: 'The offered specialities could not be fetched; the reason shows with Try again.',
      on: { 'defaultSpeciality.retry': { target: 'loadingSpecialities', description: 'The visitor tries again.' } },
    },
    showingSeveral: {
      description: 'The visitor is shown just the specialities the address named, to choose from.',
      type: 'final',
      entry: {
        type: 'goToSpecialities',
        params: ({ context }) => ({ codes: context.decision?.kind === 'several' ? context.decision.codes : [] }),
      },
    },
    quoting: {
      description: 'The named speciality becomes the default, and the visitor goes straight to its quote.',
      type: 'final',
      entry: [
        {
          type: 'storeDefaultSpeciality',
          params: ({ context }) => ({ code: context.decision?.kind === 'single' ? context.decision.code : undefined }),
        },
        {
          type: 'goToQuotes',
          params: ({ context }) => ({
            specialityId: context.decision?.kind === 'single' ? context.decision.specialityId : 0,
          }),
        },
      ],
    },
    usingStoredDefault: {
      description: 'The storefront’s stored default speciality stands; the page shows as it is.',
      type: 'final',
    },
    noDefault: {
      description: 'There is no default speciality; the page shows every speciality as usual.',
      type: 'final',
    },
    notFound: {
      description:
        'The address asks for a broker or speciality that is not offered here: the “page not found” screen shows.',
      type: 'final',
      entry: 'goToPageNotFound',
    },
  },
});
