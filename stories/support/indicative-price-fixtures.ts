import { http, HttpResponse } from 'msw';
import type { IlfDlfList } from '@shared/contract/lists';
import type { SpecialityListItem } from '@shared/contract/specialities';
import {
  CATEGORIES_URL,
  categories,
  HARBOR_RISK,
  harborRiskSpecialities,
  SPECIALITIES_URL,
  specialities,
} from './catalog-fixtures';

/**
 * The catalog with indicative prices, as auth/specialitylist answers them: per speciality, the
 * lowest and highest minimum premium across the states sold in, or one state's with `state=`.
 * Land surveyors (104) have no table anywhere: their card shows no price.
 */
const minimumsByState: Record<number, Record<string, number>> = {
  101: { TX: 131_100, CA: 156_000, AZ: 118_600 },
  102: { TX: 121_000, CA: 144_000, AZ: 109_400 },
  103: { TX: 50_000, CA: 50_000, AZ: 50_000 },
  201: { TX: 116_600, CA: 138_800, AZ: 105_500 },
  202: { TX: 50_000, CA: 60_000, AZ: 50_000 },
  203: { TX: 59_900, CA: 71_300, AZ: 54_200 },
  204: { TX: 88_000, CA: 104_800 },
  301: { TX: 88_200, CA: 105_000, AZ: 79_800 },
  302: { TX: 98_000, CA: 116_700, AZ: 88_700 },
};

export function priced(list: SpecialityListItem[], state: string | null): SpecialityListItem[] {
  return list.map((speciality) => {
    const minimums = Object.entries(minimumsByState[speciality.id] ?? {})
      .filter(([code]) => state === null || code === state)
      .map(([, cents]) => cents);
    if (minimums.length === 0) return speciality;
    return { ...speciality, indicativeFromCents: Math.min(...minimums), indicativeToCents: Math.max(...minimums) };
  });
}

/** GET insured/ilfdlflist/77002: downtown Houston (only where it is: the catalog needs no options). */
export const houstonPlace: IlfDlfList = {
  zipcode: '77002',
  stateCode: 'TX',
  stateName: 'Texas',
  county: 'Harris',
  city: 'Houston',
  offered: true,
  limits: [],
  deductibles: [],
};

/** The catalog API with prices, and where a quote in progress's ZIP lies. */
export function pricedCatalogHandlers() {
  return [
    http.get(CATEGORIES_URL, () => HttpResponse.json(categories)),
    http.get(SPECIALITIES_URL, ({ request }) => {
      const search = new URL(request.url).searchParams;
      const list = search.get('clientUrl')?.toLowerCase() === HARBOR_RISK ? harborRiskSpecialities : specialities;
      return HttpResponse.json(priced(list, search.get('state')));
    }),
    http.get('*/api/weborder/insured/ilfdlflist/:zipcode', ({ params }) =>
      params.zipcode === houstonPlace.zipcode
        ? HttpResponse.json(houstonPlace)
        : HttpResponse.json(
            {
              status: 400,
              message: `${String(params.zipcode)} is not a known US ZIP code`,
              fields: { zipcode: 'is not a known US ZIP code' },
            },
            { status: 400 },
          ),
    ),
  ];
}
