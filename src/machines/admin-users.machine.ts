import { assign, fromPromise, setup } from 'xstate';
import { listBrokers } from '@/api/admin-brokers';
import { changeRole, listUsers, unlockUser, type UserFilters } from '@/api/admin-users';
import { errorFields, errorText } from '@/api/api-error';
import type { AdminBroker } from '@shared/contract/admin-brokers';
import type { AdminUser, Role, UserList } from '@shared/contract/admin-users';
import { errorOf } from '@/machines/actor-events';

export type UserChange = { kind: 'role' | 'unlocked'; user: AdminUser };

export interface AdminUsersContext {
  /** What the address asks for: admin/users?q&role&page. */
  filters: UserFilters;
  list: UserList | undefined;
  /** Active brokers, for a broker's user. */
  brokers: AdminBroker[];
  /** The user whose role is being changed, or who is being unlocked. */
  target: AdminUser | null;
  errorMessage: string | undefined;
  fieldErrors: Record<string, string>;
  lastChange: UserChange | undefined;
}

export type AdminUsersEvent =
  /** Searched or paged on the screen: the address follows, and the list loads. */
  | { type: 'users.search'; filters: UserFilters }
  /** The address changed by itself (Back, a link). */
  | { type: 'users.sync'; filters: UserFilters }
  | { type: 'users.retry' }
  | { type: 'user.changeRole'; id: number }
  | { type: 'role.cancel' }
  | { type: 'role.save'; role: Role; brokerId: number | null }
  | { type: 'user.unlock'; id: number };

const sameFilters = (a: UserFilters, b: UserFilters) =>
  (a.q ?? '') === (b.q ?? '') && a.role === b.role && (a.page ?? 1) === (b.page ?? 1);

/**
 * The administrator's users (issue 9): found by e-mail, name or company, narrowed by role, a page
 * at a time (all in the address); a role changed in a dialog (a broker's user names their
 * broker); a locked account unlocked. After each change the page loads again.
 */
