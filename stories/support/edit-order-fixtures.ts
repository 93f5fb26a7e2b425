import { delay, http, HttpResponse, type HttpHandler } from 'msw';
import * as v from 'valibot';
import type { Contact } from '@shared/contract/contacts';
import type { UsState } from '@shared/contract/lists';
import {
  addLocationsRequestSchema,
  type Location,
  type PlanLocation,
  type PlanLocations,
} from '@shared/contract/locations';
import { updatePrimaryInsuredWithLocationRequestSchema, type PrimaryInsured } from '@shared/contract/primary-insured';
import type { OrderDetails, SubmissionStatus } from '@shared/contract/submissions';
import { DEFAULT_CHOICE, orderDetails, rateOption, SUBMISSION_ID } from './quote-fixtures';

/**
 * The editorder screen's API (src/api/plan-locations.ts, primary-insured.ts, submissions.ts'
 * orderdetails, lists.ts' stateList) as a small in-memory server: Ada's saved locations, her
 * order 4217 (Architects, the quote the quotes stories save) and its locations. Changes stick
 * until the story's `beforeEach` resets them, and the order is priced again, with the quote
 * fixtures' rating, whenever its primary location moves: $2,721.32 in Houston (territory 770,
 * ×1.075), less in Dallas (752, ×1.05).
 */

export const EDIT_ORDER_URLS = {
  orderDetails: '*/api/weborder/insured/orderdetails',
  planLocations: '*/api/weborder/insured/locations',
  savedLocations: '*/api/weborder/insured/locationlist',
  primaryInsured: '*/api/weborder/insured/primaryinsureddetails',
  stateList: '*/api/weborder/insured/stateList',
  addLocations: '*/api/weborder/insured/addlocation',
  updateInsured: '*/api/weborder/insured/updateprimaryinsuredwithlocation',
  deletePlanLocation: '*/api/weborder/insured/deleteplanlocation',
} as const;

export const ORDER_NUMBER = orderDetails.number;
export const EDIT_ORDER_ROUTE = `/editorder?submissionid=${SUBMISSION_ID}`;

/** The year's price at a ZIP, for the order's option (the quote fixtures' default). */
export const priceAt = (zipcode: string) => rateOption(DEFAULT_CHOICE, {}, zipcode).totalCents;
export const HOUSTON_TOTAL = priceAt('77002');
export const DALLAS_TOTAL = priceAt('75201');

export const houstonOffice: Location = {
  id: 31,
  title: 'Houston office',
  address1: '1200 Main St',
  address2: 'Suite 300',
  city: 'Houston',
  state: 'TX',
  zipcode: '77002',
  isprimary: true,
};
export const dallasOffice: Location = {
  id: 32,
  title: 'Dallas office',
  address1: '2100 Ross Ave',
  address2: null,
  city: 'Dallas',
  state: 'TX',
  zipcode: '75201',
  isprimary: false,
};
/** Alaska sells no Architects cover: an order priced there is a 422. */
export const anchorageBranch: Location = {
  id: 33,
  title: 'Anchorage branch',
  address1: '510 L St',
  address2: null,
  city: 'Anchorage',
  state: 'AK',
  zipcode: '99501',
  isprimary: false,
};

const places: Record<string, { state: string; stateName: string }> = {
  '77002': { state: 'TX', stateName: 'Texas' },
  '75201': { state: 'TX', stateName: 'Texas' },
  '99501': { state: 'AK', stateName: 'Alaska' },
};

export const states: UsState[] = [
  { code: 'AK', name: 'Alaska', offered: false },
  { code: 'OK', name: 'Oklahoma', offered: false },
  { code: 'TX', name: 'Texas', offered: true },
];

const adaContact: Contact = {
  id: 71,
  title: 'Principal',
  firstname: 'Ada',
  lastname: 'Lovelace',
  email: 'ada@example.com',
  contactnumber: '+15125550142',
  isprimary: true,
};

export const adaInsured: PrimaryInsured = {
  firstname: 'Ada',
  lastname: 'Lovelace',
  companyname: 'Lovelace Architects',
  insuredtype: 'business',
  gender: null,
  dob: null,
  industrycode: null,
  paymentterm: 'annual',
  email: 'ada@example.com',
  contactnumber: '+15125550142',
  hasPassword: true,
  primaryLocation: houstonOffice,
  primaryContact: adaContact,
};

const copyOf = (location: Location, id: number, isprimary: boolean): PlanLocation => ({
  id,
  locationId: location.id,
  title: location.title,
  address1: location.address1,
  address2: location.address2,
  city: location.city,
  state: location.state,
  zipcode: location.zipcode,
  isprimary,
});

