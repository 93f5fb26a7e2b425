import { delay, http, HttpResponse, type HttpHandler } from 'msw';
import type { User } from '@shared/contract/auth';
import type { Book, BookOrder } from '@shared/contract/broker-book';
import { authHandlers, AUTH_URLS } from './auth-fixtures';
import { storedSession } from './underwriting-fixtures';

/**
 * The broker's book (src/api/broker-book.ts) as a small in-memory server: Bea Broker of Harbor
 * Risk Partners, three orders through its storefront (one bound), and what each story changes.
 */

export const BOOK_URL = '*/api/weborder/broker/book';

export const bea: User = {
  id: 51,
  email: 'bea.broker@harbor-risk.example',
  firstname: 'Bea',
  lastname: 'Broker',
  role: 'broker',
};
export const beaStored = storedSession(bea);

const order = (submissionId: number, overrides: Partial<BookOrder>): BookOrder => ({
  submissionId,
  number: `Q-2026-00${submissionId}`,
  insuredName: 'Ada Lovelace',
  companyName: 'Lovelace Architects',
  speciality: { id: 101, name: 'Architects' },
  stateCode: 'TX',
  status: 'quoted',
  totalCents: 272_132,
  nextStep: 'Quoted: the insured can buy',
  updatedAt: '2026-06-24T15:02:11.000Z',
  policy: null,
  ...overrides,
});

export const bookOrders: BookOrder[] = [
  order(4217, {}),
  order(4302, {
    insuredName: 'Charles Babbage',
    companyName: 'Difference Engines LLC',
    speciality: { id: 102, name: 'Engineers' },
    status: 'complete',
    totalCents: 318_450,
    nextStep: 'Policy issued',
    policy: { number: 'P-2026-000118', effectiveDate: '2026-07-01', expirationDate: '2027-07-01' },
  }),
  order(4388, {
    insuredName: 'Mary Somerville',
    companyName: null,
    status: 'awaiting_payment',
    nextStep: 'The insured is to pay',
  }),
];

const LANDING = 'https://practiceshield.example/client/landing/harbor-risk';
export const beaBook = (orders: BookOrder[] = bookOrders): Book => ({
  broker: { id: 3, name: 'Harbor Risk Partners', abbreviation: 'HRP', clientUrl: 'harbor-risk' },
  storefront: {
    url: LANDING,
    specialities: [
      { id: 101, name: 'Architects', code: 'HRPARC01', url: `${LANDING}?s=HRPARC01` },
      { id: 102, name: 'Engineers', code: 'HRPENG02', url: `${LANDING}?s=HRPENG02` },
    ],
    allSpecialitiesUrl: `${LANDING}?s=HRPARC01,HRPENG02`,
  },
  orders,
  total: orders.length,
  page: 1,
  pageSize: 50,
});

export type BookServerOptions = {
  /** Every call answers this error. */
  failing?: { status: number; message: string; fields?: Record<string, string> };
  /** The first call fails this way, the next ones answer. */
  failsOnce?: { status: number; message: string };
  /** Calls never answer. */
  pending?: boolean;
};

/** The identity API confirming Bea's stored session, and broker/book filtering by `status`; `asked` records each query. */
export function bookHandlers(options: BookServerOptions = {}) {
  const asked: string[] = [];
  let failed = false;
  const refuse = (failure: { status: number; message: string; fields?: Record<string, string> }) =>
    HttpResponse.json(
      { status: failure.status, message: failure.message, ...(failure.fields ? { fields: failure.fields } : {}) },
      { status: failure.status },
    );
  const handlers: HttpHandler[] = [
    http.get(AUTH_URLS.isLogin, () => HttpResponse.json(bea)),
    ...authHandlers(),
    http.get(BOOK_URL, async ({ request }) => {
      const status = new URL(request.url).searchParams.get('status');
      asked.push(status ?? '');
      if (options.pending) {
        await delay('infinite');
      }
      if (options.failing) return refuse(options.failing);
      if (options.failsOnce && !failed) {
        failed = true;
        return refuse(options.failsOnce);
      }
      return HttpResponse.json(beaBook(status ? bookOrders.filter((entry) => entry.status === status) : bookOrders));
    }),
    // Issue 20: nothing overdue (the overdue-instalments list shows nothing).
    http.get('*/api/weborder/broker/overdueinstalments', () => HttpResponse.json([])),
  ];
  return {
    handlers,
    asked,
    reset: () => {
      asked.length = 0;
      failed = false;
    },
  };
}
