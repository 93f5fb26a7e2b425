import { delay, http, HttpResponse, type HttpHandler } from 'msw';
import * as v from 'valibot';
import type { Deleted } from '@shared/contract/address';
import { saveContactRequestSchema, type Contact } from '@shared/contract/contacts';
import type { UsState } from '@shared/contract/lists';
import { saveLocationRequestSchema, type Location } from '@shared/contract/locations';

/**
 * The insured's contacts and locations API (src/api/contacts.ts, locations.ts) as the server
 * answers it, over an in-memory list, so that adding, editing, making primary and deleting
 * behave in a story as they do against the real server (shared/contract/contacts.ts and
 * locations.ts say the rules): one primary whenever any exist, the first record is primary,
 * marking another primary unmarks the old one, unmarking the primary is a 409, deleting the
 * primary promotes the oldest remaining record, a record on a bound policy cannot be deleted
 * (409), an Idempotency-Key makes a repeated create answer the first record, a ZIP must lie in
 * its state and a phone number must be one we can call (400s naming the field).
 *
 * Every story makes its own `accountApi(...)` and calls its `reset` in `beforeEach`, so each
 * showing (in Storybook as in the tests) starts from the same list.
 */

export const ACCOUNT_URLS = {
  contacts: '*/api/weborder/insured/contactlist',
  saveContact: '*/api/weborder/insured/saveupdatecontact',
  deleteContact: '*/api/weborder/insured/deletecontacts',
  locations: '*/api/weborder/insured/locationlist',
  saveLocation: '*/api/weborder/insured/saveupdatelocation',
  deleteLocation: '*/api/weborder/insured/deletelocation',
  states: '*/api/weborder/insured/stateList',
} as const;

export const adaContact: Contact = {
  id: 11,
  title: 'Dr',
  firstname: 'Ada',
  lastname: 'Lovelace',
  email: 'ada@example.com',
  contactnumber: '+15125550142',
  isprimary: true,
};
export const graceContact: Contact = {
  id: 12,
  title: null,
  firstname: 'Grace',
  lastname: 'Hopper',
  email: 'grace.hopper@example.com',
  contactnumber: null,
  isprimary: false,
};
/** A number from outside the US stays in its international form. */
export const charlesContact: Contact = {
  id: 13,
  title: 'Mr',
  firstname: 'Charles',
  lastname: 'Babbage',
  email: null,
  contactnumber: '+442079460958',
  isprimary: false,
};
export const contacts: Contact[] = [adaContact, graceContact, charlesContact];

export const mainOffice: Location = {
  id: 21,
  title: 'Main office',
  address1: '500 Congress Ave',
  address2: 'Suite 200',
  city: 'Austin',
  state: 'TX',
  zipcode: '78701',
  isprimary: true,
};
export const houstonClinic: Location = {
  id: 22,
  title: 'Houston clinic',
  address1: '1200 Smith St',
  address2: null,
  city: 'Houston',
  state: 'TX',
  zipcode: '77002',
  isprimary: false,
};
/** No title: the street address names it. */
export const marketStreet: Location = {
  id: 23,
  title: null,
  address1: '101 Market St',
  address2: null,
  city: 'San Francisco',
  state: 'CA',
  zipcode: '94105',
  isprimary: false,
};
export const locations: Location[] = [mainOffice, houstonClinic, marketStreet];

/** GET insured/stateList: a few states, alphabetical, as the server sends them. */
export const usStates: UsState[] = [
  { code: 'CA', name: 'California', offered: true },
  { code: 'FL', name: 'Florida', offered: true },
  { code: 'NY', name: 'New York', offered: true },
  { code: 'TX', name: 'Texas', offered: true },
  { code: 'WA', name: 'Washington', offered: false },
];

/** The ZIP codes the mock server knows, and their state. */
const zipStates: Record<string, string> = {
  '78701': 'TX',
  '77002': 'TX',
  '94105': 'CA',
  '10001': 'NY',
  '33101': 'FL',
  '98101': 'WA',
};

/** What the 409 on deleting a record a bound policy uses says (server/account/primary-records.ts). */
export const boundMessage = (noun: string) =>
  `This ${noun} is used by policy P-2026-000311 (order Q-2026-004217), so it cannot be deleted`;

export const LIST_DOWN_MESSAGE = 'The account service is unavailable.';