export interface EditOrderWorldOptions {
  /** The insured's saved locations (Houston, her primary, and Dallas by default). */
  saved?: Location[];
  /** Which saved locations the order starts with, the first its primary (Houston by default). */
  onOrder?: Location[];
  /** Order copies of saved locations deleted since. */
  copies?: PlanLocation[];
  status?: SubmissionStatus;
  /** The order moves on (an underwriter approves it) just before the next change: that change is a 409. */
  approvedBeforeNextChange?: boolean;
  /** The reload after the first change fails once (503). */
  reloadFailsAfterChange?: boolean;
  /** The order's locations fail to load once (500): Try again works. */
  loadFailsOnce?: boolean;
}

interface World {
  status: SubmissionStatus;
  version: number;
  saved: Location[];
  plan: PlanLocation[];
  zipcode: string;
  totalCents: number;
  insured: PrimaryInsured;
  nextPlanId: number;
  approveNext: boolean;
  failReload: 'armed' | 'fired' | 'off';
  failLoad: boolean;
}

function apiError(status: number, message: string, fields?: Record<string, string>) {
  return HttpResponse.json({ status, message, ...(fields ? { fields } : {}) }, { status });
}

const EDITABLE: readonly SubmissionStatus[] = ['draft', 'quoted', 'incomplete'];

/**
 * The in-memory server for one story. `handlers` go in parameters.msw.handlers; `reset` in the
 * story's beforeEach, so that each showing starts from the same order.
 */
