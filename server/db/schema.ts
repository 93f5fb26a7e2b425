/**
 * The whole domain of DESIGN.md §4 as Drizzle tables. drizzle-kit reads this file to generate
 * the SQL in ./migrations: it imports drizzle-orm and the enums' values, written once in
 * shared/contract/enums.ts (drizzle-kit resolves the alias through tsconfig.json).
 *
 * Conventions: integer identity ids; money in integer cents (bigint read as JS number, exact up
 * to 2^53); rates and multiplicative factors in integer basis points (10 000 = ×1.0) so rating
 * never touches binary floating point; timestamps with time zone.
 */
import { sql } from 'drizzle-orm';
import {
  claimStatuses,
  endorsementKinds,
  endorsementStatuses,
  policyStatuses,
  questionTypes,
  roles,
  submissionStatuses,
} from '@shared/contract/enums';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgSequence,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

// ---------------------------------------------------------------------------------------------
// Column helpers

const id = () => integer('id').primaryKey().generatedAlwaysAsIdentity();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
const cents = (name: string) => bigint(name, { mode: 'number' });
/**
 * SHA-256 (hex) of the Idempotency-Key an insured sent when creating the row: a retried create
 * finds this row instead of making a second one (unique per insured).
 */
const idempotencyKeyHash = () => text('idempotency_key_hash');
/**
 * SHA-256 (hex) of the request that created the row, as the contract parsed it (keys sorted),
 * kept beside idempotencyKeyHash: a retry with the same key must be the same request (another
 * is a 422). Null without a key, and on rows made before it was kept (those are not compared).
 */
const idempotencyRequestHash = () => text('idempotency_request_hash');

/** Binary content (files, generated documents) kept in the database by default. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  // PGlite hands back a Uint8Array, node-postgres a Buffer: callers always get a Buffer.
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

// ---------------------------------------------------------------------------------------------
// Enums

export const userRole = pgEnum('user_role', roles);

/** The order lifecycle of DESIGN.md §4; the shared machine decides which moves are legal. */
export const submissionStatus = pgEnum('submission_status', submissionStatuses);

/** The policy lifecycle after the sale; shared/lifecycle/policy-lifecycle.machine.ts decides the moves. */
export const policyStatus = pgEnum('policy_status', policyStatuses);

/** A policy history row's kind and standing (endorsements). */
export const claimStatus = pgEnum('claim_status', claimStatuses);

export const endorsementKind = pgEnum('endorsement_kind', endorsementKinds);
export const endorsementStatus = pgEnum('endorsement_status', endorsementStatuses);

export const mailStatuses = ['pending', 'sent', 'failed'] as const;
export const mailStatus = pgEnum('mail_status', mailStatuses);

export const questionType = pgEnum('question_type', questionTypes);

// ---------------------------------------------------------------------------------------------
// JSON shapes stored in jsonb columns

/** One choice of a select/yesno question, with the underwriting effect of picking it. */
export type QuestionOption = {
  value: string;
  label: string;
  /** Schedule credit (negative) or debit (positive) in basis points. */
  modifierBps?: number;
  /** Picking it declines the order outright. */
  knockout?: boolean;
  /** Picking it sends the order to an underwriter. */
  referral?: boolean;
};

/** Show the question only when another question (same set) has one of these answers. */
export type QuestionCondition = { questionCode: string; anyOf: string[] };

export type IlfRow = {
  code: string;
  label: string;
  perClaimCents: number;
  aggregateCents: number;
  factorBps: number;
};
export type DlfRow = { code: string; label: string; deductibleCents: number; factorBps: number };
/** Territory by the first three digits of the ZIP; unknown prefixes use defaultBps. */
export type TerritoryRow = { zipPrefix: string; factorBps: number };
/** Experience by prior claims count (the general application question). */
export type ExperienceRow = { minClaims: number; maxClaims: number | null; factorBps: number };

export type RateFactors = {
  ilf: IlfRow[];
  dlf: DlfRow[];
  territory: { defaultBps: number; rows: TerritoryRow[] };
  experience: ExperienceRow[];
  /** The schedule modifier from answers is clamped to ±scheduleCapBps. */
  scheduleCapBps: number;
};

/**
 * One thing an endorsement changed, as it read before and after (a code, cents, a name, a
 * date, a status). `field` names it for the history (limitCode, deductibleCode, address1,
 * insuredName, status, tailYears …).
 */
export type EndorsementChange = {
  field: string;
  before: string | number | boolean | null;
  after: string | number | boolean | null;
};

/** A tail's price by its length in years ("1", "2", "3"), in basis points of the annual premium. */
export type ErpPercentBps = Record<'1' | '2' | '3', number>;

export type MailAttachment = { filename: string; contentType: string; contentBase64: string };

// ---------------------------------------------------------------------------------------------
// Catalogue: specialities and brokers

export const specialityCategories = pgTable('speciality_categories', {
  id: id(),
  name: text('name').notNull().unique(),
  description: text('description').notNull().default(''),
  sortOrder: integer('sort_order').notNull().default(0),
  createdAt: createdAt(),
});

