import { delay, http, HttpResponse, type HttpHandler } from 'msw';
import type { AdminBroker } from '@shared/contract/admin-brokers';
import type { AdminCatalog } from '@shared/contract/admin-catalog';
import type { AdminQuestion } from '@shared/contract/admin-questions';
import type { RateTableVersion } from '@shared/contract/admin-rate-tables';
import type { AdminUser, AuditEntry } from '@shared/contract/admin-users';
import type { User } from '@shared/contract/auth';
import { usStates } from './account-fixtures';
import { catalogHandlers, specialities } from './catalog-fixtures';
import { deskAuthHandlers, storedSession } from './underwriting-fixtures';

/**
 * The administration API (src/api/admin-*.ts) as a small in-memory server for the admin screens'
 * stories: Ada Admin, three brokers, a few users, one rate table with two versions and an audit
 * log. Each story gets its own server (and `reset`), so what one story changes no other sees.
 */

export const adaAdmin: User = {
  id: 1,
  email: 'ada.admin@practiceshield.example',
  firstname: 'Ada',
  lastname: 'Admin',
  role: 'admin',
};
export const adaAdminStored = storedSession(adaAdmin);

const API = '*/api/weborder';
/** A 1×1 teal PNG, enough for an <img> to show a logo. */
const TINY_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk4Gf4DwABhAGAWjR9awAAAABJRU5ErkJggg==';

const broker = (
  id: number,
  name: string,
  abbreviation: string,
  clientUrl: string,
  overrides: Partial<AdminBroker> = {},
): AdminBroker => ({
  id,
  name,
  abbreviation,
  clientUrl,
  active: true,
  logo: { mime: 'image/png', base64: TINY_PNG },
  specialities: [
    { id: 101, name: 'Architects', code: `${abbreviation}ARC101`.slice(0, 8), active: true },
    { id: 201, name: 'Dentists', code: `${abbreviation}DEN201`.slice(0, 8), active: true },
  ],
  orders: 3,
  ...overrides,
});

export const adminBrokers = (): AdminBroker[] => [
  broker(1, 'Harbor Risk Partners', 'HRP', 'harbor-risk'),
  broker(2, 'Lakeside Insurance Brokers', 'LIB', 'lakeside', { logo: null, orders: 0 }),
  broker(3, 'Summit Professional Insurance', 'SPI', 'summit-professional', { active: false, orders: 12 }),
];

const user = (
  id: number,
  email: string,
  firstName: string,
  lastName: string,
  overrides: Partial<AdminUser> = {},
): AdminUser => ({
  id,
  email,
  firstName,
  lastName,
  companyName: null,
  role: 'insured',
  broker: null,
  lockedUntil: null,
  lastLoginAt: '2026-11-20T09:12:00.000Z',
  createdAt: '2026-10-01T12:00:00.000Z',
  ...overrides,
});

export const adminUsers = (): AdminUser[] => [
  user(9, 'mary@somerville.example', 'Mary', 'Somerville', {
    companyName: 'Somerville Dental',
    lockedUntil: '2099-01-01T10:00:00.000Z',
  }),
  user(8, 'charles@babbage.example', 'Charles', 'Babbage', {
    companyName: 'Difference Engines LLC',
    broker: { id: 1, name: 'Harbor Risk Partners' },
  }),
  user(7, 'bea.broker@harbor-risk.example', 'Bea', 'Broker', {
    role: 'broker',
    broker: { id: 1, name: 'Harbor Risk Partners' },
  }),
  user(2, 'grace@practiceshield.example', 'Grace', 'Hopper', { role: 'underwriter', lastLoginAt: null }),
  user(1, adaAdmin.email, 'Ada', 'Admin', { role: 'admin' }),
];