export interface AccountApiOptions {
  contacts?: Contact[];
  locations?: Location[];
  /** Ids of records on a bound policy: deleting them is a 409. */
  bound?: number[];
  /** Ids already deleted in another tab: deleting them is a 404 (and they are gone from the next list). */
  deletedElsewhere?: number[];
  /** Which list calls (1 = the first load) answer a 500. */
  failingLists?: number[];
  /** The list never answers: the screen stays on its loading state. */
  pendingList?: boolean;
  /** The state list answers a 500. */
  statesDown?: boolean;
}

function apiError(status: number, message: string, fields?: Record<string, string>) {
  return HttpResponse.json({ status, message, ...(fields ? { fields } : {}) }, { status });
}

/** A 400 naming each field the contract refuses, as the server's validation answers. */
function invalid(issues: v.BaseIssue<unknown>[]) {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = v.getDotPath(issue);
    if (key && !(key in fields)) fields[key] = issue.message;
  }
  const [first] = Object.entries(fields);
  return apiError(400, first ? `Invalid body: ${first[0]} ${first[1]}` : 'Invalid body', fields);
}

/** server/account/phone.ts in small: US numbers without a country code, E.164 out. */
function normalisePhone(value: string | null): string | null | Response {
  if (value === null) return null;
  const digits = value.replace(/\D/g, '');
  if (!value.trim().startsWith('+') && digits.length === 10) return `+1${digits}`;
  if (!value.trim().startsWith('+') && digits.length === 11 && digits.startsWith('1')) return `+${digits}`;
  if (value.trim().startsWith('+') && digits.length >= 8 && digits.length <= 15) return `+${digits}`;
  return apiError(400, `${value} is not a phone number we can call`, { contactnumber: 'is not a valid phone number' });
}

/** server/account/address-check.ts in small. */
function checkAddress(state: string, zipcode: string): Response | undefined {
  const named = usStates.find((candidate) => candidate.code === state);
  if (!named) return apiError(400, `${state} is not a US state code`, { state: 'is not a US state code' });
  const zipState = zipStates[zipcode];
  if (!zipState) return apiError(400, `ZIP code ${zipcode} does not exist`, { zipcode: 'is not a known ZIP code' });
  if (zipState !== state) {
    const zipName = usStates.find((candidate) => candidate.code === zipState)?.name ?? zipState;
    return apiError(400, `ZIP code ${zipcode} is in ${zipName}, not ${named.name}`, {
      zipcode: `is in ${zipName}, not ${named.name}`,
    });
  }
  return undefined;
}

const capitalised = (noun: string) => noun.charAt(0).toUpperCase() + noun.slice(1);

interface Primary {
  id: number;
  isprimary: boolean;
}

/** One record list with the server's primary rules. */
class RecordStore<T extends Primary> {
  records: T[] = [];
  private nextId = 1;
  private readonly keys = new Map<string, number>();

  constructor(
    private readonly initial: T[],
    private readonly noun: string,
  ) {
    this.reset();
  }

  reset() {
    this.records = this.initial.map((record) => ({ ...record }));
    this.nextId = Math.max(100, ...this.initial.map((record) => record.id + 1));
    this.keys.clear();
  }

  /** What the list answers: the primary first, then the rest oldest first. */
  list(): T[] {
    return [...this.records]
      .sort((a, b) => Number(b.isprimary) - Number(a.isprimary) || a.id - b.id)
      .map((record) => ({ ...record }));
  }

  save(
    values: Omit<T, 'id' | 'isprimary'>,
    id: number | null | undefined,
    isprimary: boolean | undefined,
    key: string | null,
  ): Response {
    if (id == null && key && this.keys.has(key)) {
      const earlier = this.records.find((record) => record.id === this.keys.get(key));
      if (earlier) return HttpResponse.json(earlier, { status: 200 });
    }
    if (id != null) {
      const current = this.records.find((record) => record.id === id);
      if (!current) return apiError(404, `No such ${this.noun} (or it is not yours)`);
      if (current.isprimary && isprimary === false) {
        return apiError(
          409,
          `${capitalised(this.noun)} ${id} is the primary ${this.noun}: mark another ${this.noun} primary instead`,
          {
            isprimary: `mark another ${this.noun} primary instead`,
          },
        );
      }
      Object.assign(current, values);
      if (isprimary) this.makePrimary(current.id);
      return HttpResponse.json(current);
    }
    const created = { ...values, id: this.nextId++, isprimary: false } as T;
    this.records.push(created);
    if (isprimary || this.records.length === 1) this.makePrimary(created.id);
    if (key) this.keys.set(key, created.id);
    return HttpResponse.json(created, { status: 201 });
  }

