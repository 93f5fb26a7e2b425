import { assign, fromPromise, setup } from 'xstate';
import {
  checkClientUrl,
  createBroker,
  listBrokers,
  removeBrokerLogo,
  setBrokerActive,
  updateBroker,
  uploadBrokerLogo,
} from '@/api/admin-brokers';
import { errorFields, errorText } from '@/api/api-error';
import type { AdminBroker, BrokerRequest, ClientUrlCheck } from '@shared/contract/admin-brokers';
import type { Speciality } from '@shared/contract/specialities';
import { getSpecialityList } from '@/api/specialities';
import { errorOf } from '@/machines/actor-events';

/** What the broker form sends: the record, and what becomes of the logo. */
export interface BrokerDraft {
  values: BrokerRequest;
  /** A new image to upload, 'remove' to drop the one it has, or undefined to keep it. */
  logo: File | 'remove' | undefined;
}

export type BrokerChange = { kind: 'created' | 'updated' | 'deactivated' | 'reactivated'; name: string };

export interface AdminBrokersContext {
  brokers: AdminBroker[];
  /** Specialities on sale, for the form's choices. */
  specialities: Speciality[];
  /** The broker in the form; null while creating one. Set to the saved broker once its record is saved. */
  editing: AdminBroker | null;
  /** The broker whose storefront waits to be closed or opened. */
  switching: AdminBroker | null;
  /** The client URL as typed, and what the server said of it (once it has). */
  clientUrl: { value: string; check: ClientUrlCheck | undefined };
  pendingLogo: BrokerDraft['logo'];
  errorMessage: string | undefined;
  fieldErrors: Record<string, string>;
  lastChange: BrokerChange | undefined;
}

export type AdminBrokersEvent =
  | { type: 'brokers.retry' }
  | { type: 'broker.add' }
  | { type: 'broker.edit'; id: number }
  | { type: 'broker.deactivate'; id: number }
  | { type: 'broker.reactivate'; id: number }
  /** Typed in the form's client URL field: checked once typing pauses (and only when well formed). */
  | { type: 'clientUrl.change'; value: string; wellFormed: boolean }
  | { type: 'editor.cancel' }
  | { type: 'editor.save'; draft: BrokerDraft }
  | { type: 'deactivate.cancel' }
  | { type: 'deactivate.confirm' };

/** How long typing must pause before the client URL is checked. */
export const CLIENT_URL_CHECK_DELAY_MS = 350;

/**
 * The administrator's brokers (issue 9): the list; a form to create or edit one whose client URL
 * is checked with the server as it is typed; the record saved first, then its logo (a refused
 * logo leaves the saved record in the form, now as an edit, so trying again never makes a second
 * broker); closing a storefront asks first, opening it again does not.
 */