const version = (n: number, overrides: Partial<RateTableVersion> = {}): RateTableVersion => ({
  id: 40 + n,
  version: n,
  active: false,
  createdAt: `2026-1${n}-01T08:30:00.000Z`,
  createdBy: n === 1 ? null : { id: 1, email: adaAdmin.email },
  basePremiumCents: 273_000,
  minPremiumCents: 163_800,
  policyFeeCents: 7_500,
  taxRateBps: 485,
  feeRateBps: 18,
  erpPercentBps: { '1': 10_000, '2': 16_000, '3': 19_000 },
  factors: {},
  quotes: 14,
  ...overrides,
});

export const rateVersions = (): RateTableVersion[] => [
  version(2, { active: true, basePremiumCents: 300_000, quotes: 3 }),
  version(1),
];

export const auditEntries = (): AuditEntry[] => [
  {
    id: 5,
    at: '2026-11-24T16:02:11.000Z',
    actor: { id: 1, email: adaAdmin.email },
    action: 'ratetable.version',
    entity: 'rate_table',
    entityId: '101:TX',
    data: { from: 1, to: 2, source: 'edit', changed: { basePremiumCents: { from: 273000, to: 300000 } } },
  },
  {
    id: 4,
    at: '2026-11-24T15:40:00.000Z',
    actor: { id: 1, email: adaAdmin.email },
    action: 'user.role',
    entity: 'user',
    entityId: '7',
    data: { from: { role: 'insured', brokerId: null }, to: { role: 'broker', brokerId: 1 } },
  },
  {
    id: 3,
    at: '2026-11-23T11:05:42.000Z',
    actor: { id: 1, email: adaAdmin.email },
    action: 'broker.deactivate',
    entity: 'broker',
    entityId: '3',
    data: { active: false },
  },
  {
    id: 2,
    at: '2026-11-22T10:00:00.000Z',
    actor: { id: 1, email: adaAdmin.email },
    action: 'broker.logo',
    entity: 'broker',
    entityId: '1',
    data: { mime: 'image/png', width: 480, height: 160 },
  },
  {
    id: 1,
    at: '2026-11-22T09:58:12.000Z',
    actor: null,
    action: 'broker.create',
    entity: 'broker',
    entityId: '1',
    data: { name: 'Harbor Risk Partners', clientUrl: 'harbor-risk', abbreviation: 'HRP', specialityIds: [101, 201] },
  },
];

export const adminCatalogData = (): AdminCatalog => ({
  categories: [
    {
      id: 1,
      name: 'Design & construction',
      description: 'Professionals whose advice shapes buildings and spaces.',
      sortOrder: 10,
      specialities: 2,
    },
    { id: 2, name: 'Healthcare', description: '', sortOrder: 20, specialities: 1 },
  ],
  specialities: [
    {
      id: 101,
      categoryId: 1,
      name: 'Architects',
      description: 'Design of new buildings.',
      code: 'DUW6Y4E7',
      active: true,
      sortOrder: 10,
      states: ['CA', 'TX'],
      questions: 4,
      orders: 12,
    },
    {
      id: 104,
      categoryId: 1,
      name: 'Land surveyors',
      description: '',
      code: 'SURV8B3K',
      active: false,
      sortOrder: 20,
      states: [],
      questions: 0,
      orders: 1,
    },
    {
      id: 201,
      categoryId: 2,
      name: 'Dentists',
      description: 'General and cosmetic work.',
      code: 'UY5EL3R2',
      active: true,
      sortOrder: 10,
      states: ['TX'],
      questions: 5,
      orders: 30,
    },
  ],
});

export const architectQuestions = (): AdminQuestion[] => [
  {
    id: 1,
    code: 'arc_public_buildings',
    text: 'Do you design public buildings?',
    helpText: null,
    type: 'yesno',
    required: true,
    options: [
      { value: 'yes', label: 'Yes', modifierBps: 1000, referral: true },
      { value: 'no', label: 'No' },
    ],
    condition: null,
    sortOrder: 10,
    active: true,
  },
  {
    id: 2,
    code: 'arc_public_count',
    text: 'How many public buildings last year?',
    helpText: 'Schools, hospitals, libraries.',
    type: 'number',
    required: true,
    options: [],
    condition: { questionCode: 'arc_public_buildings', anyOf: ['yes'] },
    sortOrder: 20,
    active: true,
  },
  {
    id: 3,
    code: 'arc_old_question',
    text: 'Do you use CAD?',
    helpText: null,
    type: 'yesno',
    required: false,
    options: [
      { value: 'yes', label: 'Yes' },
      { value: 'no', label: 'No' },
    ],
    condition: null,
    sortOrder: 30,
    active: false,
  },
];

