import { assign, fromPromise, setup } from 'xstate';
import { errorFields, errorStatus, errorText } from '@/api/api-error';
import { newSaveKey } from '@/api/saved-quote';
import { errorOf } from '@/machines/actor-events';

/** Anything the account screens list: contacts, locations, additional insureds, claims. */
export interface ListedRecord {
  id: number;
}

export interface SaveRecordInput {
  /** The form's values, as the screen's API call takes them. */
  values: Record<string, unknown>;
  /** The record being edited; undefined when adding. */
  id: number | undefined;
  /** One per "Add" dialog: a retried create (a lost answer, a double click) makes one record. */
  idempotencyKey: string;
}

export type RecordListEvent =
  | { type: 'records.retry' }
  | { type: 'record.add' }
  | { type: 'record.edit'; id: number }
  | { type: 'record.remove'; id: number }
  /**
   * Makes a record the primary one, without a dialog. `values` go to saveRecord as they are: the
   * record's own values as the screen's save call takes them, with `isprimary: true` (the screen
   * sets it, as its edit form would; the machine does not know the screen's fields).
   */
  | { type: 'record.makePrimary'; id: number; values: Record<string, unknown> }
  | { type: 'editor.cancel' }
  | { type: 'editor.save'; values: Record<string, unknown> }
  | { type: 'remove.cancel' }
  | { type: 'remove.confirm' };

/**
 * What the last change did, for the screen's live region. A removed record is gone from the list
 * that follows, so it comes as it was: the screen can name it and tell whether it was the primary.
 */
export type RecordChange =
  { kind: 'added' | 'updated' | 'madePrimary'; id: number } | { kind: 'removed'; id: number; record: ListedRecord };

export interface RecordListContext {
  records: ListedRecord[];
  /** The record in the edit dialog; null while adding a new one. */
  editing: ListedRecord | null;
  /** The record whose deletion waits for confirmation. */
  removing: ListedRecord | null;
  /** The record being made primary, until the list that shows it is loaded. */
  switching: ListedRecord | null;
  /**
   * Why the last "Make primary" was refused (the status in front, as errorMessage has it). Said by
   * the list, not in a dialog; the next add, edit, delete or "Make primary" forgets it.
   */
  switchFailure: { id: number; record: ListedRecord; message: string } | null;
  idempotencyKey: string;
  /** A failure in words: the list could not load, a save or a delete was refused. */
  errorMessage: string | undefined;
  /** The server's messages by field name (a 400 or 409 naming fields). */
  fieldErrors: Record<string, string>;
  /** What just happened, for the screen's live region. */
  lastChange: RecordChange | undefined;
}

const notProvided = (name: string) => Promise.reject(new Error(`${name} is provided by the screen (machine.provide)`));

/**
 * A list of the insured's records with add, edit and delete through dialogs, and, for records
 * with a primary, "Make primary" straight from the list (no dialog; a refusal is said by the
 * list). The screen provides the three calls (loadRecords, saveRecord, removeRecord) with
 * machine.provide; after every change the list is loaded again, because one change can move
 * others (a new primary unmarks the old one, deleting the primary promotes another).
 */