export const adminUsersMachine = setup({
  types: {
    context: {} as AdminUsersContext,
    input: {} as { filters: UserFilters },
    events: {} as AdminUsersEvent,
  },
  actors: {
    /** GET admin/users and, the first time, the brokers. */
    loadUsers: fromPromise<
      { list: UserList; brokers: AdminBroker[] | undefined },
      { filters: UserFilters; withBrokers: boolean }
    >(async ({ input }) => {
      const [list, brokers] = await Promise.all([
        listUsers(input.filters),
        input.withBrokers ? listBrokers() : undefined,
      ]);
      return { list, brokers: brokers?.filter((broker) => broker.active) };
    }),
    /** PUT admin/users/{id}/role. */
    saveRole: fromPromise<AdminUser, { id: number; role: Role; brokerId: number | null }>(({ input }) =>
      changeRole(input.id, input.role, input.brokerId),
    ),
    /** PUT admin/users/{id}/unlock. */
    unlock: fromPromise<AdminUser, { id: number }>(({ input }) => unlockUser(input.id)),
  },
  actions: {
    storeFilters: assign((_, filters: UserFilters) => ({ filters })),
    /** Puts the search in the address; provided by the screen (router navigation). */
    showFilters: (_, _filters: UserFilters) => {},
    storeLoaded: assign(({ context }, loaded: { list: UserList; brokers: AdminBroker[] | undefined }) => ({
      list: loaded.list,
      brokers: loaded.brokers ?? context.brokers,
      errorMessage: undefined,
    })),
    storeError: assign((_, error: unknown) => ({ errorMessage: errorText(error), fieldErrors: errorFields(error) })),
    pick: assign(({ context }, id: number) => ({
      target: context.list?.users.find((user) => user.id === id) ?? null,
      errorMessage: undefined,
      fieldErrors: {},
      lastChange: undefined,
    })),
    forget: assign({ target: null, errorMessage: undefined, fieldErrors: {} }),
    noteChange: assign((_, change: UserChange) => ({
      lastChange: change,
      target: null,
      errorMessage: undefined,
      fieldErrors: {},
    })),
    storeActionError: assign((_, error: unknown) => ({ errorMessage: errorText(error), target: null })),
  },
  guards: {
    filtersDiffer: ({ context }, filters: UserFilters) => !sameFilters(context.filters, filters),
    knownUser: ({ context }, id: number) => Boolean(context.list?.users.some((user) => user.id === id)),
  },
}).createMachine({
  id: 'adminUsers',
  context: ({ input }) => ({
    filters: input.filters,
    list: undefined,
    brokers: [],
    target: null,
    errorMessage: undefined,
    fieldErrors: {},
    lastChange: undefined,
  }),
  initial: 'loading',
  on: {
    'users.search': {
      description: 'The administrator searches, narrows by role or turns the page, and the list is fetched for it.',
      guard: { type: 'filtersDiffer', params: ({ event }) => event.filters },
      target: '.loading',
      actions: [
        { type: 'storeFilters', params: ({ event }) => event.filters },
        { type: 'showFilters', params: ({ event }) => event.filters },
      ],
    },
    'users.sync': {
      description: 'The address changed by itself (Back, a link), and the list is fetched for what it now asks.',
      guard: { type: 'filtersDiffer', params: ({ event }) => event.filters },
      target: '.loading',
      actions: { type: 'storeFilters', params: ({ event }) => event.filters },
    },
  },
  states: {
    loading: {
      description: 'The users matching the search are being fetched, a page at a time.',
      invoke: {
        id: 'loadUsers',
        src: 'loadUsers',
        input: ({ context }) => ({ filters: context.filters, withBrokers: context.brokers.length === 0 }),
        onDone: {
          target: 'list',
          description: 'The users arrived.',
          actions: { type: 'storeLoaded', params: ({ event }) => event.output },
        },
        onError: {
          target: 'loadFailed',
          description: 'The users could not be fetched.',
          actions: { type: 'storeError', params: errorOf },
        },
      },
    },
    loadFailed: {
      description: 'The users could not be fetched; the reason shows with Try again.',
      on: { 'users.retry': { target: 'loading', description: 'The administrator tries again.' } },
    },
    list: {
      description:
        'The administrator sees the users found, their roles and whether they are locked out, and what was last changed.',
      on: {
        'user.changeRole': {
          description: 'The administrator opens a user’s role to change it.',
          guard: { type: 'knownUser', params: ({ event }) => event.id },
          target: 'roleDialog',
          actions: { type: 'pick', params: ({ event }) => event.id },
        },
        'user.unlock': {
          description: 'The administrator unlocks a locked-out account.',
          guard: { type: 'knownUser', params: ({ event }) => event.id },
          target: 'unlocking',
          actions: { type: 'pick', params: ({ event }) => event.id },
        },
      },
    },
    roleDialog: {
      description: 'A dialog is open to change a user’s role.',
      initial: 'editing',
      states: {
        // Not while saving: the answer decides.
        editing: {
          description: 'The administrator chooses the role, and for a broker’s user which broker they work for.',
          on: {
            'role.save': { target: 'saving', description: 'The administrator saves the role.' },
            'role.cancel': {
              target: '#adminUsers.list',
              description: 'The administrator closes the dialog without saving.',
              actions: 'forget',
            },
          },
        },
        saving: {
          description: 'The new role is being saved.',
          invoke: {
            id: 'saveRole',
            src: 'saveRole',
            input: ({ context, event }) => ({
              id: context.target!.id,
              role: event.type === 'role.save' ? event.role : context.target!.role,
              brokerId: event.type === 'role.save' ? event.brokerId : null,
            }),
            onDone: {
              target: '#adminUsers.loading',
              description: 'Saved: the list is fetched again to show it.',
              actions: { type: 'noteChange', params: ({ event }) => ({ kind: 'role' as const, user: event.output }) },
            },
            onError: {
              target: 'editing',
              description: 'Refused: the dialog shows why.',
              actions: { type: 'storeError', params: errorOf },
            },
          },
        },
      },
    },
    unlocking: {
      description: 'The account is being unlocked.',
      invoke: {
        id: 'unlock',
        src: 'unlock',
        input: ({ context }) => ({ id: context.target!.id }),
        onDone: {
          target: 'loading',
          description: 'Unlocked: the list is fetched again to show it.',
          actions: { type: 'noteChange', params: ({ event }) => ({ kind: 'unlocked' as const, user: event.output }) },
        },
        onError: {
          target: 'list',
          description: 'Refused; the list says why.',
          actions: { type: 'storeActionError', params: errorOf },
        },
      },
    },
  },
});
