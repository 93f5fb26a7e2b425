import { assign, fromPromise, setup, type ErrorActorEvent } from 'xstate';
import { errorFields, errorStatus, errorText, serverMessage } from '@/api/api-error';
import type { UsState } from '@shared/contract/lists';
import type { Location, PlanLocation, PlanLocations } from '@shared/contract/locations';
import type {
  PrimaryInsured,
  PrimaryInsuredWithLocation,
  UpdatePrimaryInsuredWithLocationRequest,
} from '@shared/contract/primary-insured';
import type { OrderDetails } from '@shared/contract/submissions';
import { getStateList } from '@/api/lists';
import { listLocations } from '@/api/locations';
import { addLocations, deletePlanLocation, getPlanLocations } from '@/api/plan-locations';
import { getPrimaryInsured, updatePrimaryInsuredWithLocation } from '@/api/primary-insured';
import { getOrderDetails } from '@/api/submissions';
import { errorOf } from '@/machines/actor-events';

/** Everything the screen shows, loaded together and again after each change. */
export interface EditOrderData {
  /** The order's number and speciality. */
  details: OrderDetails;
  /** The order's locations and its price. */
  order: PlanLocations;
  insured: PrimaryInsured;
  /** The insured's saved locations, offered as the order's. */
  savedLocations: Location[];
  /** Null when the list could not load: the form then takes a typed state code. */
  states: UsState[] | null;
}

/** The named-insured form's request; the machine adds the order. */
export type InsuredRequest = Omit<UpdatePrimaryInsuredWithLocationRequest, 'submissionId'>;

export interface Failure {
  section: 'insured' | 'locations';
  title: string;
  message: string;
  /** The server's messages by field name (a 400). */
  fields: Record<string, string>;
}

export type Change =
  | { kind: 'rerated'; totalCents: number; previousTotalCents: number | null }
  | { kind: 'saved'; what: 'insured' | 'locations' };

export interface EditOrderContext {
  submissionId: number | undefined;
  data: EditOrderData | undefined;
  /** Saved location ids ticked "On this order". */
  chosen: number[];
  /** The order could not load (or load again) in words. */
  errorMessage: string | undefined;
  /** A save the server (or the form's own check) refused, in words, for the section it belongs to. */
  failure: Failure | undefined;
  /** The plan location whose removal waits for confirmation. */
  removing: PlanLocation | null;
  /** The removal the server refused (shown in the confirmation). */
  removeError: string | undefined;
  /** The last change, for the screen's polite live region; `changes` counts them so a repeat is announced again. */
  lastChange: Change | undefined;
  changes: number;
}

export type EditOrderEvent =
  | { type: 'order.retry' }
  | { type: 'insured.save'; request: InsuredRequest }
  | { type: 'locations.toggle'; locationId: number; chosen: boolean }
  | { type: 'locations.update' }
  | { type: 'planLocation.remove'; id: number }
  | { type: 'remove.cancel' }
  | { type: 'remove.confirm' };

/** Plan locations change only in these statuses; the server answers 409 otherwise. */
export const EDITABLE_STATUSES: readonly string[] = ['draft', 'quoted', 'incomplete'];

/** Saved location ids already on the order. */
export function onOrder(data: EditOrderData): number[] {
  const saved = new Set(data.savedLocations.map((location) => location.id));
  return data.order.locations.flatMap((plan) =>
    plan.locationId !== null && saved.has(plan.locationId) ? [plan.locationId] : [],
  );
}

/**
 * What "Update locations" sends: the ticked ones not on the order yet and the unticked ones that
 * are. The insured's primary location goes first, since the first location an order gets becomes
 * the address it is rated at.
 */
export function locationChanges(data: EditOrderData, chosen: readonly number[]): { add: number[]; remove: number[] } {
  const current = new Set(onOrder(data));
  const ticked = new Set(chosen);
  const ordered = [...data.savedLocations].sort((a, b) => Number(b.isprimary) - Number(a.isprimary));
  return {
    add: ordered
      .filter((location) => ticked.has(location.id) && !current.has(location.id))
      .map((location) => location.id),
    remove: ordered
      .filter((location) => current.has(location.id) && !ticked.has(location.id))
      .map((location) => location.id),
  };
}

/** A refused save in words: a 409 and a 422 say what they mean for this order, with the server's reason. */
export function refusalWords(error: unknown): string {
  const said = serverMessage(error);
  switch (errorStatus(error)) {
    case 409:
      return `This order can no longer be changed.${said ? ` ${said}` : ''}`;
    case 422:
      return `We cannot price this order at that address.${said ? ` ${said}` : ''}`;
    case 400:
      return said ?? errorText(error);
    default:
      return errorText(error);
  }
}

