import { assign, fromPromise, setup } from 'xstate';
import { errorFields, errorStatus, errorText } from '@/api/api-error';
import { zipCodePattern } from '@shared/contract/lists';
import type { SpecialityCategory, SpecialityListItem } from '@shared/contract/specialities';
import { getIlfDlfList } from '@/api/lists';
import { getSpecialityCategories, getSpecialityList } from '@/api/specialities';
import { errorOf } from '@/machines/actor-events';

/** Where the visitor's practice is, when a quote in progress gave its ZIP and we sell there. */
export interface CatalogPlace {
  zipcode: string;
  stateCode: string;
  stateName: string;
}

export interface Catalog {
  categories: SpecialityCategory[];
  specialities: SpecialityListItem[];
  /** Set when the indicative prices are this place's state's rather than the national range. */
  place?: CatalogPlace | undefined;
}

export interface SpecialityCatalogContext extends Catalog {
  clientUrl: string | undefined;
  /** The ZIP of the quote in progress, if any: the indicative prices become its state's. */
  zipcode: string | undefined;
  errorMessage: string | undefined;
  query: string;
}

/**
 * The state a known ZIP lies in, when we sell there. Only a nicety for the indicative prices:
 * any failure (an old ZIP that no longer resolves, a network blip) falls back to the national range.
 */
async function placeOf(zipcode: string | undefined): Promise<CatalogPlace | undefined> {
  if (!zipcode || !zipCodePattern.test(zipcode)) return undefined;
  try {
    const found = await getIlfDlfList(zipcode);
    return found.offered
      ? { zipcode: found.zipcode, stateCode: found.stateCode, stateName: found.stateName }
      : undefined;
  } catch {
    return undefined;
  }
}

export type SpecialityCatalogEvent = { type: 'catalog.retry' } | { type: 'catalog.filter'; query: string };

/** Landing's list of specialities, plain or for one broker's storefront. */
export const specialityCatalogMachine = setup({
  types: {
    context: {} as SpecialityCatalogContext,
    input: {} as { clientUrl?: string | undefined; zipcode?: string | undefined },
    events: {} as SpecialityCatalogEvent,
  },
  actors: {
    loadCatalog: fromPromise<Catalog, { clientUrl: string | undefined; zipcode?: string | undefined }>(
      async ({ input }) => {
        const [categories, { specialities, place }] = await Promise.all([
          getSpecialityCategories(),
          placeOf(input.zipcode).then(async (place) => ({
            place,
            specialities: await getSpecialityList(input.clientUrl, place?.stateCode),
          })),
        ]);
        return { categories, specialities, place };
      },
    ),
  },
  actions: {
    storeCatalog: assign((_, catalog: Catalog) => ({ ...catalog, place: catalog.place, errorMessage: undefined })),
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
    zipcode: input.zipcode,
    categories: [],
    specialities: [],
    errorMessage: undefined,
    query: '',
  }),
  initial: 'loading',
  states: {
    loading: {
      description:
        'The specialities on sale (here, or in one broker’s storefront) are being fetched, under their categories.',
      invoke: {
        id: 'loadCatalog',
        src: 'loadCatalog',
        input: ({ context }) => ({ clientUrl: context.clientUrl, zipcode: context.zipcode }),
        onDone: [
          {
            description: 'None is on sale.',
            guard: { type: 'hasNoSpecialities', params: ({ event }) => event.output },
            target: 'empty',
            actions: { type: 'storeCatalog', params: ({ event }) => event.output },
          },
          {
            target: 'loaded',
            description: 'The specialities arrived.',
            actions: { type: 'storeCatalog', params: ({ event }) => event.output },
          },
        ],
        onError: [
          {
            description: 'The storefront address names no broker.',
            guard: { type: 'isUnknownBroker', params: errorOf },
            target: 'brokerNotFound',
          },
          {
            target: 'failed',
            description: 'The specialities could not be fetched.',
            actions: { type: 'storeError', params: errorOf },
          },
        ],
      },
    },
    loaded: {
      description: 'The visitor sees the specialities under their categories, and can narrow them by typing.',
      on: {
        'catalog.filter': {
          description: 'The visitor types to narrow the list.',
          actions: { type: 'storeQuery', params: ({ event }) => event.query },
        },
      },
    },
    empty: { description: 'No speciality is on sale here; the visitor is told so.' },
    failed: {
      description: 'The specialities could not be fetched; the reason shows with Try again.',
      on: { 'catalog.retry': { target: 'loading', description: 'The visitor tries again.' } },
    },
    brokerNotFound: {
      description: 'The storefront address names no broker: the “page not found” screen shows.',
      type: 'final',
      entry: 'goToPageNotFound',
    },
  },
});

export interface CategoryGroup {
  category: SpecialityCategory;
  specialities: SpecialityListItem[];
}

/**
 * Specialities under their categories, both in the server's display order, filtered by a
 * free-text query and, when given, to the specialities whose codes are listed.
 */
export function groupByCategory(catalog: Catalog, query = '', onlyCodes?: readonly string[]): CategoryGroup[] {
  const needle = query.trim().toLocaleLowerCase();
  const codes = onlyCodes && new Set(onlyCodes.map((code) => code.toUpperCase()));
  const matches = (speciality: SpecialityListItem) =>
    (!codes || codes.has(speciality.speiclaityRandomCode.toUpperCase())) &&
    (!needle ||
      speciality.name.toLocaleLowerCase().includes(needle) ||
      speciality.description.toLocaleLowerCase().includes(needle));
  return catalog.categories
    .map((category) => ({
      category,
      specialities: catalog.specialities.filter(
        (speciality) => speciality.categoryId === category.id && matches(speciality),
      ),
    }))
    .filter((group) => group.specialities.length > 0);
}
