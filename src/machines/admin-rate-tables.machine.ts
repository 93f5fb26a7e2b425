import { assign, fromPromise, setup } from 'xstate';
import {
  exportRateTable,
  importRateTable,
  newRateTableVersion,
  rateTableVersions,
  type RateTableKey,
} from '@/api/admin-rate-tables';
import { errorFields, errorText } from '@/api/api-error';
import type { NewRateTableVersion, RateTableVersion } from '@shared/contract/admin-rate-tables';
import type { UsState } from '@shared/contract/lists';
import type { Speciality } from '@shared/contract/specialities';
import { getStateList } from '@/api/lists';
import { getSpecialityList } from '@/api/specialities';
import { errorOf } from '@/machines/actor-events';

/** The prices an administrator edits; the factors change by CSV. */
export type RateChange = Omit<NewRateTableVersion, 'specialityId' | 'stateCode' | 'basedOnVersion'>;

export type RateTablesChange =
  { kind: 'saved' | 'imported' | 'unchanged'; version: number } | { kind: 'exported'; filename: string };

export interface AdminRateTablesContext {
  /** The table chosen (in the address: admin/ratetables?specialityId&state), or none yet. */
  selection: RateTableKey | undefined;
  specialities: Speciality[];
  states: UsState[];
  /** Every version, newest first. */
  versions: RateTableVersion[];
  errorMessage: string | undefined;
  fieldErrors: Record<string, string>;
  lastChange: RateTablesChange | undefined;
}

export type AdminRateTablesEvent =
  /** Chosen on the screen: the address follows, and the table loads. */
  | { type: 'tables.select'; selection: RateTableKey }
  /** The address changed by itself (Back, a link). */
  | { type: 'tables.sync'; selection: RateTableKey | undefined }
  | { type: 'tables.retry' }
  | { type: 'rates.save'; change: RateChange }
  | { type: 'csv.import'; csv: string }
  | { type: 'csv.export'; version: number };

const sameSelection = (a: RateTableKey | undefined, b: RateTableKey | undefined) =>
  a?.specialityId === b?.specialityId && a?.stateCode === b?.stateCode;

/**
 * The administrator's rate tables (issue 9): choose a speciality and a state, see every version
 * of its table (who made it, when, how many quotes it priced), change the prices as a new version
 * from the one in force, import the whole table from a CSV or export any version. Quotes keep the
 * version they were priced with, so nothing here changes an existing quote's price.
 */