export const recordListMachine = setup({
  types: {
    context: {} as RecordListContext,
    events: {} as RecordListEvent,
  },
  actors: {
    loadRecords: fromPromise<ListedRecord[]>(() => notProvided('loadRecords')),
    saveRecord: fromPromise<ListedRecord, SaveRecordInput>(() => notProvided('saveRecord')),
    removeRecord: fromPromise<unknown, { id: number }>(() => notProvided('removeRecord')),
  },
  actions: {
    // A switch to a new primary ends with the list that shows it (or with the failure to load it).
    storeRecords: assign((_, records: ListedRecord[]) => ({ records, errorMessage: undefined, switching: null })),
    storeLoadError: assign((_, error: unknown) => ({ errorMessage: errorText(error), switching: null })),
    openNew: assign(() => ({
      editing: null,
      idempotencyKey: newSaveKey(),
      errorMessage: undefined,
      fieldErrors: {},
      switchFailure: null,
    })),
    openExisting: assign(({ context }, id: number) => ({
      editing: context.records.find((record) => record.id === id) ?? null,
      errorMessage: undefined,
      fieldErrors: {},
      switchFailure: null,
    })),
    askRemove: assign(({ context }, id: number) => ({
      removing: context.records.find((record) => record.id === id) ?? null,
      errorMessage: undefined,
      switchFailure: null,
    })),
    startSwitch: assign(({ context }, id: number) => ({
      switching: context.records.find((record) => record.id === id) ?? null,
      errorMessage: undefined,
      switchFailure: null,
    })),
    noteMadePrimary: assign(({ context }) => ({
      lastChange: context.switching ? { kind: 'madePrimary' as const, id: context.switching.id } : context.lastChange,
    })),
    // Nothing changed: the list stays as it is, no dialog opens, and the failure is said by the list.
    storeSwitchFailure: assign(({ context }, error: unknown) => ({
      switchFailure: context.switching
        ? { id: context.switching.id, record: context.switching, message: errorText(error) }
        : null,
      switching: null,
    })),
    closeDialogs: assign({ removing: null, errorMessage: undefined, fieldErrors: {} }),
    storeRefusal: assign((_, error: unknown) => ({ errorMessage: errorText(error), fieldErrors: errorFields(error) })),
    // A refusal (4xx) created nothing, so the corrected form is a new request with a new key;
    // after a lost answer (network, 5xx) the key stays, so a retry cannot create a second record.
    renewKeyAfterRefusal: assign(({ context }, error: unknown) => {
      const status = errorStatus(error);
      return {
        idempotencyKey: status !== undefined && status >= 400 && status < 500 ? newSaveKey() : context.idempotencyKey,
      };
    }),
    noteSaved: assign(({ context }, saved: ListedRecord) => ({
      lastChange: { kind: context.editing ? ('updated' as const) : ('added' as const), id: saved.id },
      fieldErrors: {},
      errorMessage: undefined,
    })),
    noteRemoved: assign(({ context }) => ({
      lastChange: context.removing
        ? { kind: 'removed' as const, id: context.removing.id, record: context.removing }
        : undefined,
      removing: null,
      errorMessage: undefined,
    })),
  },
  guards: {
    /**
     * Provided by a screen opened to add a record (the policy page's "Report a claim"): the dialog
     * opens as the list first arrives. Only the first load and a retry after it failed come here.
     */
    addOnLoad: () => false,
    knownRecord: ({ context }, id: number) => context.records.some((record) => record.id === id),
    alreadyGone: (_, error: unknown) => errorStatus(error) === 404,
  },
}).createMachine({
  id: 'recordList',
  context: {
    records: [],
    editing: null,
    removing: null,
    switching: null,
    switchFailure: null,
    idempotencyKey: '',
    errorMessage: undefined,
    fieldErrors: {},
    lastChange: undefined,
  },
  initial: 'loading',
  states: {
    loading: {
      description: 'The insured’s records (contacts, locations, additional insureds or claims) are being fetched.',
      invoke: {
        src: 'loadRecords',
        onDone: [
          {
            guard: 'addOnLoad',
            target: 'editing',
            description: 'The records arrived, and the screen was opened to add one: its dialog opens at once.',
            actions: [{ type: 'storeRecords', params: ({ event }) => event.output }, 'openNew'],
          },
          {
            target: 'ready',
            description: 'The records arrived.',
            actions: { type: 'storeRecords', params: ({ event }) => event.output },
          },
        ],
        onError: {
          target: 'loadFailed',
          description: 'The records could not be fetched.',
          actions: { type: 'storeLoadError', params: errorOf },
        },
      },
    },
    loadFailed: {
      description: 'The records could not be fetched; the reason shows with Try again.',
      on: { 'records.retry': { target: 'loading', description: 'The insured tries again.' } },
    },
    ready: {
      description: 'The insured sees their records, each to edit, delete or make primary, and what was last changed.',
      on: {
        'record.add': { target: 'editing', description: 'The insured starts a new record.', actions: 'openNew' },
        'record.edit': {
          description: 'The insured opens a record to change it.',
          guard: { type: 'knownRecord', params: ({ event }) => event.id },
          target: 'editing',
          actions: { type: 'openExisting', params: ({ event }) => event.id },
        },
        'record.remove': {
          description: 'The insured asks to delete a record.',
          guard: { type: 'knownRecord', params: ({ event }) => event.id },
          target: 'confirmingRemove',
          actions: { type: 'askRemove', params: ({ event }) => event.id },
        },
        // Only here, so never while a save, a delete, another switch or a reload is under way.
        'record.makePrimary': {
          description: 'The insured makes a record the primary one, straight from the list.',
          guard: { type: 'knownRecord', params: ({ event }) => event.id },
          target: 'switchingPrimary',
          actions: { type: 'startSwitch', params: ({ event }) => event.id },
        },
        'records.retry': { target: 'refreshing', description: 'The insured fetches the list again.' },
      },
    },
    editing: {
      description: 'A dialog is open to add a record or change one.',
      on: {
        'editor.cancel': {
          target: 'ready',
          description: 'The insured closes the dialog without saving.',
          actions: 'closeDialogs',
        },
        'editor.save': { target: 'saving', description: 'The insured saves the dialog.' },
      },
    },
    saving: {
      description: 'The record is being saved.',
      invoke: {
        src: 'saveRecord',
        input: ({ context, event }) => ({
          values: event.type === 'editor.save' ? event.values : {},
          id: context.editing?.id,
          idempotencyKey: context.idempotencyKey,
        }),
        onDone: {
          target: 'refreshing',
          description: 'Saved: the list is fetched again, since one change can move others.',
          actions: { type: 'noteSaved', params: ({ event }) => event.output },
        },
        onError: {
          target: 'editing',
          description: 'Refused or not reached: the dialog shows why, field by field.',
          actions: [
            { type: 'storeRefusal', params: errorOf },
            { type: 'renewKeyAfterRefusal', params: errorOf },
          ],
        },
      },
    },
    switchingPrimary: {
      description: 'The record is being made the primary one.',
      invoke: {
        src: 'saveRecord',
        input: ({ context, event }) => ({
          values: event.type === 'record.makePrimary' ? event.values : {},
          id: context.switching?.id,
          idempotencyKey: context.idempotencyKey,
        }),
        // Reloaded like any change: the old primary is unmarked on the server.
        onDone: {
          target: 'refreshing',
          description: 'Done: the list is fetched again to show the new primary.',
          actions: 'noteMadePrimary',
        },
        onError: {
          target: 'ready',
          description: 'Refused or not reached: the list says why, beside the record.',
          actions: { type: 'storeSwitchFailure', params: errorOf },
        },
      },
    },
    confirmingRemove: {
      description: 'The insured is asked to confirm deleting the record.',
      on: {
        'remove.cancel': { target: 'ready', description: 'The insured keeps the record.', actions: 'closeDialogs' },
        'remove.confirm': { target: 'removing', description: 'The insured confirms deleting it.' },
      },
    },
    removing: {
      description: 'The record is being deleted.',
      invoke: {
        src: 'removeRecord',
        input: ({ context }) => ({ id: context.removing?.id ?? 0 }),
        onDone: { target: 'refreshing', description: 'Deleted: the list is fetched again.', actions: 'noteRemoved' },
        onError: [
          // Deleted meanwhile (another tab): the list just catches up.
          {
            description: 'It was already deleted (on another tab): the list catches up.',
            guard: { type: 'alreadyGone', params: errorOf },
            target: 'refreshing',
            actions: 'noteRemoved',
          },
          {
            target: 'confirmingRemove',
            description: 'Refused or not reached: the question stays open with the reason.',
            actions: { type: 'storeRefusal', params: errorOf },
          },
        ],
      },
    },
    refreshing: {
      description: 'The list is fetched again after a change; the records on show stay meanwhile.',
      invoke: {
        src: 'loadRecords',
        onDone: {
          target: 'ready',
          description: 'The list arrived as it is now.',
          actions: { type: 'storeRecords', params: ({ event }) => event.output },
        },
        onError: {
          target: 'ready',
          description: 'It could not be fetched: the list on show stays, with the reason and Try again.',
          actions: { type: 'storeLoadError', params: errorOf },
        },
      },
    },
  },
});