const failureOf = (section: Failure['section'], error: unknown): Failure => ({
  section,
  title: section === 'insured' ? 'We could not save the named insured' : 'We could not update the locations',
  message: refusalWords(error),
  fields: errorStatus(error) === 400 ? errorFields(error) : {},
});

function changeOf(order: PlanLocations, what: 'insured' | 'locations'): Change {
  return order.rerated && order.totalCents !== null
    ? { kind: 'rerated', totalCents: order.totalCents, previousTotalCents: order.previousTotalCents }
    : { kind: 'saved', what };
}

const withOrder = (data: EditOrderData | undefined, order: PlanLocations, insured?: PrimaryInsured) =>
  data ? { ...data, order, ...(insured ? { insured } : {}) } : undefined;

/**
 * One order's named insured and locations, edited in place and priced again by the server when
 * its rating address moves. Loads the order, its locations, the insured and their saved locations
 * together; after every change it stores the answer straight away (the new price shows at once)
 * and then loads everything again, since one change can move others (a new primary location, a
 * renamed saved location). A missing or someone else's order is "not found", never "not yours".
 * Once the order is on show the machine stays in `editing` (its data loaded) until the order is
 * gone; `removing` holds the confirmation and the call, and closes the question however it ends.
 */
export const editOrderMachine = setup({
  types: {
    context: {} as EditOrderContext,
    input: {} as { submissionId: number | undefined },
    events: {} as EditOrderEvent,
  },
  actors: {
    loadOrder: fromPromise<EditOrderData, { submissionId: number; states: UsState[] | null }>(async ({ input }) => {
      const [details, order, insured, savedLocations, states] = await Promise.all([
        getOrderDetails(input.submissionId),
        getPlanLocations(input.submissionId),
        getPrimaryInsured(),
        listLocations(),
        // The states do not change between reloads. The form can do without them (a typed
        // state code), so their failure does not fail the screen.
        input.states ?? getStateList().catch(() => null),
      ]);
      return { details, order, insured, savedLocations, states };
    }),
    saveInsured: fromPromise<PrimaryInsuredWithLocation, { submissionId: number; request: InsuredRequest }>(
      ({ input }) => updatePrimaryInsuredWithLocation({ ...input.request, submissionId: input.submissionId }),
    ),
    saveLocations: fromPromise<PlanLocations, { submissionId: number; add: number[]; remove: number[] }>(({ input }) =>
      addLocations(input.submissionId, input.add, input.remove),
    ),
    removePlanLocation: fromPromise<PlanLocations, { submissionId: number; planLocationId: number }>(({ input }) =>
      deletePlanLocation(input.planLocationId, input.submissionId),
    ),
  },
  actions: {
    // Leaves `failure` alone: a 409's words stay visible after the reload it caused.
    storeData: assign((_, data: EditOrderData) => ({ data, chosen: onOrder(data), errorMessage: undefined })),
    storeLoadError: assign((_, error: unknown) => ({ errorMessage: errorText(error) })),
    toggle: assign(({ context }, params: { locationId: number; chosen: boolean }) => ({
      chosen: params.chosen
        ? [...new Set([...context.chosen, params.locationId])]
        : context.chosen.filter((id) => id !== params.locationId),
      // What was said about the ticks ("Nothing to update", a 422) no longer fits new ones.
      failure: context.failure?.section === 'locations' ? undefined : context.failure,
    })),
    clearFailure: assign({ failure: undefined }),
    noteNothingChanged: assign({
      failure: {
        section: 'locations',
        title: 'Nothing to update',
        message: 'These are already the order’s locations. Tick or untick a location first.',
        fields: {},
      } satisfies Failure,
    }),
    noteNeedsOne: assign({
      failure: {
        section: 'locations',
        title: 'Keep at least one location',
        message: 'An order is priced at one of its locations: tick at least one.',
        fields: {},
      } satisfies Failure,
    }),
    storeFailure: assign((_, params: { section: Failure['section']; error: unknown }) => ({
      failure: failureOf(params.section, params.error),
    })),
    noteInsuredSaved: assign(({ context }, saved: PrimaryInsuredWithLocation) => ({
      data: withOrder(context.data, saved.order, saved.insured),
      lastChange: changeOf(saved.order, 'insured'),
      changes: context.changes + 1,
      failure: undefined,
    })),
    noteLocationsSaved: assign(({ context }, order: PlanLocations) => ({
      data: withOrder(context.data, order),
      lastChange: changeOf(order, 'locations'),
      changes: context.changes + 1,
      failure: undefined,
    })),
    askRemove: assign(({ context }, id: number) => ({
      removing: context.data?.order.locations.find((plan) => plan.id === id) ?? null,
      removeError: undefined,
    })),
    closeRemove: assign({ removing: null, removeError: undefined }),
    storeRemoveError: assign((_, error: unknown) => ({ removeError: refusalWords(error) })),
  },
  guards: {
    hasSubmission: ({ context }) => context.submissionId !== undefined,
    isNotFound: (_, error: unknown) => errorStatus(error) === 404 || errorStatus(error) === 400,
    isGone: (_, error: unknown) => errorStatus(error) === 404,
    isConflict: (_, error: unknown) => errorStatus(error) === 409,
    knownLocation: ({ context }, locationId: number) =>
      context.data?.savedLocations.some((location) => location.id === locationId) ?? false,
    knownPlanLocation: ({ context }, id: number) =>
      context.data?.order.locations.some((plan) => plan.id === id) ?? false,
    nothingChanged: ({ context }) => {
      if (!context.data) return true;
      const { add, remove } = locationChanges(context.data, context.chosen);
      return add.length === 0 && remove.length === 0;
    },
    // Unticking every saved location would leave the order nowhere to be priced (unless it keeps
    // a copy whose saved location was deleted since).
    leavesNone: ({ context }) =>
      context.data !== undefined &&
      context.chosen.length === 0 &&
      context.data.order.locations.length === onOrder(context.data).length,
  },
}).createMachine({
  id: 'editOrder',
  // Too many ways to move for one readable picture in full: docs/machines draws it as an overview.
  meta: { diagram: 'overview' },
  context: ({ input }) => ({
    submissionId: input.submissionId,
    data: undefined,
    chosen: [],
    errorMessage: undefined,
    failure: undefined,
    removing: null,
    removeError: undefined,
    lastChange: undefined,
    changes: 0,
  }),
  initial: 'checking',
  states: {
    checking: {
      description: 'A moment’s check of whether the address names an order.',
      always: [
        { guard: 'hasSubmission', target: 'loading', description: 'It does: the order is fetched.' },
        { target: 'notFound', description: 'It names none.' },
      ],
    },
    loading: {
      description: 'The order, its locations, the named insured and their saved locations are being fetched together.',
      invoke: {
        id: 'loadOrder',
        src: 'loadOrder',
        input: ({ context }) => ({ submissionId: context.submissionId!, states: context.data?.states ?? null }),
        onDone: {
          target: 'editing',
          description: 'The order arrived.',
          actions: { type: 'storeData', params: ({ event }) => event.output },
        },
        onError: [
          {
            guard: { type: 'isNotFound', params: errorOf },
            target: 'notFound',
            description: 'There is no such order for this account.',
          },
          {
            target: 'loadFailed',
            description: 'The order could not be fetched.',
            actions: { type: 'storeLoadError', params: errorOf },
          },
        ],
      },
    },
    loadFailed: {
      description: 'The order could not be fetched; the reason shows with Try again.',
      on: { 'order.retry': { target: 'loading', description: 'The insured tries again.' } },
    },
    notFound: {
      description: 'There is no such order for this account (a missing order and someone else’s look the same).',
    },
    editing: {
      description:
        'The order is on show: the insured changes the named insured or its locations, each change is priced again, and the order is fetched again after it.',
      initial: 'ready',
      states: {
        ready: {
          description:
            'The insured edits the named insured and ticks which saved locations the order covers, with the price as it stands.',
          on: {
            'locations.toggle': {
              description: 'The insured ticks or unticks a saved location.',
              guard: { type: 'knownLocation', params: ({ event }) => event.locationId },
              actions: {
                type: 'toggle',
                params: ({ event }) => ({ locationId: event.locationId, chosen: event.chosen }),
              },
            },
            'locations.update': [
              {
                guard: 'nothingChanged',
                description: 'Nothing was ticked or unticked: the insured is told so, and nothing is sent.',
                actions: 'noteNothingChanged',
              },
              {
                guard: 'leavesNone',
                description: 'Every location was unticked: the insured is asked to keep one, and nothing is sent.',
                actions: 'noteNeedsOne',
              },
              {
                target: 'savingLocations',
                description: 'The insured saves the locations ticked.',
                actions: 'clearFailure',
              },
            ],
            'insured.save': {
              target: 'savingInsured',
              description: 'The insured saves the named insured.',
              actions: 'clearFailure',
            },
            'planLocation.remove': {
              description: 'The insured asks to remove a location from the order.',
              guard: { type: 'knownPlanLocation', params: ({ event }) => event.id },
              target: 'removing',
              actions: { type: 'askRemove', params: ({ event }) => event.id },
            },
            // After a reload that failed: the data shown may be out of date.
            'order.retry': {
              target: 'refreshing',
              description: 'After a failed reload, the insured fetches the order again.',
            },
          },
        },
        savingInsured: {
          description:
            'The named insured’s details are being saved, and the order priced again where its address moved.',
          invoke: {
            id: 'saveInsured',
            src: 'saveInsured',
            input: ({ context, event }) => ({
              submissionId: context.submissionId!,
              request: (event as Extract<EditOrderEvent, { type: 'insured.save' }>).request,
            }),
            onDone: {
              target: 'refreshing',
              description: 'Saved: the new price shows at once.',
              actions: { type: 'noteInsuredSaved', params: ({ event }) => event.output },
            },
            onError: [
              // The order moved on (bought, sent to an underwriter): reload to show it as it is now.
              {
                description: 'The order moved on meanwhile: it is fetched again to show it as it is now.',
                guard: { type: 'isConflict', params: errorOf },
                target: 'refreshing',
                actions: {
                  type: 'storeFailure',
                  params: ({ event }: { event: ErrorActorEvent }) => ({
                    section: 'insured' as const,
                    error: event.error,
                  }),
                },
              },
              {
                target: 'ready',
                description: 'Refused or not reached: the form says why.',
                actions: {
                  type: 'storeFailure',
                  params: ({ event }: { event: ErrorActorEvent }) => ({
                    section: 'insured' as const,
                    error: event.error,
                  }),
                },
              },
            ],
          },
        },
        savingLocations: {
          description: 'The order’s locations are being saved, and the order priced again.',
          invoke: {
            id: 'saveLocations',
            src: 'saveLocations',
            input: ({ context }) => ({
              submissionId: context.submissionId!,
              ...locationChanges(context.data!, context.chosen),
            }),
            onDone: {
              target: 'refreshing',
              description: 'Saved: the new price shows at once.',
              actions: { type: 'noteLocationsSaved', params: ({ event }) => event.output },
            },
            onError: [
              {
                description: 'The order moved on meanwhile: it is fetched again to show it as it is now.',
                guard: { type: 'isConflict', params: errorOf },
                target: 'refreshing',
                actions: {
                  type: 'storeFailure',
                  params: ({ event }: { event: ErrorActorEvent }) => ({
                    section: 'locations' as const,
                    error: event.error,
                  }),
                },
              },
              {
                target: 'ready',
                description: 'Refused or not reached: the locations say why.',
                actions: {
                  type: 'storeFailure',
                  params: ({ event }: { event: ErrorActorEvent }) => ({
                    section: 'locations' as const,
                    error: event.error,
                  }),
                },
              },
            ],
          },
        },
        removing: {
          description:
            'A location is being taken off the order: the insured confirms, then it is removed; the question closes however it ends.',
          initial: 'confirming',
          // Every way out (kept, removed, already gone) closes the question.
          exit: 'closeRemove',
          states: {
            confirming: {
              description: 'The insured is asked to confirm removing the location from the order.',
              on: {
                'remove.cancel': { target: '#editOrder.editing.ready', description: 'The insured keeps the location.' },
                'remove.confirm': {
                  target: 'sending',
                  description: 'The insured confirms removing it.',
                  actions: 'clearFailure',
                },
              },
            },
            sending: {
              description: 'The location is being removed from the order, and the order priced again.',
              invoke: {
                id: 'removePlanLocation',
                src: 'removePlanLocation',
                input: ({ context }) => ({
                  submissionId: context.submissionId!,
                  planLocationId: context.removing?.id ?? 0,
                }),
                onDone: {
                  target: '#editOrder.editing.refreshing',
                  description: 'Removed: the new price shows at once.',
                  actions: { type: 'noteLocationsSaved', params: ({ event }) => event.output },
                },
                onError: [
                  // Gone already (another tab): the reload catches up.
                  {
                    guard: { type: 'isGone', params: errorOf },
                    target: '#editOrder.editing.refreshing',
                    description: 'It was already gone (removed on another tab).',
                  },
                  {
                    target: 'confirming',
                    description: 'Refused or not reached: the question stays open with the reason.',
                    actions: { type: 'storeRemoveError', params: errorOf },
                  },
                ],
              },
            },
          },
        },
        refreshing: {
          description:
            'Everything is fetched again after a change, since one change can move others; the order on show stays meanwhile.',
          invoke: {
            id: 'reloadOrder',
            src: 'loadOrder',
            input: ({ context }) => ({ submissionId: context.submissionId!, states: context.data?.states ?? null }),
            onDone: {
              target: 'ready',
              description: 'The order arrived as it is now.',
              actions: { type: 'storeData', params: ({ event }) => event.output },
            },
            onError: [
              {
                guard: { type: 'isGone', params: errorOf },
                target: '#editOrder.notFound',
                description: 'The order is gone.',
              },
              // What is shown stays; the screen says it may be out of date and offers Try again.
              {
                target: 'ready',
                description:
                  'It could not be fetched: what is shown stays, marked as possibly out of date, with Try again.',
                actions: { type: 'storeLoadError', params: errorOf },
              },
            ],
          },
        },
      },
    },
  },
});
