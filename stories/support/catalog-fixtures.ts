import { delay, http, HttpResponse } from 'msw';
import type { Speciality, SpecialityCategory } from '@shared/contract/specialities';

/** Where the landing screen's catalog comes from (src/api/specialities.ts), on any origin. */
export const CATEGORIES_URL = '*/api/weborder/auth/specialitycategory';
export const SPECIALITIES_URL = '*/api/weborder/auth/specialitylist';
/** One speciality by id (quotes' chosen speciality). */
export const SPECIALITY_URL = '*/api/weborder/auth/speciality';

export const categories: SpecialityCategory[] = [
  { id: 1, name: 'Design & construction', description: 'Professionals whose advice shapes buildings and spaces.' },
  { id: 2, name: 'Healthcare', description: 'Clinicians treating patients in private practice.' },
  { id: 3, name: 'Technology & consulting', description: 'Advisers whose work runs other businesses.' },
];

export const specialities: Speciality[] = [
  {
    id: 101,
    categoryId: 1,
    name: 'Architects',
    description: 'Design of new buildings, extensions and restorations.',
    speiclaityRandomCode: 'ARC-7Q2',
  },
  {
    id: 102,
    categoryId: 1,
    name: 'Structural engineers',
    description: 'Calculations and sign-off for loads, frames and foundations.',
    speiclaityRandomCode: 'STR-4K9',
  },
  {
    id: 103,
    categoryId: 1,
    name: 'Interior designers',
    description: 'Layouts, finishes and fit-out of homes and offices.',
    speiclaityRandomCode: 'INT-1M5',
  },
  {
    id: 104,
    categoryId: 1,
    name: 'Land surveyors',
    description: 'Boundaries, topography and setting-out on site.',
    speiclaityRandomCode: 'SUR-8B3',
  },
  {
    id: 201,
    categoryId: 2,
    name: 'Dentists',
    description: 'General and cosmetic work on teeth and gums.',
    speiclaityRandomCode: 'DEN-3X8',
  },
  {
    id: 202,
    categoryId: 2,
    name: 'Dental hygienists',
    description: 'Cleaning, scaling and preventive oral care.',
    speiclaityRandomCode: 'HYG-6T1',
  },
  {
    id: 203,
    categoryId: 2,
    name: 'Physiotherapists',
    description: 'Hands-on rehabilitation after injury or surgery.',
    speiclaityRandomCode: 'PHY-2R7',
  },
  {
    id: 204,
    categoryId: 2,
    name: 'Psychologists',
    description: 'Assessment and talking therapies for adults and children.',
    speiclaityRandomCode: 'PSY-9L4',
  },
  {
    id: 301,
    categoryId: 3,
    name: 'Software developers',
    description: 'Bespoke applications, websites and integrations.',
    speiclaityRandomCode: 'SWD-5H6',
  },
  {
    id: 302,
    categoryId: 3,
    name: 'Management consultants',
    description: 'Strategy, operations and change programmes.',
    speiclaityRandomCode: 'MGC-0P8',
  },
];

/**
 * The broker behind /client/landing/harbor-risk sells design and construction cover, under its own
 * codes. Its broker details (stories/support/broker-fixtures.ts) list the same ids and codes.
 */
export const HARBOR_RISK = 'harbor-risk';
export const harborRiskSpecialities: Speciality[] = specialities
  .filter((speciality) => speciality.categoryId === 1 && speciality.id !== 104)
  .map((speciality) => ({ ...speciality, speiclaityRandomCode: `HR-${speciality.speiclaityRandomCode}` }));

function apiError(status: number, message: string) {
  return HttpResponse.json({ status, message }, { status });
}

/**
 * The catalog API as the server answers it: all specialities without a client URL, a known
 * broker's own with one (client URLs match whatever their case), and 404 for a broker nobody
 * knows; one speciality by id, or 404 for an id no speciality has.
 */
export function catalogHandlers(
  catalog: {
    categories?: SpecialityCategory[];
    specialities?: Speciality[];
    brokers?: Record<string, Speciality[]>;
  } = {},
) {
  const brokers = catalog.brokers ?? { [HARBOR_RISK]: harborRiskSpecialities };
  return [
    http.get(CATEGORIES_URL, () => HttpResponse.json(catalog.categories ?? categories)),
    http.get(SPECIALITIES_URL, ({ request }) => {
      const clientUrl = new URL(request.url).searchParams.get('clientUrl');
      if (clientUrl === null) return HttpResponse.json(catalog.specialities ?? specialities);
      const own = brokers[clientUrl.toLowerCase()];
      return own ? HttpResponse.json(own) : apiError(404, `No broker is registered at ${clientUrl}.`);
    }),
    http.get(SPECIALITY_URL, ({ request }) => {
      const id = Number(new URL(request.url).searchParams.get('specialityId'));
      const speciality = (catalog.specialities ?? specialities).find((candidate) => candidate.id === id);
      return speciality ? HttpResponse.json(speciality) : apiError(404, `No speciality has the id ${id}.`);
    }),
  ];
}

/** A catalog that never answers: the screen stays on its loading state. */
export const pendingCatalogHandlers = [
  http.get(CATEGORIES_URL, async () => {
    await delay('infinite');
    return HttpResponse.json([]);
  }),
  http.get(SPECIALITIES_URL, async () => {
    await delay('infinite');
    return HttpResponse.json([]);
  }),
  http.get(SPECIALITY_URL, async () => {
    await delay('infinite');
    return HttpResponse.json({});
  }),
];

export const SERVICE_DOWN_MESSAGE = 'The speciality service is unavailable.';

/** The speciality list fails with the API's JSON error body. */
export const failingCatalogHandlers = [
  http.get(CATEGORIES_URL, () => HttpResponse.json(categories)),
  http.get(SPECIALITIES_URL, () => apiError(500, SERVICE_DOWN_MESSAGE)),
  http.get(SPECIALITY_URL, () => apiError(500, SERVICE_DOWN_MESSAGE)),
];

/**
 * The catalog API whose first call to `url` fails with a 500, and which answers normally after
 * that (a "Try again" that works). Call `reset` in the story's beforeEach, so that every showing
 * of the story, in Storybook as in the tests, starts with the failure.
 */
export function failingOnceCatalogHandlers(url: string = SPECIALITIES_URL) {
  let failed = false;
  return {
    handlers: [
      http.get(url, () => {
        if (failed) return undefined; // Falls through to the catalog handlers below.
        failed = true;
        return apiError(500, SERVICE_DOWN_MESSAGE);
      }),
      ...catalogHandlers(),
    ],
    reset: () => {
      failed = false;
    },
  };
}
