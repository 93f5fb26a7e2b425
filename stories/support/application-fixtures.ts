import { delay, http, HttpResponse, type HttpHandler } from 'msw';
import type { Application, ApplicationRecord, ApplicationSignature } from '@shared/contract/application-signature';
import { SUBMISSION_ID, SUBMISSION_NUMBER } from './order-status-fixtures';

/**
 * Ada's application for order 4217 (Architects, Prairie Studio Architects) as GET
 * insured/application answers it, and a small server for POST insured/signapplication
 * (src/api/application-signature.ts). Each story makes its own world (`applicationWorld`) and
 * resets it in its beforeEach, so every showing starts the same.
 */

export const APPLICATION_URLS = {
  application: '*/api/weborder/insured/application',
  sign: '*/api/weborder/insured/signapplication',
} as const;

export { SUBMISSION_ID, SUBMISSION_NUMBER };

/** Stand-ins for the SHA-256 of each version of the record. */
export const FIRST_HASH = '3f9a1c0b7d2e4f6a8b9c0d1e2f3a4b5c6d7e8f9a0b1c2d3e4f5a6b7c8d9e0f1a';
export const CHANGED_HASH = 'c0ffee0b7d2e4f6a8b9c0d1e2f3a4b5c6d7e8f9a0b1c2d3e4f5a6b7c8d9e0b2b';
export const SIGNED_AT = '2026-06-25T10:05:00.000Z';

export const applicationRecord: ApplicationRecord = {
  submissionId: SUBMISSION_ID,
  orderNumber: SUBMISSION_NUMBER,
  speciality: 'Architects',
  insured: { name: 'Ada Lovelace', company: 'Prairie Studio Architects' },
  practiceAddress: ['500 Congress Ave', 'Austin, TX 78701'],
  state: 'Texas',
  zipcode: '78701',
  sections: [
    {
      title: 'About your practice (Architects)',
      answers: [
        {
          code: 'arc_licence_action',
          question: 'Has a licensing board ever disciplined you, or suspended, restricted or revoked your licence?',
          answer: 'No',
        },
        { code: 'arc_structural', question: 'Do you design structural elements yourself?', answer: 'No' },
        {
          code: 'arc_project_types',
          question: 'What kinds of projects do you design?',
          answer: 'Residential, Commercial',
        },
      ],
    },
    {
      title: 'General application',
      answers: [
        { code: 'years_in_practice', question: 'How many years have you been in practice?', answer: '12' },
        {
          code: 'annual_revenue',
          question: 'What was your gross revenue over the last 12 months (USD)?',
          answer: '$850,000.00',
        },
        { code: 'staff_count', question: 'How many professionals, you included, work in the firm?', answer: '4' },
        {
          code: 'prior_claims',
          question: 'Has anyone made a claim against you or your firm in the last five years?',
          answer: 'No',
        },
        { code: 'prior_coverage', question: 'Do you carry professional liability insurance today?', answer: 'Yes' },
      ],
    },
  ],
  cover: {
    limit: '$1,000,000 / $1,000,000',
    deductible: '$2,500',
    paymentPlan: 'Quarterly',
    totalCents: 272_132,
    effectiveDate: '2026-07-01',
  },
  declarations: [
    'The statements in this application, every answer included, are true and complete to the best of my knowledge after reasonable inquiry.',
    'If anything in this application changes before the policy starts, I will tell Practice Shield before the effective date; the quote may then change or be withdrawn.',
    'I understand that a misstatement or an omission of a material fact in this application may void the policy or lead to a claim being denied.',
    'I consent to receive this application, the policy and its notices as electronic records and to sign them electronically, with the same effect as my handwritten signature.',
  ],
};

/** A record after Ada said she now designs structural elements. */
export function changedRecordOf(record: ApplicationRecord): ApplicationRecord {
  return {
    ...record,
    sections: record.sections.map((section, index) =>
      index === 0
        ? {
            ...section,
            answers: section.answers.map((answer) =>
              answer.code === 'arc_structural' ? { ...answer, answer: 'Yes' } : answer,
            ),
          }
        : section,
    ),
  };
}

/** The record after Ada said she now designs structural elements. */
export const changedRecord: ApplicationRecord = changedRecordOf(applicationRecord);

export const signatureOf = (signerName: string, recordHash: string, current = true): ApplicationSignature => ({
  signerName,
  signedAt: SIGNED_AT,
  ip: '203.0.113.7',
  recordHash,
  current,
});

type Failure = { status: number; message: string; fields?: Record<string, string> };

export interface ApplicationWorldOptions {
  /** How the application stands at first: never signed, signed as it stands, or signed before a change. */
  start?: 'unsigned' | 'signed' | 'stale';
  /** Calls that never answer. */
  pending?: ('load' | 'sign')[];
  /** The first load fails like this; the next one works. */
  failFirstLoad?: Failure;
  /** The record changes just before the first signing: that signing is refused (409 naming recordHash). */
  changeBeforeSigning?: boolean;
  /** The application as it stands (Prairie Studio Architects' in Austin unless said). */
  record?: ApplicationRecord;
}

export interface ApplicationWorld {
  handlers: HttpHandler[];
  reset: () => void;
  /** Every signing sent, as its JSON body. */
  signings: Record<string, unknown>[];
}

function apiError(status: number, message: string, fields?: Record<string, string>) {
  return HttpResponse.json({ status, message, ...(fields ? { fields } : {}) }, { status });
}

const never = async () => {
  await delay('infinite');
  return HttpResponse.json({});
};

export function applicationWorld(options: ApplicationWorldOptions = {}): ApplicationWorld {
  const start = options.start ?? 'unsigned';
  const record = options.record ?? applicationRecord;
  const changed = changedRecordOf(record);
  const initial = (): Application =>
    start === 'unsigned'
      ? { record, recordHash: FIRST_HASH, signature: null }
      : start === 'signed'
        ? { record, recordHash: FIRST_HASH, signature: signatureOf('Ada Lovelace', FIRST_HASH) }
        : { record: changed, recordHash: CHANGED_HASH, signature: signatureOf('Ada Lovelace', FIRST_HASH, false) };
  let current = initial();
  let loads = 0;
  let changedMeanwhile = false;
  const signings: Record<string, unknown>[] = [];
  const pending = new Set(options.pending ?? []);

  const reset = () => {
    current = initial();
    loads = 0;
    changedMeanwhile = false;
    signings.length = 0;
  };

  const handlers: HttpHandler[] = [
    http.get(APPLICATION_URLS.application, async () => {
      if (pending.has('load')) return never();
      loads += 1;
      if (options.failFirstLoad && loads === 1)
        return apiError(options.failFirstLoad.status, options.failFirstLoad.message, options.failFirstLoad.fields);
      return HttpResponse.json(current);
    }),
    http.post(APPLICATION_URLS.sign, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      signings.push(body);
      if (pending.has('sign')) return never();
      if (options.changeBeforeSigning && !changedMeanwhile) {
        changedMeanwhile = true;
        current = {
          record: changed,
          recordHash: CHANGED_HASH,
          signature: current.signature && { ...current.signature, current: false },
        };
      }
      if (body.recordHash !== current.recordHash) {
        return apiError(409, 'Your application changed since you reviewed it: review it again before signing', {
          recordHash: 'your application changed; review it again',
        });
      }
      const signature = signatureOf(String(body.signerName).trim(), current.recordHash);
      current = { ...current, signature };
      return HttpResponse.json(signature, { status: 201 });
    }),
  ];
  return { handlers, reset, signings };
}