  remove(id: number, bound: readonly number[]): Response {
    const index = this.records.findIndex((record) => record.id === id);
    if (index < 0) return apiError(404, `No such ${this.noun} (or it is not yours)`);
    const [record] = this.records.slice(index, index + 1) as [T];
    if (bound.includes(id))
      return apiError(409, boundMessage(this.noun), { id: 'is used by policy P-2026-000311 (order Q-2026-004217)' });
    this.records.splice(index, 1);
    if (record.isprimary && this.records.length > 0)
      this.makePrimary(Math.min(...this.records.map((other) => other.id)));
    const answer: Deleted = { deletedId: id, primaryId: this.records.find((other) => other.isprimary)?.id ?? null };
    return HttpResponse.json(answer);
  }

  private makePrimary(id: number) {
    for (const record of this.records) record.isprimary = record.id === id;
  }
}

/** The account API over in-memory lists; `reset` in the story's beforeEach. */
export function accountApi(options: AccountApiOptions = {}) {
  const contactStore = new RecordStore(options.contacts ?? [], 'contact');
  const locationStore = new RecordStore(options.locations ?? [], 'location');
  let listCalls = 0;
  let deletedElsewhere = new Set(options.deletedElsewhere);
  const bound = options.bound ?? [];

  async function listAnswer(list: () => unknown[]) {
    if (options.pendingList) {
      await delay('infinite');
    }
    listCalls += 1;
    if (options.failingLists?.includes(listCalls)) return apiError(500, LIST_DOWN_MESSAGE);
    return HttpResponse.json(list());
  }

  function removeAnswer(store: RecordStore<Contact> | RecordStore<Location>, request: Request) {
    const id = Number(new URL(request.url).searchParams.get('id'));
    if (deletedElsewhere.has(id)) {
      // Another tab got there first: it is gone, and this delete finds nothing.
      deletedElsewhere.delete(id);
      store.remove(id, []);
      return apiError(404, 'No such record (or it is not yours)');
    }
    return store.remove(id, bound);
  }

  const handlers: HttpHandler[] = [
    http.get(ACCOUNT_URLS.states, () =>
      options.statesDown ? apiError(500, 'The state list is unavailable.') : HttpResponse.json(usStates),
    ),
    http.get(ACCOUNT_URLS.contacts, () => listAnswer(() => contactStore.list())),
    http.get(ACCOUNT_URLS.locations, () => listAnswer(() => locationStore.list())),
    http.post(ACCOUNT_URLS.saveContact, async ({ request }) => {
      const parsed = v.safeParse(saveContactRequestSchema, await request.json());
      if (!parsed.success) return invalid(parsed.issues);
      const { id, isprimary, contactnumber, ...rest } = parsed.output;
      const phone = normalisePhone(contactnumber);
      if (phone instanceof Response) return phone;
      return contactStore.save(
        { ...rest, contactnumber: phone },
        id,
        isprimary,
        request.headers.get('idempotency-key'),
      );
    }),
    http.post(ACCOUNT_URLS.saveLocation, async ({ request }) => {
      const parsed = v.safeParse(saveLocationRequestSchema, await request.json());
      if (!parsed.success) return invalid(parsed.issues);
      const { id, isprimary, ...rest } = parsed.output;
      const refused = checkAddress(rest.state, rest.zipcode);
      if (refused) return refused;
      return locationStore.save(rest, id, isprimary, request.headers.get('idempotency-key'));
    }),
    http.delete(ACCOUNT_URLS.deleteContact, ({ request }) => removeAnswer(contactStore, request)),
    http.delete(ACCOUNT_URLS.deleteLocation, ({ request }) => removeAnswer(locationStore, request)),
  ];

  return {
    handlers,
    reset: () => {
      contactStore.reset();
      locationStore.reset();
      listCalls = 0;
      deletedElsewhere = new Set(options.deletedElsewhere);
    },
    /** The lists as the mock server holds them now. */
    contacts: () => contactStore.list(),
    locations: () => locationStore.list(),
  };
}