export const adminBrokersMachine = setup({
  types: {
    context: {} as AdminBrokersContext,
    events: {} as AdminBrokersEvent,
  },
  actors: {
    /** GET admin/brokers and the specialities on sale. */
    loadBrokers: fromPromise<{ brokers: AdminBroker[]; specialities: Speciality[] }>(async () => {
      const [brokers, specialities] = await Promise.all([listBrokers(), getSpecialityList()]);
      return { brokers, specialities };
    }),
    /** GET admin/brokers: after a change. */
    reloadBrokers: fromPromise<AdminBroker[]>(() => listBrokers()),
    /** GET admin/brokers/clienturl. */
    checkClientUrl: fromPromise<ClientUrlCheck, { value: string; brokerId: number | undefined }>(({ input }) =>
      checkClientUrl(input.value, input.brokerId),
    ),
    /** POST admin/brokers or PUT admin/brokers/{id}. */
    saveBroker: fromPromise<AdminBroker, { id: number | undefined; values: BrokerRequest }>(({ input }) =>
      input.id === undefined ? createBroker(input.values) : updateBroker(input.id, input.values),
    ),
    /** PUT or DELETE admin/brokers/{id}/logo. */
    saveLogo: fromPromise<AdminBroker, { id: number; logo: File | 'remove' }>(({ input }) =>
      input.logo === 'remove' ? removeBrokerLogo(input.id) : uploadBrokerLogo(input.id, input.logo),
    ),
    /** PUT admin/brokers/{id}/active. */
    switchActive: fromPromise<AdminBroker, { id: number; active: boolean }>(({ input }) =>
      setBrokerActive(input.id, input.active),
    ),
  },
  actions: {
    storeLoaded: assign((_, loaded: { brokers: AdminBroker[]; specialities: Speciality[] }) => ({
      ...loaded,
      errorMessage: undefined,
    })),
    storeBrokers: assign((_, brokers: AdminBroker[]) => ({ brokers, errorMessage: undefined })),
    storeLoadError: assign((_, error: unknown) => ({ errorMessage: errorText(error) })),
    openNew: assign({
      editing: null,
      clientUrl: { value: '', check: undefined },
      pendingLogo: undefined,
      errorMessage: undefined,
      fieldErrors: {},
      lastChange: undefined,
    }),
    openExisting: assign(({ context }, id: number) => {
      const editing = context.brokers.find((broker) => broker.id === id) ?? null;
      return {
        editing,
        clientUrl: { value: editing?.clientUrl ?? '', check: undefined },
        pendingLogo: undefined,
        errorMessage: undefined,
        fieldErrors: {},
        lastChange: undefined,
      };
    }),
    storeClientUrl: assign(({ context }, value: string) => ({
      clientUrl: {
        value,
        check: context.clientUrl.check?.clientUrl === value.trim().toLowerCase() ? context.clientUrl.check : undefined,
      },
    })),
    storeCheck: assign(({ context }, check: ClientUrlCheck) => ({
      // An answer for what is no longer typed says nothing about what is.
      clientUrl:
        check.clientUrl === context.clientUrl.value.trim().toLowerCase()
          ? { ...context.clientUrl, check }
          : context.clientUrl,
    })),
    storePendingLogo: assign((_, draft: BrokerDraft) => ({
      pendingLogo: draft.logo,
      errorMessage: undefined,
      fieldErrors: {},
    })),
    storeSaved: assign(({ context }, saved: AdminBroker) => ({
      editing: saved,
      lastChange: { kind: context.editing ? ('updated' as const) : ('created' as const), name: saved.name },
    })),
    storeRefusal: assign((_, error: unknown) => ({ errorMessage: errorText(error), fieldErrors: errorFields(error) })),
    storeLogoRefusal: assign((_, error: unknown) => {
      const fields = errorFields(error);
      return {
        errorMessage: `The broker was saved, but not its logo. ${errorText(error)}`,
        fieldErrors: { logo: fields.logo ?? errorText(error) },
      };
    }),
    closeEditor: assign({ editing: null, pendingLogo: undefined, errorMessage: undefined, fieldErrors: {} }),
    pickSwitching: assign(({ context }, id: number) => ({
      switching: context.brokers.find((broker) => broker.id === id) ?? null,
      errorMessage: undefined,
      lastChange: undefined,
    })),
    noteSwitched: assign((_, broker: AdminBroker) => ({
      switching: null,
      lastChange: { kind: broker.active ? ('reactivated' as const) : ('deactivated' as const), name: broker.name },
    })),
    storeSwitchError: assign((_, error: unknown) => ({ switching: null, errorMessage: errorText(error) })),
    forgetSwitch: assign({ switching: null }),
  },
  guards: {
    knownBroker: ({ context }, id: number) => context.brokers.some((broker) => broker.id === id),
    hasLogoChange: ({ context }) => context.pendingLogo !== undefined,
    isWellFormed: (_, wellFormed: boolean) => wellFormed,
  },
  delays: {
    typingPause: CLIENT_URL_CHECK_DELAY_MS,
  },
}).createMachine({
  id: 'adminBrokers',
  context: {
    brokers: [],
    specialities: [],
    editing: null,
    switching: null,
    clientUrl: { value: '', check: undefined },
    pendingLogo: undefined,
    errorMessage: undefined,
    fieldErrors: {},
    lastChange: undefined,
  },
  initial: 'loading',
  states: {
    loading: {
      description: 'The brokers, and the specialities on sale for the form, are being fetched.',
      invoke: {
        id: 'loadBrokers',
        src: 'loadBrokers',
        onDone: {
          target: 'list',
          description: 'The brokers arrived.',
          actions: { type: 'storeLoaded', params: ({ event }) => event.output },
        },
        onError: {
          target: 'loadFailed',
          description: 'The brokers could not be fetched.',
          actions: { type: 'storeLoadError', params: errorOf },
        },
      },
    },
    loadFailed: {
      description: 'The brokers could not be fetched; the reason shows with Try again.',
      on: { 'brokers.retry': { target: 'loading', description: 'The administrator tries again.' } },
    },
    list: {
      description:
        'The administrator sees every broker, with whether its storefront is open, and what was last changed.',
      on: {
        'broker.add': { target: 'editor', description: 'The administrator starts a new broker.', actions: 'openNew' },
        'broker.edit': {
          description: 'The administrator opens a broker to change it.',
          guard: { type: 'knownBroker', params: ({ event }) => event.id },
          target: 'editor',
          actions: { type: 'openExisting', params: ({ event }) => event.id },
        },
        'broker.deactivate': {
          description: 'The administrator asks to close a broker’s storefront.',
          guard: { type: 'knownBroker', params: ({ event }) => event.id },
          target: 'confirmingDeactivate',
          actions: { type: 'pickSwitching', params: ({ event }) => event.id },
        },
        'broker.reactivate': {
          description: 'The administrator opens a closed storefront again, without being asked to confirm.',
          guard: { type: 'knownBroker', params: ({ event }) => event.id },
          target: 'switching',
          actions: { type: 'pickSwitching', params: ({ event }) => event.id },
        },
        'brokers.retry': { target: 'refreshing', description: 'The administrator fetches the list again.' },
      },
    },
    editor: {
      description: 'The broker form is open, to create a broker or change one.',
      initial: 'form',
      states: {
        form: {
          description: 'The administrator fills in the broker’s details while its client URL is checked alongside.',
          type: 'parallel',
          on: {
            'editor.cancel': {
              target: '#adminBrokers.list',
              description: 'The administrator closes the form without saving.',
              actions: 'closeEditor',
            },
            'editor.save': {
              target: 'saving',
              description: 'The administrator saves the form.',
              actions: { type: 'storePendingLogo', params: ({ event }) => event.draft },
            },
          },
          states: {
            clientUrl: {
              description: 'The client URL field, checked with the server once typing pauses.',
              initial: 'idle',
              on: {
                'clientUrl.change': [
                  {
                    description: 'A well-formed address was typed: it is checked once typing pauses.',
                    guard: { type: 'isWellFormed', params: ({ event }) => event.wellFormed },
                    target: '.waiting',
                    reenter: true,
                    actions: { type: 'storeClientUrl', params: ({ event }) => event.value },
                  },
                  {
                    target: '.idle',
                    description: 'An address not yet well formed was typed: nothing is checked.',
                    actions: { type: 'storeClientUrl', params: ({ event }) => event.value },
                  },
                ],
              },
              states: {
                idle: {
                  description:
                    'Nothing is being checked; what the server last said of the address, if anything, shows by the field.',
                },
                waiting: {
                  description: 'The administrator is typing the client URL; the check waits for a pause.',
                  after: { typingPause: { target: 'checking', description: 'Typing paused.' } },
                },
                checking: {
                  description: 'The server is asked whether the client URL is free to use.',
                  invoke: {
                    id: 'checkClientUrl',
                    src: 'checkClientUrl',
                    input: ({ context }) => ({ value: context.clientUrl.value.trim(), brokerId: context.editing?.id }),
                    onDone: {
                      target: 'idle',
                      description: 'The server said whether the address is free.',
                      actions: { type: 'storeCheck', params: ({ event }) => event.output },
                    },
                    // The check only helps: saving checks again, and says so by the field.
                    onError: {
                      target: 'idle',
                      description: 'The check failed; saving checks the address again anyway.',
                    },
                  },
                },
              },
            },
          },
        },
        saving: {
          description: 'The broker’s details are being saved.',
          invoke: {
            id: 'saveBroker',
            src: 'saveBroker',
            input: ({ context, event }) => ({
              id: context.editing?.id,
              values: event.type === 'editor.save' ? event.draft.values : ({} as BrokerRequest),
            }),
            onDone: [
              {
                guard: 'hasLogoChange',
                target: 'savingLogo',
                description: 'Saved, and the logo was changed: the logo is saved next.',
                actions: { type: 'storeSaved', params: ({ event }) => event.output },
              },
              {
                target: '#adminBrokers.refreshing',
                description: 'Saved, with no logo change.',
                actions: { type: 'storeSaved', params: ({ event }) => event.output },
              },
            ],
            onError: {
              target: 'form',
              description: 'Refused: the form shows why, field by field.',
              actions: { type: 'storeRefusal', params: errorOf },
            },
          },
        },
        savingLogo: {
          description: 'The broker is saved; its new logo is being uploaded (or the old one removed).',
          invoke: {
            id: 'saveLogo',
            src: 'saveLogo',
            input: ({ context }) => ({ id: context.editing!.id, logo: context.pendingLogo as File | 'remove' }),
            onDone: { target: '#adminBrokers.refreshing', description: 'The logo was saved.' },
            onError: {
              target: 'form',
              description: 'The logo was refused: the saved broker stays in the form, to try the logo again.',
              actions: { type: 'storeLogoRefusal', params: errorOf },
            },
          },
        },
      },
    },
    confirmingDeactivate: {
      description: 'The administrator is asked to confirm closing the broker’s storefront.',
      on: {
        'deactivate.cancel': {
          target: 'list',
          description: 'The administrator keeps the storefront open.',
          actions: 'forgetSwitch',
        },
        'deactivate.confirm': { target: 'switching', description: 'The administrator confirms closing it.' },
      },
    },
    switching: {
      description: 'The broker’s storefront is being closed or opened.',
      invoke: {
        id: 'switchActive',
        src: 'switchActive',
        input: ({ context }) => ({ id: context.switching!.id, active: !context.switching!.active }),
        onDone: {
          target: 'refreshing',
          description: 'The storefront was closed or opened.',
          actions: { type: 'noteSwitched', params: ({ event }) => event.output },
        },
        onError: {
          target: 'list',
          description: 'The change was refused; the list says why.',
          actions: { type: 'storeSwitchError', params: errorOf },
        },
      },
    },
    refreshing: {
      description: 'The form closes and the list of brokers is fetched again to show the change.',
      entry: 'closeEditor',
      invoke: {
        id: 'reloadBrokers',
        src: 'reloadBrokers',
        onDone: {
          target: 'list',
          description: 'The list arrived.',
          actions: { type: 'storeBrokers', params: ({ event }) => event.output },
        },
        onError: {
          target: 'list',
          description: 'The list could not be fetched; the one on screen stays, with the reason.',
          actions: { type: 'storeLoadError', params: errorOf },
        },
      },
    },
  },
});
