import { assign, fromPromise, setup, type ErrorActorEvent } from 'xstate';
import { errorFields, errorStatus, errorText } from '@/api/api-error';
import type { Speciality, SpecialityCategory } from '@/api/contract/specialities';
import { getSpecialityCategories, getSpecialityList } from '@/api/specialities';

export interface Catalog {
  categories: SpecialityCategory[];
  specialities: Speciality[];
}

export interface SpecialityCatalogContext extends Catalog {
  clientUrl: string | undefined;
  errorMessage: string | undefined;
  query: string;
}

export type SpecialityCatalogEvent = { type: 'catalog.retry' } | { type: 'catalog.filter'; query: string };

/** Landing's list of specialities, plain or for one broker's storefront. */
export const specialityCatalogMachine = setup({
  types: {
    context: {} as SpecialityCatalogContext,
    input: {} as { clientUrl?: string | undefined },
    events: {} as SpecialityCatalogEvent,
  },
  actors: {
    loadCatalog: fromPromise<Catalog, { clientUrl: string | undefined }>(async ({ input }) => {
      const [categories, specialities] = await Promise.all([
        getSpecialityCategories(),
        getSpecialityList(input.clientUrl),
      ]);
      return { categories, specialities };
    }),
  },
  actions: {
    storeCatalog: assign((_, catalog: Catalog) => ({ ...catalog, errorMessage: undefined })),
    storeError: assign((_, error: unknown) => ({ errorMessage: errorText(error) })),
    storeQuery: assign((_, query: string) => ({ query })),
    /** Provided at the router edge: an unknown broker ends on its branded page-not-found. */
    goToPageNotFound: () => {},
  },
  guards: {
    hasNoSpecialities: (_, catalog: Catalog) => catalog.specialities.length === 0,
    /** No such broker, or a client id that could never be one (the server refuses its form with a 400). */
    isUnknownBroker: ({ context }, error: unknown) =>
      context.clientUrl !== undefined &&
      (errorStatus(error) === 404 || (errorStatus(error) === 400 && 'clientUrl' in errorFields(error))),
  },
}).createMachine({
  id: 'specialityCatalog',
  context: ({ input }) => ({
    clientUrl: input.clientUrl,
    categories: [],
    specialities: [],
    errorMessage: undefined,
    query: '',
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadCatalog',
        src: 'loadCatalog',
        input: ({ context }) => ({ clientUrl: context.clientUrl }),
        onDone: [
          {
            guard: { type: 'hasNoSpecialities', params: ({ event }) => event.output },
            target: 'empty',
            actions: { type: 'storeCatalog', params: ({ event }) => event.output },
          },
          { target: 'loaded', actions: { type: 'storeCatalog', params: ({ event }) => event.output } },
        ],
        onError: [
          {
            guard: { type: 'isUnknownBroker', params: ({ event }: { event: ErrorActorEvent }) => event.error },
            target: 'brokerNotFound',
          },
          {
            target: 'failed',
            actions: { type: 'storeError', params: ({ event }: { event: ErrorActorEvent }) => event.error },
          },
        ],
      },
    },
    loaded: {
      on: {
        'catalog.filter': { actions: { type: 'storeQuery', params: ({ event }) => event.query } },
      },
    },
    empty: {},
    failed: {
      on: { 'catalog.retry': 'loading' },
    },
    brokerNotFound: {
      type: 'final',
      entry: 'goToPageNotFound',
    },
  },
});

export interface CategoryGroup {
  category: SpecialityCategory;
  specialities: Speciality[];
}

/**
 * Specialities under their categories, both in the server's display order, filtered by a
 * free-text query and, when given, to the specialities whose codes are listed.
 */
export function groupByCategory(catalog: Catalog, query = '', onlyCodes?: readonly string[]): CategoryGroup[] {
  const needle = query.trim().toLocaleLowerCase();
  const codes = onlyCodes && new Set(onlyCodes.map((code) => code.toUpperCase()));
  const matches = (speciality: Speciality) =>
    (!codes || codes.has(speciality.speiclaityRandomCode.toUpperCase())) &&
    (!needle ||
      speciality.name.toLocaleLowerCase().includes(needle) ||
      speciality.description.toLocaleLowerCase().includes(needle));
  return catalog.categories
    .map((category) => ({
      category,
      specialities: catalog.specialities.filter((speciality) => speciality.categoryId === category.id && matches(speciality)),
    }))
    .filter((group) => group.specialities.length > 0);
}