export const adminRateTablesMachine = setup({
  types: {
    context: {} as AdminRateTablesContext,
    input: {} as { selection: RateTableKey | undefined },
    events: {} as AdminRateTablesEvent,
  },
  actors: {
    /** The choices: specialities on sale and the states. */
    loadChoices: fromPromise<{ specialities: Speciality[]; states: UsState[] }>(async () => {
      const [specialities, states] = await Promise.all([getSpecialityList(), getStateList()]);
      return { specialities, states };
    }),
    /** GET admin/ratetables. */
    loadVersions: fromPromise<RateTableVersion[], RateTableKey>(({ input }) => rateTableVersions(input)),
    /** POST admin/ratetables. */
    saveRates: fromPromise<RateTableVersion, NewRateTableVersion>(({ input }) => newRateTableVersion(input)),
    /** POST admin/ratetables/import. */
    importCsv: fromPromise<RateTableVersion, RateTableKey & { basedOnVersion: number; csv: string }>(({ input }) =>
      importRateTable(input),
    ),
    /** GET admin/ratetables/export. */
    exportCsv: fromPromise<{ blob: Blob; filename: string }, RateTableKey & { version: number }>(({ input }) =>
      exportRateTable(input, input.version),
    ),
  },
  actions: {
    storeChoices: assign((_, choices: { specialities: Speciality[]; states: UsState[] }) => choices),
    storeSelection: assign((_, selection: RateTableKey | undefined) => ({
      selection,
      versions: [],
      lastChange: undefined,
      errorMessage: undefined,
      fieldErrors: {},
    })),
    /** Puts the choice in the address; provided by the screen (router navigation). */
    showSelection: (_, _selection: RateTableKey) => {},
    /** Hands a downloaded CSV to the browser; provided by the screen. */
    saveFile: (_, _file: { blob: Blob; filename: string }) => {},
    storeVersions: assign((_, versions: RateTableVersion[]) => ({ versions, errorMessage: undefined })),
    storeError: assign((_, error: unknown) => ({ errorMessage: errorText(error), fieldErrors: errorFields(error) })),
    clearError: assign({ errorMessage: undefined, fieldErrors: {} }),
    noteVersion: assign(
      ({ context }, { kind, version }: { kind: 'saved' | 'imported'; version: RateTableVersion }) => ({
        // The version in force answered again: nothing differed from it.
        lastChange: {
          kind: version.version === context.versions[0]?.version ? ('unchanged' as const) : kind,
          version: version.version,
        },
      }),
    ),
    noteExported: assign((_, filename: string) => ({ lastChange: { kind: 'exported' as const, filename } })),
  },
  guards: {
    hasSelection: ({ context }) => context.selection !== undefined,
    /** A table prices this speciality in this state (there is a version to change). */
    hasTable: ({ context }) => context.versions.length > 0,
    selectionDiffers: ({ context }, selection: RateTableKey | undefined) =>
      !sameSelection(context.selection, selection),
  },
}).createMachine({
  id: 'adminRateTables',
  context: ({ input }) => ({
    selection: input.selection,
    specialities: [],
    states: [],
    versions: [],
    errorMessage: undefined,
    fieldErrors: {},
    lastChange: undefined,
  }),
  initial: 'loadingChoices',
  states: {
    loadingChoices: {
      description: 'The specialities on sale and the states are being fetched, to choose a rate table from.',
      invoke: {
        id: 'loadChoices',
        src: 'loadChoices',
        onDone: {
          target: 'main',
          description: 'The choices arrived.',
          actions: { type: 'storeChoices', params: ({ event }) => event.output },
        },
        onError: {
          target: 'choicesFailed',
          description: 'The choices could not be fetched.',
          actions: { type: 'storeError', params: errorOf },
        },
      },
    },
    choicesFailed: {
      description: 'The specialities and states could not be fetched; the reason shows with Try again.',
      on: { 'tables.retry': { target: 'loadingChoices', description: 'The administrator tries again.' } },
    },
    main: {
      description: 'The administrator chooses a speciality and a state and works with its rate table.',
      initial: 'deciding',
      on: {
        'tables.select': {
          description: 'The administrator chooses another speciality or state.',
          guard: { type: 'selectionDiffers', params: ({ event }) => event.selection },
          target: '.deciding',
          actions: [
            { type: 'storeSelection', params: ({ event }) => event.selection },
            { type: 'showSelection', params: ({ event }) => event.selection },
          ],
        },
        'tables.sync': {
          description: 'The address changed by itself (Back, a link) to another speciality or state.',
          guard: { type: 'selectionDiffers', params: ({ event }) => event.selection },
          target: '.deciding',
          actions: { type: 'storeSelection', params: ({ event }) => event.selection },
        },
      },
      states: {
        deciding: {
          description: 'A moment’s check of whether a speciality and a state are chosen yet.',
          always: [
            { guard: 'hasSelection', target: 'loading', description: 'Both are chosen: their table is fetched.' },
            { target: 'choosing', description: 'Not chosen yet.' },
          ],
        },
        choosing: { description: 'The administrator is asked to choose a speciality and a state.' },
        loading: {
          description: 'Every version of the chosen rate table is being fetched, newest first.',
          invoke: {
            id: 'loadVersions',
            src: 'loadVersions',
            input: ({ context }) => context.selection!,
            onDone: {
              target: 'ready',
              description: 'The versions arrived.',
              actions: { type: 'storeVersions', params: ({ event }) => event.output },
            },
            onError: {
              target: 'loadFailed',
              description: 'The versions could not be fetched.',
              actions: { type: 'storeError', params: errorOf },
            },
          },
        },
        loadFailed: {
          description: 'The rate table could not be fetched; the reason shows with Try again.',
          on: { 'tables.retry': { target: 'loading', description: 'The administrator tries again.' } },
        },
        ready: {
          description:
            'The administrator sees every version of the table (who made it, when, how many quotes it priced) and the prices in force.',
          on: {
            'rates.save': {
              guard: 'hasTable',
              target: 'saving',
              description: 'The administrator saves changed prices as a new version.',
            },
            'csv.import': {
              guard: 'hasTable',
              target: 'importing',
              description: 'The administrator imports the whole table from a CSV file.',
            },
            'csv.export': { target: 'exporting', description: 'The administrator downloads a version as a CSV file.' },
          },
        },
        saving: {
          description: 'The changed prices are being saved as a new version, based on the one in force.',
          entry: 'clearError',
          invoke: {
            id: 'saveRates',
            src: 'saveRates',
            input: ({ context, event }) => ({
              ...(event.type === 'rates.save' ? event.change : {}),
              ...context.selection!,
              basedOnVersion: context.versions[0]!.version,
            }),
            onDone: {
              target: 'loading',
              description: 'Saved (or nothing differed): the versions are fetched again.',
              actions: {
                type: 'noteVersion',
                params: ({ event }) => ({ kind: 'saved' as const, version: event.output }),
              },
            },
            onError: {
              target: 'ready',
              description: 'Refused: the table shows why.',
              actions: { type: 'storeError', params: errorOf },
            },
          },
        },
        importing: {
          description: 'The CSV file is being imported as a new version of the table.',
          entry: 'clearError',
          invoke: {
            id: 'importCsv',
            src: 'importCsv',
            input: ({ context, event }) => ({
              ...context.selection!,
              basedOnVersion: context.versions[0]!.version,
              csv: event.type === 'csv.import' ? event.csv : '',
            }),
            onDone: {
              target: 'loading',
              description: 'Imported (or nothing differed): the versions are fetched again.',
              actions: {
                type: 'noteVersion',
                params: ({ event }) => ({ kind: 'imported' as const, version: event.output }),
              },
            },
            onError: {
              target: 'ready',
              description: 'Refused: the table shows why.',
              actions: { type: 'storeError', params: errorOf },
            },
          },
        },
        exporting: {
          description: 'The chosen version is being prepared as a CSV file to download.',
          entry: 'clearError',
          invoke: {
            id: 'exportCsv',
            src: 'exportCsv',
            input: ({ context, event }) => ({
              ...context.selection!,
              version: event.type === 'csv.export' ? event.version : context.versions[0]!.version,
            }),
            onDone: {
              target: 'ready',
              description: 'The file is handed to the browser to save.',
              actions: [
                { type: 'saveFile', params: ({ event }) => event.output },
                { type: 'noteExported', params: ({ event }) => event.output.filename },
              ],
            },
            onError: {
              target: 'ready',
              description: 'The file could not be made; the reason shows.',
              actions: { type: 'storeError', params: errorOf },
            },
          },
        },
      },
    },
  },
});
