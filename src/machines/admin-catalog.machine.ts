import { assign, fromPromise, setup } from 'xstate';
import { adminCatalog, saveCategory, saveSpeciality, setSpecialityActive } from '@/api/admin-catalog';
import { errorFields, errorText } from '@/api/api-error';
import type {
  AdminCatalog,
  AdminCategory,
  AdminSpeciality,
  CategoryRequest,
  NewSpecialityRequest,
} from '@shared/contract/admin-catalog';
import { errorOf } from '@/machines/actor-events';

/** What the form edits: a category or a speciality, an existing one or a new one (null). */
export type CatalogEditing =
  { kind: 'category'; record: AdminCategory | null } | { kind: 'speciality'; record: AdminSpeciality | null };

export type CatalogSave =
  { kind: 'category'; values: CategoryRequest } | { kind: 'speciality'; values: NewSpecialityRequest };

export type CatalogChange = { kind: 'saved' | 'retired' | 'restored'; name: string };

export interface AdminCatalogContext {
  catalog: AdminCatalog | undefined;
  editing: CatalogEditing | null;
  /** The speciality being retired or put back on sale. */
  switching: AdminSpeciality | null;
  errorMessage: string | undefined;
  fieldErrors: Record<string, string>;
  lastChange: CatalogChange | undefined;
}

export type AdminCatalogEvent =
  | { type: 'catalog.retry' }
  | { type: 'category.add' }
  | { type: 'category.edit'; id: number }
  | { type: 'speciality.add' }
  | { type: 'speciality.edit'; id: number }
  | { type: 'speciality.retire'; id: number }
  | { type: 'speciality.restore'; id: number }
  | { type: 'editor.save'; save: CatalogSave }
  | { type: 'editor.cancel' }
  | { type: 'retire.confirm' }
  | { type: 'retire.cancel' };

/**
 * The administrator's catalogue (issue 9): categories and specialities, created and edited in a
 * dialog, specialities retired (asked first: it stops being sold) or put back on sale. After
 * each change the catalogue loads again.
 */
