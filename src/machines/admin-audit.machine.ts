import { assign, fromPromise, setup } from 'xstate';
import { auditLog, type AuditFilters } from '@/api/admin-users';
import { errorText } from '@/api/api-error';
import type { AuditEntry } from '@shared/contract/admin-users';
import { errorOf } from '@/machines/actor-events';

export interface AdminAuditContext {
  /** What the address asks for: admin/audit?entity&entityId&page. */
  filters: AuditFilters;
  entries: AuditEntry[] | undefined;
  pageSize: number;
  errorMessage: string | undefined;
}

export type AdminAuditEvent =
  /** Narrowed or paged on the screen: the address follows, and the log loads. */
  | { type: 'audit.filter'; filters: AuditFilters }
  /** The address changed by itself (Back, a link). */
  | { type: 'audit.sync'; filters: AuditFilters }
  | { type: 'audit.retry' };

const sameFilters = (a: AuditFilters, b: AuditFilters) =>
  a.entity === b.entity && (a.entityId ?? '') === (b.entityId ?? '') && (a.page ?? 1) === (b.page ?? 1);

/** The audit log (issue 9): every administrative change, newest first, narrowed by record, a page at a time. */
export const adminAuditMachine = setup({
  types: {
    context: {} as AdminAuditContext,
    input: {} as { filters: AuditFilters },
    events: {} as AdminAuditEvent,
  },
  actors: {
    /** GET admin/audit. */
    loadAudit: fromPromise<{ entries: AuditEntry[]; pageSize: number }, AuditFilters>(({ input }) => auditLog(input)),
  },
  actions: {
    storeFilters: assign((_, filters: AuditFilters) => ({ filters })),
    /** Puts the filters in the address; provided by the screen (router navigation). */
    showFilters: (_, _filters: AuditFilters) => {},
    storeEntries: assign((_, loaded: { entries: AuditEntry[]; pageSize: number }) => ({
      entries: loaded.entries,
      pageSize: loaded.pageSize,
      errorMessage: undefined,
    })),
    storeError: assign((_, error: unknown) => ({ errorMessage: errorText(error) })),
  },
  guards: {
    filtersDiffer: ({ context }, filters: AuditFilters) => !sameFilters(context.filters, filters),
  },
}).createMachine({
  id: 'adminAudit',
  context: ({ input }) => ({ filters: input.filters, entries: undefined, pageSize: 50, errorMessage: undefined }),
  initial: 'loading',
  on: {
    'audit.filter': {
      description: 'The administrator narrows the log to one record or turns the page, and the log is fetched for it.',
      guard: { type: 'filtersDiffer', params: ({ event }) => event.filters },
      target: '.loading',
      actions: [
        { type: 'storeFilters', params: ({ event }) => event.filters },
        { type: 'showFilters', params: ({ event }) => event.filters },
      ],
    },
    'audit.sync': {
      description: 'The address changed by itself (Back, a link), and the log is fetched for what it now asks.',
      guard: { type: 'filtersDiffer', params: ({ event }) => event.filters },
      target: '.loading',
      actions: { type: 'storeFilters', params: ({ event }) => event.filters },
    },
  },
  states: {
    loading: {
      description: 'The audit log is being fetched for the chosen record and page.',
      invoke: {
        id: 'loadAudit',
        src: 'loadAudit',
        input: ({ context }) => context.filters,
        onDone: {
          target: 'loaded',
          description: 'The changes arrived.',
          actions: { type: 'storeEntries', params: ({ event }) => event.output },
        },
        onError: {
          target: 'loadFailed',
          description: 'The log could not be fetched.',
          actions: { type: 'storeError', params: errorOf },
        },
      },
    },
    loadFailed: {
      description: 'The audit log could not be fetched; the reason shows with Try again.',
      on: { 'audit.retry': { target: 'loading', description: 'The administrator tries again.' } },
    },
    loaded: { description: 'The administrator reads who changed what and when, newest first, a page at a time.' },
  },
});