export const specialities = pgTable(
  'specialities',
  {
    id: id(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => specialityCategories.id),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** The public code URLs carry (`?s=`); ids stay internal. */
    randomCode: varchar('random_code', { length: 16 }).notNull().unique(),
    active: boolean('active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('specialities_category_idx').on(t.categoryId)],
);

export const brokers = pgTable(
  'brokers',
  {
    id: id(),
    name: text('name').notNull(),
    abbreviation: text('abbreviation').notNull(),
    /** Logo as base64 (the wire shows it as a data URL), with its MIME type. */
    profileImage: text('profile_image'),
    profileImageMime: text('profile_image_mime'),
    /** URL-safe code after client/.../ in branded addresses; stored lower-case. */
    clientUrl: text('client_url').notNull().unique(),
    email: text('email'),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // Lookups lower-case what they are given: a mixed-case row could never be found.
  (t) => [check('brokers_client_url_lower_case', sql`${t.clientUrl} = lower(${t.clientUrl})`)],
);

/** What a broker sells; its own code lets branded `?s=` links differ from the plain ones. */
export const brokerSpecialities = pgTable(
  'broker_specialities',
  {
    id: id(),
    brokerId: integer('broker_id')
      .notNull()
      .references(() => brokers.id, { onDelete: 'cascade' }),
    specialityId: integer('speciality_id')
      .notNull()
      .references(() => specialities.id),
    randomCode: varchar('random_code', { length: 16 }).notNull().unique(),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [unique('broker_specialities_broker_speciality_key').on(t.brokerId, t.specialityId)],
);

export const usStates = pgTable('us_states', {
  id: id(),
  code: varchar('code', { length: 2 }).notNull().unique(),
  name: text('name').notNull(),
  /** Whether we sell in this state at all. */
  offered: boolean('offered').notNull().default(false),
  /**
   * The state's option that an insured's own cancellation returns short rate (90% of pro rata,
   * shared/rating/proration.ts) rather than pro rata.
   */
  shortRateCancellation: boolean('short_rate_cancellation').notNull().default(false),
  /**
   * The days of notice the state requires before a policy is cancelled for non-payment (issue 20),
   * beside its other cancellation rule; null takes INSTALMENT_NOTICE_DAYS (default 10).
   */
  nonPaymentNoticeDays: integer('non_payment_notice_days'),
});

// ---------------------------------------------------------------------------------------------
// People and authentication

export const users = pgTable(
  'users',
  {
    id: id(),
    email: text('email').notNull(),
    /** Null for accounts that only ever signed in with Google. */
    passwordHash: text('password_hash'),
    googleSubject: text('google_subject').unique(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    companyName: text('company_name'),
    insuredType: text('insured_type'),
    gender: text('gender'),
    dob: date('dob', { mode: 'string' }),
    industryCode: text('industry_code'),
    paymentTerm: text('payment_term'),
    phone: text('phone'),
    /** The broker the insured came through (or, for role broker, the broker they work for). */
    brokerId: integer('broker_id').references(() => brokers.id),
    role: userRole('role').notNull().default('insured'),
    failedLogins: integer('failed_logins').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    /** When the terms of use were accepted at sign-up (issue 16); null for accounts made before, or through Google. */
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // E-mail is unique whatever its case; the original spelling is kept for display.
  (t) => [uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`), index('users_broker_idx').on(t.brokerId)],
);

/** Rotating refresh tokens: reuse of a replaced token revokes its whole family. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    family: text('family').notNull(),
    /** SHA-256 of the token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull().unique(),
    remember: boolean('remember').notNull().default(false),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    replacedById: integer('replaced_by_id'),
    createdAt: createdAt(),
  },
  (t) => [index('refresh_tokens_user_idx').on(t.userId), index('refresh_tokens_family_idx').on(t.family)],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    /** The branded site the request came from, so the e-mailed link goes back to it. */
    clientUrl: text('client_url'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId)],
);

/** Mail is written here in the same transaction as the change it reports, then delivered. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: id(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    attachments: jsonb('attachments').$type<MailAttachment[]>().notNull().default([]),
    status: mailStatus('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt)],
);

export const contacts = pgTable(
  'contacts',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email'),
    contactNumber: text('contact_number'),
    isPrimary: boolean('is_primary').notNull().default(false),
    idempotencyKeyHash: idempotencyKeyHash(),
    idempotencyRequestHash: idempotencyRequestHash(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('contacts_user_idx').on(t.userId),
    // One primary contact per insured.
    uniqueIndex('contacts_one_primary_key')
      .on(t.userId)
      .where(sql`${t.isPrimary}`),
    uniqueIndex('contacts_idempotency_key').on(t.userId, t.idempotencyKeyHash),
  ],
);

export const locations = pgTable(
  'locations',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title'),
    address1: text('address1').notNull(),
    address2: text('address2'),
    city: text('city').notNull(),
    state: varchar('state', { length: 2 }).notNull(),
    zipcode: varchar('zipcode', { length: 10 }).notNull(),
    isPrimary: boolean('is_primary').notNull().default(false),
    idempotencyKeyHash: idempotencyKeyHash(),
    idempotencyRequestHash: idempotencyRequestHash(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('locations_user_idx').on(t.userId),
    uniqueIndex('locations_one_primary_key')
      .on(t.userId)
      .where(sql`${t.isPrimary}`),
    uniqueIndex('locations_idempotency_key').on(t.userId, t.idempotencyKeyHash),
  ],
);

// ---------------------------------------------------------------------------------------------
// Underwriting questions, rating, payment terms

export const questions = pgTable(
  'questions',
  {
    id: id(),
    /** Null: a general application question asked whatever the speciality. */
    specialityId: integer('speciality_id').references(() => specialities.id),
    code: text('code').notNull(),
    text: text('text').notNull(),
    helpText: text('help_text'),
    type: questionType('type').notNull(),
    required: boolean('required').notNull().default(true),
    options: jsonb('options').$type<QuestionOption[]>().notNull().default([]),
    condition: jsonb('condition').$type<QuestionCondition>(),
    sortOrder: integer('sort_order').notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
  },
  // NULLS NOT DISTINCT (PostgreSQL ≥ 15) keeps general-question codes unique too.
  (t) => [unique('questions_speciality_code_key').on(t.specialityId, t.code).nullsNotDistinct()],
);

/** Versioned: a quote points at the exact table that priced it, so old quotes stay explainable. */
export const rateTables = pgTable(
  'rate_tables',
  {
    id: id(),
    specialityId: integer('speciality_id')
      .notNull()
      .references(() => specialities.id),
    stateCode: varchar('state_code', { length: 2 })
      .notNull()
      .references(() => usStates.code),
    version: integer('version').notNull().default(1),
    basePremiumCents: cents('base_premium_cents').notNull(),
    minPremiumCents: cents('min_premium_cents').notNull(),
    policyFeeCents: cents('policy_fee_cents').notNull().default(0),
    taxRateBps: integer('tax_rate_bps').notNull().default(0),
    feeRateBps: integer('fee_rate_bps').notNull().default(0),
    factors: jsonb('factors').$type<RateFactors>().notNull(),
    /**
     * The Extended Reporting Period (tail) a cancelled or expired claims-made policy can buy, by
     * its length in years, in basis points of the annual premium (16 000 = 160 %).
     */
    erpPercentBps: jsonb('erp_percent_bps')
      .$type<ErpPercentBps>()
      .notNull()
      .default({ '1': 10_000, '2': 16_000, '3': 19_000 }),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
    active: boolean('active').notNull().default(true),
  },
  (t) => [
    unique('rate_tables_version_key').on(t.specialityId, t.stateCode, t.version),
    // At most one table prices a speciality in a state at any time.
    uniqueIndex('rate_tables_one_active_key')
      .on(t.specialityId, t.stateCode)
      .where(sql`${t.active}`),
  ],
);

export const paymentTerms = pgTable('payment_terms', {
  id: id(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  /** Number of payments in the year, the down payment included. */
  installments: integer('installments').notNull(),
  /** Share of the premium due at binding. */
  downPaymentBps: integer('down_payment_bps').notNull(),
  /** Charged on each payment after the first. */
  installmentFeeCents: cents('installment_fee_cents').notNull().default(0),
  sortOrder: integer('sort_order').notNull().default(0),
  active: boolean('active').notNull().default(true),
});

// ---------------------------------------------------------------------------------------------
// Orders

/** The running part of order numbers (Q-2026-000123): one sequence, never reused. */
export const submissionNumberSeq = pgSequence('submission_number_seq', { startWith: 1 });

export const submissions = pgTable(
  'submissions',
  {
    id: id(),
    number: text('number').notNull().unique(),
    /** Null while an anonymous visitor is still quoting. */
    userId: integer('user_id').references(() => users.id),
    /**
     * SHA-256 (hex) of the quote key a visitor was given once when saving a quote without
     * signing in; calls on the quote must present the key. Cleared when it is attached to an
     * account (sign-in or sign-up with the key), after which only the owner's bearer counts.
     */
    visitorKeyHash: text('visitor_key_hash'),
    /**
     * SHA-256 (hex) of who created it and the Idempotency-Key they sent ("user:42" or
     * "visitor", then the key): a repeated insured/createsubmission finds this row instead of
     * creating a second one.
     */
    idempotencyKeyHash: text('idempotency_key_hash'),
    brokerId: integer('broker_id').references(() => brokers.id),
    specialityId: integer('speciality_id')
      .notNull()
      .references(() => specialities.id),
    stateCode: varchar('state_code', { length: 2 }).references(() => usStates.code),
    zipcode: varchar('zipcode', { length: 10 }),
    answers: jsonb('answers').$type<Record<string, unknown>>().notNull().default({}),
    applicationAnswers: jsonb('application_answers').$type<Record<string, unknown>>().notNull().default({}),
    limitCode: text('limit_code'),
    deductibleCode: text('deductible_code'),
    paymentTerm: text('payment_term'),
    effectiveDate: date('effective_date', { mode: 'string' }),
    /** Every rating factor, its source and the running premium (DESIGN.md §4 Rating). */
    worksheet: jsonb('worksheet').$type<Record<string, unknown>>(),
    premiumCents: cents('premium_cents'),
    rateTableId: integer('rate_table_id').references(() => rateTables.id),
    /** The insured's contact for this order (insured/updateprimaryinsuredwithlocation). */
    contactId: integer('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    status: submissionStatus('status').notNull().default('draft'),
    /** Optimistic locking: every update checks and bumps it. */
    version: integer('version').notNull().default(1),
    /** When it entered its status: the underwriter's queue is oldest first by it. */
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('submissions_user_idx').on(t.userId),
    index('submissions_broker_idx').on(t.brokerId),
    index('submissions_status_idx').on(t.status),
    index('submissions_status_changed_idx').on(t.status, t.statusChangedAt),
    uniqueIndex('submissions_idempotency_key_hash_key').on(t.idempotencyKeyHash),
  ],
);

/** Append-only history of the lifecycle: who moved an order from what to what, when, why. */
export const submissionEvents = pgTable(
  'submission_events',
  {
    id: id(),
    submissionId: integer('submission_id')
      .notNull()
      .references(() => submissions.id, { onDelete: 'cascade' }),
    actorUserId: integer('actor_user_id').references(() => users.id),
    /** Who sent a lifecycle event (insured, underwriter, system); null for older rows and quote edits. */
    actor: text('actor'),
    event: text('event').notNull(),
    fromStatus: submissionStatus('from_status'),
    toStatus: submissionStatus('to_status').notNull(),
    reason: text('reason'),
    data: jsonb('data').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index('submission_events_submission_idx').on(t.submissionId)],
);

/** The insured's locations as covered by one order (a copy, so later edits don't rewrite it). */
export const planLocations = pgTable(
  'plan_locations',
  {
    id: id(),
    submissionId: integer('submission_id')
      .notNull()
      .references(() => submissions.id, { onDelete: 'cascade' }),
    locationId: integer('location_id').references(() => locations.id, { onDelete: 'set null' }),
    address1: text('address1').notNull(),
    address2: text('address2'),
    city: text('city').notNull(),
    state: varchar('state', { length: 2 }).notNull(),
    zipcode: varchar('zipcode', { length: 10 }).notNull(),
    isPrimary: boolean('is_primary').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('plan_locations_submission_idx').on(t.submissionId),
    // A location is on an order once; the order has one primary location (its rating address).
    uniqueIndex('plan_locations_submission_location_key').on(t.submissionId, t.locationId),
    uniqueIndex('plan_locations_one_primary_key')
      .on(t.submissionId)
      .where(sql`${t.isPrimary}`),
  ],
);

export const additionalInsureds = pgTable(
  'additional_insureds',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    submissionId: integer('submission_id').references(() => submissions.id, {
      onDelete: 'cascade',
    }),
    name: text('name').notNull(),
    relationship: text('relationship'),
    email: text('email'),
    address1: text('address1'),
    address2: text('address2'),
    city: text('city'),
    state: varchar('state', { length: 2 }),
    zipcode: varchar('zipcode', { length: 10 }),
    idempotencyKeyHash: idempotencyKeyHash(),
    idempotencyRequestHash: idempotencyRequestHash(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('additional_insureds_user_idx').on(t.userId),
    uniqueIndex('additional_insureds_idempotency_key').on(t.userId, t.idempotencyKeyHash),
  ],
);

export const claims = pgTable(
  'claims',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    submissionId: integer('submission_id').references(() => submissions.id),
    policyId: integer('policy_id').references(() => policies.id),
    /** The day the claim was first made (a demand or notice reached the insured), or the circumstance came to light. */
    claimDate: date('claim_date', { mode: 'string' }),
    reportedDate: date('reported_date', { mode: 'string' }),
    /** Who is claiming; null when the insured did not say (or, for a circumstance, no one yet). */
    claimant: text('claimant'),
    description: text('description').notNull(),
    /** A claim made, or a circumstance that may become one (notice of circumstance). */
    kind: text('kind').notNull().default('claim'),
    /** The day of the act, error or omission complained of, when the insured knows it. */
    actDate: date('act_date', { mode: 'string' }),
    lawsuitFiled: boolean('lawsuit_filed').notNull().default(false),
    /** What the claimant demands, when they named an amount. */
    amountDemandedCents: cents('amount_demanded_cents'),
    status: claimStatus('status').notNull().default('reported'),
    amountPaidCents: cents('amount_paid_cents').notNull().default(0),
    reserveCents: cents('reserve_cents').notNull().default(0),
    /** What people quote on the phone: C-2026-000042. */
    number: text('number').unique(),
    idempotencyKeyHash: idempotencyKeyHash(),
    idempotencyRequestHash: idempotencyRequestHash(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('claims_user_idx').on(t.userId),
    uniqueIndex('claims_idempotency_key').on(t.userId, t.idempotencyKeyHash),
    // The handlers' queue: by status, oldest report first.
    index('claims_status_idx').on(t.status, t.createdAt),
    check('claims_kind_check', sql`${t.kind} in ('claim', 'circumstance')`),
    check('claims_amount_demanded_check', sql`${t.amountDemandedCents} is null or ${t.amountDemandedCents} >= 0`),
  ],
);

/** Who wrote on a claim or moved it: the insured, or whoever handles it (an underwriter or administrator). */
const claimParty = (name: string) => text(name).notNull();
const claimPartyCheck = (name: string, column: AnyPgColumn) => check(name, sql`${column} in ('insured', 'handler')`);

/**
 * A claim's timeline: the report (from_status null) and every move after it, who made it, when,
 * and what they said with it. Append-only; the claim's own status is the last row's to_status.
 */
export const claimEvents = pgTable(
  'claim_events',
  {
    id: id(),
    claimId: integer('claim_id')
      .notNull()
      .references(() => claims.id, { onDelete: 'cascade' }),
    fromStatus: claimStatus('from_status'),
    toStatus: claimStatus('to_status').notNull(),
    party: claimParty('party'),
    /** Null only on rows written for claims reported before claims had a timeline. */
    actorUserId: integer('actor_user_id').references(() => users.id),
    note: text('note'),
    idempotencyKeyHash: idempotencyKeyHash(),
    idempotencyRequestHash: idempotencyRequestHash(),
    createdAt: createdAt(),
  },
  (t) => [
    index('claim_events_claim_idx').on(t.claimId, t.id),
    uniqueIndex('claim_events_idempotency_key').on(t.actorUserId, t.idempotencyKeyHash),
    claimPartyCheck('claim_events_party_check', t.party),
  ],
);

/** The conversation on a claim between the insured and whoever handles it, oldest first. */
export const claimMessages = pgTable(
  'claim_messages',
  {
    id: id(),
    claimId: integer('claim_id')
      .notNull()
      .references(() => claims.id, { onDelete: 'cascade' }),
    authorUserId: integer('author_user_id')
      .notNull()
      .references(() => users.id),
    party: claimParty('party'),
    body: text('body').notNull(),
    idempotencyKeyHash: idempotencyKeyHash(),
    idempotencyRequestHash: idempotencyRequestHash(),
    createdAt: createdAt(),
  },
  (t) => [
    index('claim_messages_claim_idx').on(t.claimId, t.id),
    uniqueIndex('claim_messages_idempotency_key').on(t.authorUserId, t.idempotencyKeyHash),
    claimPartyCheck('claim_messages_party_check', t.party),
  ],
);

/**
 * Uploaded files, attached to any module's record (module + module_id): an order's
 * (submission) or a claim's (claim); soft-deleted.
 */
export const files = pgTable(
  'files',
  {
    id: id(),
    ownerUserId: integer('owner_user_id')
      .notNull()
      .references(() => users.id),
    module: text('module').notNull(),
    moduleId: integer('module_id'),
    filename: text('filename').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    content: bytea('content').notNull(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: integer('deleted_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('files_owner_idx').on(t.ownerUserId), index('files_module_idx').on(t.module, t.moduleId)],
);

// ---------------------------------------------------------------------------------------------
// Billing and issuance

/** The running parts of invoice and policy numbers (INV-2026-000007, P-2026-000042). */
export const invoiceNumberSeq = pgSequence('invoice_number_seq', { startWith: 1 });
export const policyNumberSeq = pgSequence('policy_number_seq', { startWith: 1 });

/** One payment of an invoice's year: the first is what the invoice bills now. */
export type ScheduledInstallment = { installmentNo: number; dueDate: string; amountCents: number };

export const invoices = pgTable(
  'invoices',
  {
    id: id(),
    submissionId: integer('submission_id')
      .notNull()
      .references(() => submissions.id),
    number: text('number').notNull().unique(),
    installmentNo: integer('installment_no').notNull().default(1),
    premiumCents: cents('premium_cents').notNull(),
    feeCents: cents('fee_cents').notNull().default(0),
    taxCents: cents('tax_cents').notNull().default(0),
    totalCents: cents('total_cents').notNull(),
    currency: varchar('currency', { length: 3 }).notNull().default('USD'),
    dueDate: date('due_date', { mode: 'string' }),
    status: text('status').notNull().default('open'),
    /** The payment term invoiced (payment_terms.code) and the year's schedule under it. */
    paymentTerm: text('payment_term'),
    schedule: jsonb('schedule').$type<ScheduledInstallment[]>().notNull().default([]),
    /** Why the last checkout attempt failed, in the insured's words; cleared once paid. */
    lastFailure: text('last_failure'),
    /**
     * Set when the invoice bills an endorsement's additional premium (or a tail) rather than the
     * order: paying it issues that endorsement. Null for the order's own instalments.
     */
    endorsementId: integer('endorsement_id').references((): AnyPgColumn => endorsements.id),
    createdAt: createdAt(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /**
     * A later instalment's reminders (issue 20), each sent once: set by the sweep's conditional
     * update in the transaction that queues the mail, so a second sweep finds it set.
     */
    remindedBeforeAt: timestamp('reminded_before_at', { withTimezone: true }),
    remindedAfterAt: timestamp('reminded_after_at', { withTimezone: true }),
  },
  (t) => [
    index('invoices_submission_idx').on(t.submissionId),
    // Generating the order's invoice twice must not bill twice (endorsements bill apart).
    uniqueIndex('invoices_submission_installment_key')
      .on(t.submissionId, t.installmentNo)
      .where(sql`${t.endorsementId} is null`),
    // One invoice per endorsement.
    uniqueIndex('invoices_endorsement_key').on(t.endorsementId),
  ],
);

export const payments = pgTable(
  'payments',
  {
    id: id(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id),
    submissionId: integer('submission_id')
      .notNull()
      .references(() => submissions.id),
    provider: text('provider').notNull(),
    /** The provider's session/charge id; unique so a replayed webhook finds the same row. */
    providerRef: text('provider_ref').unique(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    amountCents: cents('amount_cents').notNull(),
    currency: varchar('currency', { length: 3 }).notNull().default('USD'),
    /** pending (checkout open), succeeded, failed or expired. */
    status: text('status').notNull().default('pending'),
    /** The hosted checkout page the insured was sent to. */
    checkoutUrl: text('checkout_url'),
    /** The provider's payment reference (a payment intent id) once paid. */
    providerPaymentRef: text('provider_payment_ref'),
    failureMessage: text('failure_message'),
    raw: jsonb('raw').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    index('payments_submission_idx').on(t.submissionId),
    // At most one payment binds an invoice.
    uniqueIndex('payments_one_success_key')
      .on(t.invoiceId)
      .where(sql`${t.status} = 'succeeded'`),
  ],
);

/**
 * Every webhook delivery verified and handled, by the provider's event id: a redelivered event
 * (providers deliver at least once) is acknowledged and changes nothing.
 */
export const paymentWebhookEvents = pgTable(
  'payment_webhook_events',
  {
    id: id(),
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    /** What handling it did: bound, already_bound, failed, expired, ignored, unknown_session. */
    outcome: text('outcome').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('payment_webhook_events_event_key').on(t.provider, t.eventId)],
);

/**
 * The built-in sandbox provider's own checkout sessions: what a real provider keeps on its side
 * (amount, where to send the browser back, whether it was paid). Only the sandbox uses it.
 */
export const sandboxCheckoutSessions = pgTable('sandbox_checkout_sessions', {
  /** cs_sandbox_… */
  id: text('id').primaryKey(),
  /** The caller's idempotency key: the same key never opens a second session. */
  idempotencyKey: text('idempotency_key').notNull().unique(),
  amountCents: cents('amount_cents').notNull(),
  currency: varchar('currency', { length: 3 }).notNull().default('USD'),
  description: text('description').notNull(),
  customerEmail: text('customer_email').notNull(),
  successUrl: text('success_url').notNull(),
  cancelUrl: text('cancel_url').notNull(),
  metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default({}),
  /** open, paid or expired. */
  status: text('status').notNull().default('open'),
  /** pi_sandbox_… once paid. */
  paymentRef: text('payment_ref'),
  /** The last refused card's reason. */
  lastError: text('last_error'),
  attempts: integer('attempts').notNull().default(0),
  createdAt: createdAt(),
  paidAt: timestamp('paid_at', { withTimezone: true }),
});

export const policies = pgTable(
  'policies',
  {
    id: id(),
    submissionId: integer('submission_id')
      .notNull()
      .unique()
      .references(() => submissions.id),
    userId: integer('user_id').references(() => users.id),
    number: text('number').notNull().unique(),
    effectiveDate: date('effective_date', { mode: 'string' }).notNull(),
    expirationDate: date('expiration_date', { mode: 'string' }).notNull(),
    limitCode: text('limit_code').notNull(),
    perClaimLimitCents: cents('per_claim_limit_cents').notNull(),
    aggregateLimitCents: cents('aggregate_limit_cents').notNull(),
    deductibleCode: text('deductible_code').notNull(),
    deductibleCents: cents('deductible_cents').notNull(),
    premiumCents: cents('premium_cents').notNull(),
    status: policyStatus('status').notNull().default('in_force'),
    /**
     * The day a cancellation takes effect (the period's cover ends at its start), set with the
     * status 'cancelled'; it may lie ahead, and the policy is in force until then. Null otherwise.
     */
    cancellationDate: date('cancellation_date', { mode: 'string' }),
    /** Why the insured cancelled, in their words (optional); null when not cancelled or not said. */
    cancellationReason: text('cancellation_reason'),
    /** When the cancellation was recorded (the server's clock); null when not cancelled. */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Under a notice of cancellation for non-payment (issue 20): the unpaid instalment's invoice,
     * when the notice was sent and the day cover ends unless it is paid (the cancellation date
     * then). Cleared when the arrears are paid; kept once cancelled, as the record of why.
     */
    noticeInvoiceId: integer('notice_invoice_id').references((): AnyPgColumn => invoices.id),
    noticeSentAt: timestamp('notice_sent_at', { withTimezone: true }),
    noticeEndDate: date('notice_end_date', { mode: 'string' }),
  },
  (t) => [index('policies_user_idx').on(t.userId)],
);

/**
 * Certificates of insurance issued on demand (issue 19): the holder a certificate names, whether
 * it also makes them an additional insured (and the wording it prints then), the verification
 * code anyone holding it checks it with (unique, unguessable), and the PDF as issued — kept, like
 * the policy's documents, so a later endorsement or change of address never rewrites a
 * certificate already handed out. `user_id` is who issued it (the policy's insured), for the
 * Idempotency-Key's uniqueness; ownership is read through the policy's order as everywhere.
 */
export const certificates = pgTable(
  'certificates',
  {
    id: id(),
    policyId: integer('policy_id')
      .notNull()
      .references(() => policies.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    code: text('code').notNull(),
    holderName: text('holder_name').notNull(),
    holderAddress1: text('holder_address1').notNull(),
    holderAddress2: text('holder_address2'),
    holderCity: text('holder_city').notNull(),
    holderState: varchar('holder_state', { length: 2 }).notNull(),
    holderZipcode: varchar('holder_zipcode', { length: 10 }).notNull(),
    additionalInsured: boolean('additional_insured').notNull().default(false),
    additionalInsuredWording: text('additional_insured_wording'),
    /** What the certificate is for ("Description of operations / project"), as the insured typed it; null when none. */
    description: text('description'),
    /** The PDF as issued. */
    content: bytea('content').notNull(),
    idempotencyKeyHash: idempotencyKeyHash(),
    idempotencyRequestHash: idempotencyRequestHash(),
    /** The server clock's time of issue: the certificate's date. */
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('certificates_code_key').on(t.code),
    index('certificates_policy_idx').on(t.policyId, t.issuedAt),
    uniqueIndex('certificates_idempotency_key').on(t.userId, t.idempotencyKeyHash),
    // The wording is printed exactly when the holder is an additional insured.
    check(
      'certificates_additional_insured_wording',
      sql`${t.additionalInsured} = (${t.additionalInsuredWording} is not null)`,
    ),
  ],
);

/**
 * A policy's history after issue (issue 19): every mid-term change, cancellation and tail, each
 * numbered after the policy (P-2026-000007-E01, E02 … in the order they were asked, per policy),
 * effective from a day of the period. `changes` says what read what before and after; the annual
 * premium before and after were priced on `rate_table_id` (the version the policy was priced
 * with); the prorated premium, its taxes and fees and their total are signed cents: positive is
 * an additional premium to pay (through an invoice whose endorsement_id is this row), negative a
 * return premium owed (return_premium_status 'owed' once issued, until billing settles it).
 * `content` is the endorsement PDF, made when it is issued. `user_id` is the insured who asked,
 * for the Idempotency-Key's uniqueness; ownership is read through the policy's order.
 */
export const endorsements = pgTable(
  'endorsements',
  {
    id: id(),
    policyId: integer('policy_id')
      .notNull()
      .references(() => policies.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    number: text('number').notNull(),
    kind: endorsementKind('kind').notNull(),
    status: endorsementStatus('status').notNull(),
    effectiveDate: date('effective_date', { mode: 'string' }).notNull(),
    changes: jsonb('changes').$type<EndorsementChange[]>().notNull().default([]),
    annualPremiumBeforeCents: cents('annual_premium_before_cents').notNull(),
    annualPremiumAfterCents: cents('annual_premium_after_cents').notNull(),
    rateTableId: integer('rate_table_id').references(() => rateTables.id),
    premiumChangeCents: cents('premium_change_cents').notNull(),
    taxChangeCents: cents('tax_change_cents').notNull().default(0),
    feeChangeCents: cents('fee_change_cents').notNull().default(0),
    totalChangeCents: cents('total_change_cents').notNull(),
    /** 'owed' for an issued return premium until billing credits or refunds it; null otherwise. */
    returnPremiumStatus: text('return_premium_status'),
    /** The endorsement PDF, made when it is issued. */
    content: bytea('content'),
    idempotencyKeyHash: idempotencyKeyHash(),
    idempotencyRequestHash: idempotencyRequestHash(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('endorsements_number_key').on(t.number),
    index('endorsements_policy_idx').on(t.policyId, t.id),
    uniqueIndex('endorsements_idempotency_key').on(t.userId, t.idempotencyKeyHash),
    check('endorsements_number_check', sql`${t.number} ~ '-E[0-9]{2,}$'`),
    check(
      'endorsements_total_check',
      sql`${t.totalChangeCents} = ${t.premiumChangeCents} + ${t.taxChangeCents} + ${t.feeChangeCents}`,
    ),
    // Issued exactly when it has its time of issue.
    check('endorsements_issued_check', sql`(${t.status} = 'issued') = (${t.issuedAt} is not null)`),
  ],
);

/** Generated PDFs (policy, binder, invoice, order summary): one current copy per kind. */
export const documents = pgTable(
  'documents',
  {
    id: id(),
    submissionId: integer('submission_id')
      .notNull()
      .references(() => submissions.id),
    policyId: integer('policy_id').references(() => policies.id),
    type: text('type').notNull(),
    filename: text('filename').notNull(),
    mime: text('mime').notNull().default('application/pdf'),
    content: bytea('content').notNull(),
    createdAt: createdAt(),
  },
  (t) => [unique('documents_submission_type_key').on(t.submissionId, t.type)],
);

/**
 * Every electronic signature of an order's application (ESIGN/UETA): who signed, the exact
 * record they reviewed (as JSON, with its SHA-256), that they consented to electronic records
 * and agreed to the declarations, when (the server's clock), from which address and browser.
 * Append-only: signing a changed record adds a row, and the newest row is the order's signature.
 * Kept even if the order goes: it is the evidence of what was signed.
 */
export const applicationSignatures = pgTable(
  'application_signatures',
  {
    id: id(),
    submissionId: integer('submission_id')
      .notNull()
      .references(() => submissions.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    signerName: text('signer_name').notNull(),
    /** SHA-256 (hex) of the record's canonical JSON. */
    recordHash: text('record_hash').notNull(),
    record: jsonb('record').$type<Record<string, unknown>>().notNull(),
    consentToElectronicRecords: boolean('consent_to_electronic_records').notNull(),
    agreeToDeclarations: boolean('agree_to_declarations').notNull(),
    ip: text('ip').notNull(),
    userAgent: text('user_agent'),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('application_signatures_submission_idx').on(t.submissionId, t.id),
    // A signature without both is no signature.
    check('application_signatures_consent_check', sql`${t.consentToElectronicRecords} and ${t.agreeToDeclarations}`),
    check('application_signatures_hash_check', sql`${t.recordHash} ~ '^[0-9a-f]{64}$'`),
  ],
);

// ---------------------------------------------------------------------------------------------
// Everything else

export const feedback = pgTable(
  'feedback',
  {
    id: id(),
    userId: integer('user_id').references(() => users.id),
    email: text('email'),
    rating: integer('rating'),
    message: text('message').notNull(),
    page: text('page'),
    idempotencyKeyHash: idempotencyKeyHash(),
    idempotencyRequestHash: idempotencyRequestHash(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('feedback_idempotency_key').on(t.userId, t.idempotencyKeyHash)],
);

/** The running part of claim numbers (C-2026-000042). */
export const claimNumberSeq = pgSequence('claim_number_seq', { startWith: 1 });

export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    actorUserId: integer('actor_user_id').references(() => users.id),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    data: jsonb('data').$type<Record<string, unknown>>(),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_entity_idx').on(t.entity, t.entityId)],
);

/**
 * Fixed-window counters shared by every server process (so limits hold when scaled out).
 * The bucket key is the natural primary key: counters are upserted, never referenced.
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull().default(0),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});

/**
 * Renewal offers (issue 20): one per policy period (unique on the expiring policy's row — each
 * term is its own policies row), made by the renewal sweep RENEWAL_OFFER_DAYS before the end, so
 * two sweeps at once or one retried after a crash never make two. The offer is priced as an order
 * of its own (`submission_id`: answers carried over, the rate table in force then, its worksheet)
 * that goes through buy now's rules, the invoice and the hosted checkout like any order; paying it
 * issues the next term (`renewed_policy_id`, numbered after the first term with -R1, -R2 …).
 * `asked` lists the questions new or changed since the policy's answers, the only ones asked.
 */
export const renewalOffers = pgTable(
  'renewal_offers',
  {
    id: id(),
    policyId: integer('policy_id')
      .notNull()
      .references(() => policies.id),
    submissionId: integer('submission_id').references(() => submissions.id),
    /** 1 for the first renewal of a policy, 2 for the next …: the -R suffix. */
    term: integer('term').notNull(),
    effectiveDate: date('effective_date', { mode: 'string' }).notNull(),
    expirationDate: date('expiration_date', { mode: 'string' }).notNull(),
    asked: jsonb('asked').$type<{ code: string; general: boolean; why: 'new' | 'changed' }[]>().notNull().default([]),
    renewedPolicyId: integer('renewed_policy_id').references((): AnyPgColumn => policies.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('renewal_offers_policy_key').on(t.policyId),
    uniqueIndex('renewal_offers_submission_key').on(t.submissionId),
  ],
);

/**
 * Notices a policy's end sends once each (issue 20): the expiry reminders at the configured days
 * ('expiry_30', 'expiry_7'), and 'expired' when the period ended unrenewed. The unique key is
 * what keeps a retried or doubled sweep from mailing twice.
 */
export const policyNotices = pgTable(
  'policy_notices',
  {
    id: id(),
    policyId: integer('policy_id')
      .notNull()
      .references(() => policies.id),
    kind: text('kind').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('policy_notices_policy_kind_key').on(t.policyId, t.kind)],
);