export const adminCatalogMachine = setup({
  types: {
    context: {} as AdminCatalogContext,
    events: {} as AdminCatalogEvent,
  },
  actors: {
    /** GET admin/catalog. */
    loadCatalog: fromPromise<AdminCatalog>(() => adminCatalog()),
    /** POST or PUT a category or a speciality. */
    saveRecord: fromPromise<{ name: string }, { id: number | undefined; save: CatalogSave }>(({ input }) =>
      input.save.kind === 'category'
        ? saveCategory(input.id, input.save.values)
        : saveSpeciality(input.id, input.save.values),
    ),
    /** PUT admin/specialities/{id}/active. */
    switchActive: fromPromise<AdminSpeciality, { id: number; active: boolean }>(({ input }) =>
      setSpecialityActive(input.id, input.active),
    ),
  },
  actions: {
    storeCatalog: assign((_, catalog: AdminCatalog) => ({ catalog, errorMessage: undefined })),
    storeLoadError: assign((_, error: unknown) => ({ errorMessage: errorText(error) })),
    openCategory: assign(({ context }, id: number | undefined) => ({
      editing: {
        kind: 'category' as const,
        record: context.catalog?.categories.find((category) => category.id === id) ?? null,
      },
      errorMessage: undefined,
      fieldErrors: {},
      lastChange: undefined,
    })),
    openSpeciality: assign(({ context }, id: number | undefined) => ({
      editing: {
        kind: 'speciality' as const,
        record: context.catalog?.specialities.find((speciality) => speciality.id === id) ?? null,
      },
      errorMessage: undefined,
      fieldErrors: {},
      lastChange: undefined,
    })),
    storeRefusal: assign((_, error: unknown) => ({ errorMessage: errorText(error), fieldErrors: errorFields(error) })),
    noteSaved: assign((_, saved: { name: string }) => ({
      lastChange: { kind: 'saved' as const, name: saved.name },
      editing: null,
      errorMessage: undefined,
      fieldErrors: {},
    })),
    closeEditor: assign({ editing: null, errorMessage: undefined, fieldErrors: {} }),
    pickSwitch: assign(({ context }, id: number) => ({
      switching: context.catalog?.specialities.find((speciality) => speciality.id === id) ?? null,
      errorMessage: undefined,
      lastChange: undefined,
    })),
    noteSwitched: assign((_, speciality: AdminSpeciality) => ({
      switching: null,
      lastChange: { kind: speciality.active ? ('restored' as const) : ('retired' as const), name: speciality.name },
    })),
    storeSwitchError: assign((_, error: unknown) => ({ switching: null, errorMessage: errorText(error) })),
    forgetSwitch: assign({ switching: null }),
  },
  guards: {
    knownCategory: ({ context }, id: number) =>
      Boolean(context.catalog?.categories.some((category) => category.id === id)),
    knownSpeciality: ({ context }, id: number) =>
      Boolean(context.catalog?.specialities.some((speciality) => speciality.id === id)),
  },
}).createMachine({
  id: 'adminCatalog',
  context: {
    catalog: undefined,
    editing: null,
    switching: null,
    errorMessage: undefined,
    fieldErrors: {},
    lastChange: undefined,
  },
  initial: 'loading',
  states: {
    loading: {
      description: 'The catalogue of categories and specialities is being fetched.',
      invoke: {
        id: 'loadCatalog',
        src: 'loadCatalog',
        onDone: {
          target: 'list',
          description: 'The catalogue arrived.',
          actions: { type: 'storeCatalog', params: ({ event }) => event.output },
        },
        onError: {
          target: 'loadFailed',
          description: 'The catalogue could not be fetched.',
          actions: { type: 'storeLoadError', params: errorOf },
        },
      },
    },
    loadFailed: {
      description: 'The catalogue could not be fetched; the reason shows with Try again.',
      on: { 'catalog.retry': { target: 'loading', description: 'The administrator tries again.' } },
    },
    list: {
      description:
        'The administrator sees the categories and their specialities, on sale or retired, and what was last changed.',
      on: {
        'category.add': {
          target: 'editor',
          description: 'The administrator starts a new category.',
          actions: { type: 'openCategory', params: () => undefined },
        },
        'category.edit': {
          description: 'The administrator opens a category to change it.',
          guard: { type: 'knownCategory', params: ({ event }) => event.id },
          target: 'editor',
          actions: { type: 'openCategory', params: ({ event }) => event.id },
        },
        'speciality.add': {
          target: 'editor',
          description: 'The administrator starts a new speciality.',
          actions: { type: 'openSpeciality', params: () => undefined },
        },
        'speciality.edit': {
          description: 'The administrator opens a speciality to change it.',
          guard: { type: 'knownSpeciality', params: ({ event }) => event.id },
          target: 'editor',
          actions: { type: 'openSpeciality', params: ({ event }) => event.id },
        },
        'speciality.retire': {
          description: 'The administrator asks to stop selling a speciality.',
          guard: { type: 'knownSpeciality', params: ({ event }) => event.id },
          target: 'confirmingRetire',
          actions: { type: 'pickSwitch', params: ({ event }) => event.id },
        },
        'speciality.restore': {
          description: 'The administrator puts a retired speciality back on sale, without being asked to confirm.',
          guard: { type: 'knownSpeciality', params: ({ event }) => event.id },
          target: 'switching',
          actions: { type: 'pickSwitch', params: ({ event }) => event.id },
        },
      },
    },
    editor: {
      description: 'A dialog is open to create or change a category or a speciality.',
      initial: 'form',
      states: {
        form: {
          description: 'The administrator fills in the dialog.',
          on: {
            'editor.cancel': {
              target: '#adminCatalog.list',
              description: 'The administrator closes the dialog without saving.',
              actions: 'closeEditor',
            },
            'editor.save': { target: 'saving', description: 'The administrator saves the dialog.' },
          },
        },
        saving: {
          description: 'The category or speciality is being saved.',
          invoke: {
            id: 'saveRecord',
            src: 'saveRecord',
            input: ({ context, event }) => ({
              id: context.editing?.record?.id,
              save:
                event.type === 'editor.save' ? event.save : ({ kind: 'category', values: { name: '' } } as CatalogSave),
            }),
            onDone: {
              target: '#adminCatalog.loading',
              description: 'Saved: the catalogue is fetched again to show it.',
              actions: { type: 'noteSaved', params: ({ event }) => event.output },
            },
            onError: {
              target: 'form',
              description: 'Refused: the dialog shows why, field by field.',
              actions: { type: 'storeRefusal', params: errorOf },
            },
          },
        },
      },
    },
    confirmingRetire: {
      description: 'The administrator is asked to confirm retiring the speciality, which stops it being sold.',
      on: {
        'retire.cancel': {
          target: 'list',
          description: 'The administrator keeps the speciality on sale.',
          actions: 'forgetSwitch',
        },
        'retire.confirm': { target: 'switching', description: 'The administrator confirms retiring it.' },
      },
    },
    switching: {
      description: 'The speciality is being retired or put back on sale.',
      invoke: {
        id: 'switchActive',
        src: 'switchActive',
        input: ({ context }) => ({ id: context.switching!.id, active: !context.switching!.active }),
        onDone: {
          target: 'loading',
          description: 'Done: the catalogue is fetched again to show it.',
          actions: { type: 'noteSwitched', params: ({ event }) => event.output },
        },
        onError: {
          target: 'list',
          description: 'The change was refused; the list says why.',
          actions: { type: 'storeSwitchError', params: errorOf },
        },
      },
    },
  },
});