export type Failure = { status: number; message: string; fields?: Record<string, string> };

export type AdminServerOptions = {
  /** The first list call (brokers, users, rate tables or audit) fails this way, the next ones answer. */
  failsOnce?: Failure;
  /** List calls never answer. */
  pending?: boolean;
  /** Saving a broker, a role or a rate table answers this error. */
  refuseSave?: Failure;
  /** Importing a CSV answers this error. */
  refuseImport?: Failure;
  /** Creating or editing a broker works, its logo upload answers this error. */
  refuseLogo?: Failure;
};

const refuse = (failure: Failure) =>
  HttpResponse.json(
    { status: failure.status, message: failure.message, ...(failure.fields ? { fields: failure.fields } : {}) },
    { status: failure.status },
  );

/** The whole admin API, kept in memory; `calls` records each change sent ("METHOD path body"). */
export function adminHandlers(options: AdminServerOptions = {}) {
  let brokers = adminBrokers();
  let users = adminUsers();
  let versions = rateVersions();
  let audit = auditEntries();
  let catalog = adminCatalogData();
  let asked = architectQuestions();
  let failed = false;
  const calls: string[] = [];

  /** A list call: the failure or the wait the options ask for, then the answer. */
  const listed = async (answer: () => unknown) => {
    if (options.pending) await delay('infinite');
    if (options.failsOnce && !failed) {
      failed = true;
      return refuse(options.failsOnce);
    }
    return HttpResponse.json(answer() as never);
  };
  const record = async (request: Request) => {
    const body = request.headers.get('content-type')?.includes('json') ? await request.clone().text() : '';
    calls.push(
      `${request.method} ${new URL(request.url).pathname.replace('/api/weborder/', '')}${body ? ` ${body}` : ''}`,
    );
  };

  const handlers: HttpHandler[] = [
    ...deskAuthHandlers(adaAdmin),
    ...catalogHandlers(),
    http.get(`${API}/insured/stateList`, () => HttpResponse.json(usStates)),
    http.get(`${API}/admin/brokers`, () => listed(() => brokers)),
    http.get(`${API}/admin/brokers/clienturl`, ({ request }) => {
      const params = new URL(request.url).searchParams;
      const value = params.get('value')!.trim().toLowerCase();
      const holder = brokers.find((entry) => entry.clientUrl === value && String(entry.id) !== params.get('brokerid'));
      return HttpResponse.json({ clientUrl: value, available: !holder, takenBy: holder?.name ?? null });
    }),
    http.post(`${API}/admin/brokers`, async ({ request }) => {
      await record(request);
      if (options.refuseSave) return refuse(options.refuseSave);
      const body = (await request.json()) as {
        name: string;
        abbreviation: string;
        clientUrl: string;
        specialityIds: number[];
      };
      const made = broker(brokers.length + 10, body.name.trim(), body.abbreviation, body.clientUrl.toLowerCase(), {
        logo: null,
        orders: 0,
        specialities: body.specialityIds.map((id, index) => ({
          id,
          name: specialities.find((entry) => entry.id === id)?.name ?? String(id),
          code: `NEWCODE${index}`,
          active: true,
        })),
      });
      brokers = [...brokers, made].sort((a, b) => a.name.localeCompare(b.name));
      return HttpResponse.json(made, { status: 201 });
    }),
    http.put(`${API}/admin/brokers/:id/logo`, async ({ request, params }) => {
      calls.push(`PUT admin/brokers/${String(params.id)}/logo`);
      if (options.refuseLogo) return refuse(options.refuseLogo);
      brokers = brokers.map((entry) =>
        entry.id === Number(params.id) ? { ...entry, logo: { mime: 'image/png', base64: TINY_PNG } } : entry,
      );
      void request;
      return HttpResponse.json(brokers.find((entry) => entry.id === Number(params.id)));
    }),
    http.put(`${API}/admin/brokers/:id/active`, async ({ request, params }) => {
      await record(request);
      const { active } = (await request.json()) as { active: boolean };
      brokers = brokers.map((entry) => (entry.id === Number(params.id) ? { ...entry, active } : entry));
      return HttpResponse.json(brokers.find((entry) => entry.id === Number(params.id)));
    }),
    http.put(`${API}/admin/brokers/:id`, async ({ request, params }) => {
      await record(request);
      if (options.refuseSave) return refuse(options.refuseSave);
      const body = (await request.json()) as { name: string; abbreviation: string; clientUrl: string };
      brokers = brokers.map((entry) => (entry.id === Number(params.id) ? { ...entry, ...body } : entry));
      return HttpResponse.json(brokers.find((entry) => entry.id === Number(params.id)));
    }),
    http.get(`${API}/admin/users`, ({ request }) =>
      listed(() => {
        const params = new URL(request.url).searchParams;
        const q = params.get('q')?.toLowerCase();
        const role = params.get('role');
        const found = users.filter(
          (entry) =>
            (!q ||
              [entry.email, entry.firstName, entry.lastName, entry.companyName].some((text) =>
                text?.toLowerCase().includes(q),
              )) &&
            (!role || entry.role === role),
        );
        return { users: found, total: found.length, page: Number(params.get('page') ?? 1), pageSize: 50 };
      }),
    ),
    http.put(`${API}/admin/users/:id/role`, async ({ request, params }) => {
      await record(request);
      if (options.refuseSave) return refuse(options.refuseSave);
      const body = (await request.json()) as { role: AdminUser['role']; brokerId: number | null };
      const named = brokers.find((entry) => entry.id === body.brokerId);
      users = users.map((entry) =>
        entry.id === Number(params.id)
          ? { ...entry, role: body.role, broker: named ? { id: named.id, name: named.name } : entry.broker }
          : entry,
      );
      return HttpResponse.json(users.find((entry) => entry.id === Number(params.id)));
    }),
    http.put(`${API}/admin/users/:id/unlock`, ({ request, params }) => {
      calls.push(`PUT admin/users/${String(params.id)}/unlock`);
      void request;
      users = users.map((entry) => (entry.id === Number(params.id) ? { ...entry, lockedUntil: null } : entry));
      return HttpResponse.json(users.find((entry) => entry.id === Number(params.id)));
    }),
    http.get(`${API}/admin/ratetables`, () => listed(() => versions)),
    http.post(`${API}/admin/ratetables`, async ({ request }) => {
      await record(request);
      if (options.refuseSave) return refuse(options.refuseSave);
      const body = (await request.json()) as Partial<RateTableVersion>;
      const next = version(versions[0]!.version + 1, {
        active: true,
        quotes: 0,
        ...body,
        id: 40 + versions[0]!.version + 1,
        version: versions[0]!.version + 1,
      });
      versions = [next, ...versions.map((entry) => ({ ...entry, active: false }))];
      return HttpResponse.json(next, { status: 201 });
    }),
    http.post(`${API}/admin/ratetables/import`, async ({ request }) => {
      await record(request);
      if (options.refuseImport) return refuse(options.refuseImport);
      const next = version(versions[0]!.version + 1, { active: true, quotes: 0 });
      versions = [next, ...versions.map((entry) => ({ ...entry, active: false }))];
      return HttpResponse.json(next, { status: 201 });
    }),
    http.get(`${API}/admin/catalog`, () => listed(() => catalog)),
    http.get(`${API}/admin/specialities/:id/questions`, () =>
      listed(() => ({ speciality: { id: 101, name: 'Architects' }, questions: asked })),
    ),
    http.post(`${API}/admin/specialities/:id/questions`, async ({ request }) => {
      await record(request);
      if (options.refuseSave) return refuse(options.refuseSave);
      const body = (await request.json()) as Pick<AdminQuestion, 'code' | 'type' | 'text'> & Partial<AdminQuestion>;
      const made: AdminQuestion = {
        helpText: null,
        required: true,
        options: [],
        condition: null,
        ...body,
        id: 50,
        sortOrder: 40,
        active: true,
      };
      asked = [...asked, made];
      return HttpResponse.json(made, { status: 201 });
    }),
    http.put(`${API}/admin/specialities/:id/questions/order`, async ({ request }) => {
      await record(request);
      const { ids } = (await request.json()) as { ids: number[] };
      asked = ids.map((id, index) => ({ ...asked.find((entry) => entry.id === id)!, sortOrder: (index + 1) * 10 }));
      return HttpResponse.json({ speciality: { id: 101, name: 'Architects' }, questions: asked });
    }),
    http.put(`${API}/admin/questions/:id/active`, async ({ request, params }) => {
      await record(request);
      if (options.refuseSave) return refuse(options.refuseSave);
      const { active } = (await request.json()) as { active: boolean };
      asked = asked.map((entry) => (entry.id === Number(params.id) ? { ...entry, active } : entry));
      return HttpResponse.json(asked.find((entry) => entry.id === Number(params.id)));
    }),
    http.post(`${API}/admin/categories`, async ({ request }) => {
      await record(request);
      if (options.refuseSave) return refuse(options.refuseSave);
      const body = (await request.json()) as { name: string; description?: string; sortOrder?: number };
      const made = {
        id: 9,
        name: body.name,
        description: body.description ?? '',
        sortOrder: body.sortOrder ?? 0,
        specialities: 0,
      };
      catalog = { ...catalog, categories: [...catalog.categories, made] };
      return HttpResponse.json(made, { status: 201 });
    }),
    http.post(`${API}/admin/specialities`, async ({ request }) => {
      await record(request);
      if (options.refuseSave) return refuse(options.refuseSave);
      const body = (await request.json()) as {
        categoryId: number;
        name: string;
        description?: string;
        sortOrder?: number;
        copyFrom?: number | null;
      };
      const source = catalog.specialities.find((entry) => entry.id === body.copyFrom);
      const made = {
        id: 900,
        categoryId: body.categoryId,
        name: body.name,
        description: body.description ?? '',
        code: 'NEW9CODE',
        active: true,
        sortOrder: body.sortOrder ?? 0,
        states: source?.states ?? [],
        questions: source?.questions ?? 0,
        orders: 0,
      };
      catalog = { ...catalog, specialities: [...catalog.specialities, made] };
      return HttpResponse.json(made, { status: 201 });
    }),
    http.put(`${API}/admin/specialities/:id/active`, async ({ request, params }) => {
      await record(request);
      const { active } = (await request.json()) as { active: boolean };
      catalog = {
        ...catalog,
        specialities: catalog.specialities.map((entry) =>
          entry.id === Number(params.id) ? { ...entry, active } : entry,
        ),
      };
      return HttpResponse.json(catalog.specialities.find((entry) => entry.id === Number(params.id)));
    }),
    http.get(`${API}/admin/audit`, ({ request }) =>
      listed(() => {
        const params = new URL(request.url).searchParams;
        const entity = params.get('entity');
        const entityId = params.get('entityId');
        return {
          entries: audit.filter(
            (entry) => (!entity || entry.entity === entity) && (!entityId || entry.entityId === entityId),
          ),
          page: Number(params.get('page') ?? 1),
          pageSize: 50,
        };
      }),
    ),
  ];
  return {
    handlers,
    calls,
    reset: () => {
      brokers = adminBrokers();
      users = adminUsers();
      versions = rateVersions();
      audit = auditEntries();
      catalog = adminCatalogData();
      asked = architectQuestions();
      failed = false;
      calls.length = 0;
    },
  };
}