export function editOrderWorld(options: EditOrderWorldOptions = {}) {
  const saved = options.saved ?? [houstonOffice, dallasOffice];
  const onOrder = options.onOrder ?? [houstonOffice];
  const fresh = (): World => {
    const plan = [
      ...onOrder.map((location, index) => copyOf(location, 501 + index, index === 0)),
      ...(options.copies ?? []),
    ];
    if (plan.length > 0 && !plan.some((copy) => copy.isprimary)) plan[0] = { ...plan[0]!, isprimary: true };
    const zipcode = plan.find((copy) => copy.isprimary)?.zipcode ?? '77002';
    const primary = saved.find((location) => location.isprimary) ?? null;
    return {
      status: options.status ?? 'quoted',
      version: 3,
      saved: saved.map((location) => ({ ...location })),
      plan,
      zipcode,
      totalCents: priceAt(zipcode),
      insured: { ...adaInsured, primaryLocation: primary },
      nextPlanId: 601,
      approveNext: options.approvedBeforeNextChange ?? false,
      failReload: options.reloadFailsAfterChange ? 'armed' : 'off',
      failLoad: options.loadFailsOnce ?? false,
    };
  };
  let world = fresh();

  const answer = (previousTotalCents: number, rerated: boolean): PlanLocations => ({
    submissionId: SUBMISSION_ID,
    number: ORDER_NUMBER,
    status: world.status,
    version: world.version,
    stateCode: places[world.zipcode]?.state ?? 'TX',
    zipcode: world.zipcode,
    totalCents: world.totalCents,
    previousTotalCents,
    rerated,
    locations: world.plan.map((copy) => ({ ...copy })),
  });

  const details = (): OrderDetails => {
    const rating = rateOption(DEFAULT_CHOICE, {}, world.zipcode);
    return {
      ...orderDetails,
      status: world.status,
      version: world.version,
      zipcode: world.zipcode,
      rating,
      premiumCents: rating.totalCents,
    };
  };

  /** What every change does first: the order must still be editable. */
  const refusal = (): Response | undefined => {
    if (world.approveNext) {
      world.approveNext = false;
      world.status = 'approved';
      world.version += 1;
    }
    if (!EDITABLE.includes(world.status)) {
      return apiError(409, `Order ${ORDER_NUMBER} is ${world.status}: its locations can no longer change`);
    }
    return undefined;
  };

  /** After a change: priced again when the primary location moved (422 where Architects are not sold). */
  const settle = (before: World): Response => {
    const primary = world.plan.find((copy) => copy.isprimary);
    const zipcode = primary?.zipcode ?? world.zipcode;
    if (zipcode !== before.zipcode && places[zipcode]?.state !== 'TX') {
      const stateName = places[zipcode]?.stateName ?? 'that state';
      world = before;
      return apiError(422, `Architects cover is not offered in ${stateName}`);
    }
    const rerated = zipcode !== before.zipcode;
    world.zipcode = zipcode;
    world.totalCents = priceAt(zipcode);
    world.version += 1;
    if (world.failReload === 'armed') world.failReload = 'fired';
    return HttpResponse.json(answer(before.totalCents, rerated));
  };

  const isOurs = (request: Request) => Number(new URL(request.url).searchParams.get('submissionid')) === SUBMISSION_ID;
  const snapshot = (): World => structuredClone(world);

  const handlers: HttpHandler[] = [
    http.get(EDIT_ORDER_URLS.orderDetails, ({ request }) =>
      isOurs(request) ? HttpResponse.json(details()) : apiError(404, 'No such submission (or it is not yours)'),
    ),
    http.get(EDIT_ORDER_URLS.planLocations, ({ request }) => {
      if (!isOurs(request)) return apiError(404, 'No such submission (or it is not yours)');
      if (world.failLoad) {
        world.failLoad = false;
        return apiError(500, 'The order service is unavailable.');
      }
      if (world.failReload === 'fired') {
        world.failReload = 'off';
        return apiError(503, 'The order service is busy. Try again in a moment.');
      }
      return HttpResponse.json(answer(world.totalCents, false));
    }),
    http.get(EDIT_ORDER_URLS.savedLocations, () => HttpResponse.json(world.saved)),
    http.get(EDIT_ORDER_URLS.primaryInsured, () => HttpResponse.json(world.insured)),
    http.get(EDIT_ORDER_URLS.stateList, () => HttpResponse.json(states)),
    http.post(EDIT_ORDER_URLS.addLocations, async ({ request }) => {
      const body = v.safeParse(addLocationsRequestSchema, await request.json());
      if (!body.success) return apiError(400, 'Invalid body');
      if (body.output.submissionid !== SUBMISSION_ID) return apiError(404, 'No such submission (or it is not yours)');
      const refused = refusal();
      if (refused) return refused;
      const before = snapshot();
      for (const id of body.output.addLocationsIds) {
        const location = world.saved.find((candidate) => candidate.id === id);
        if (!location) return apiError(404, `No such location: ${id}`);
        if (world.plan.some((copy) => copy.locationId === id)) continue;
        world.plan.push(copyOf(location, world.nextPlanId++, world.plan.length === 0));
      }
      const removed = new Set(body.output.removeLocationsIds);
      const lostPrimary = world.plan.some(
        (copy) => copy.isprimary && copy.locationId !== null && removed.has(copy.locationId),
      );
      world.plan = world.plan.filter((copy) => copy.locationId === null || !removed.has(copy.locationId));
      if (lostPrimary && world.plan[0]) world.plan[0] = { ...world.plan[0], isprimary: true };
      return settle(before);
    }),
    http.post(EDIT_ORDER_URLS.updateInsured, async ({ request }) => {
      const body = v.safeParse(updatePrimaryInsuredWithLocationRequestSchema, await request.json());
      if (!body.success) {
        const issue = body.issues[0];
        const field = issue.path?.map((item) => item.key).join('.') ?? 'body';
        return apiError(400, `Invalid body: ${field} ${issue.message}`, { [field]: issue.message });
      }
      const input = body.output;
      if (input.submissionId !== SUBMISSION_ID) return apiError(404, 'No such submission (or it is not yours)');
      const place = places[input.zipcode];
      if (!place)
        return apiError(400, `${input.zipcode} is not a known US ZIP code`, { zipcode: 'is not a known US ZIP code' });
      if (place.state !== input.state) {
        return apiError(400, `ZIP ${input.zipcode} is in ${place.stateName}, not ${input.state}`, {
          zipcode: `is in ${place.stateName}, not ${input.state}`,
        });
      }
      const refused = refusal();
      if (refused) return refused;
      const before = snapshot();
      const address = {
        address1: input.address1,
        address2: input.address2,
        city: input.city,
        state: input.state,
        zipcode: input.zipcode,
      };
      const primaryIndex = world.plan.findIndex((copy) => copy.isprimary);
      if (primaryIndex >= 0) world.plan[primaryIndex] = { ...world.plan[primaryIndex]!, ...address };
      else
        world.plan.push({
          id: world.nextPlanId++,
          locationId: input.locationId ?? null,
          title: null,
          ...address,
          isprimary: true,
        });
      world.insured = {
        ...world.insured,
        firstname: input.firstname,
        lastname: input.lastname,
        companyname: input.companyname,
      };
      if (input.isupdatemaster && input.locationId) {
        world.saved = world.saved.map((location) =>
          location.id === input.locationId ? { ...location, ...address } : location,
        );
      }
      const settled = settle(before);
      if (!settled.ok) return settled;
      return HttpResponse.json({ insured: world.insured, order: await settled.json() });
    }),
    http.delete(EDIT_ORDER_URLS.deletePlanLocation, ({ request }) => {
      if (!isOurs(request)) return apiError(404, 'No such submission (or it is not yours)');
      const id = Number(new URL(request.url).searchParams.get('planlocationid'));
      const refused = refusal();
      if (refused) return refused;
      const before = snapshot();
      const gone = world.plan.find((copy) => copy.id === id);
      if (!gone) return apiError(404, 'No such location on this order');
      world.plan = world.plan.filter((copy) => copy.id !== id);
      if (gone.isprimary && world.plan[0]) world.plan[0] = { ...world.plan[0], isprimary: true };
      return settle(before);
    }),
  ];

  return {
    handlers,
    reset: () => {
      world = fresh();
    },
  };
}

/** The screen's first calls never answer: it stays on "Loading your order…". */
export const pendingEditOrderHandlers: HttpHandler[] = [
  http.get(EDIT_ORDER_URLS.planLocations, async () => {
    await delay('infinite');
    return HttpResponse.json({});
  }),
  ...editOrderWorld().handlers,
];
