/**
 * The SQL on claims: numbered C-YYYY-NNNNNN, read with their policy and speciality; the
 * policies a claim may be reported on; a claim's timeline (claim_events) and messages
 * (claim_messages) with their authors' names; the claim's row lock; the handlers' queue; where
 * the insured's mail goes. Each function is one statement answering plain rows; the rules are
 * claims.ts's, claim-moves.ts's and claim-messages.ts's.
 */
import { and, asc, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { dayOf, yearOf } from '@shared/calendar';
import type { ClaimablePolicy, ClaimParty, ClaimStatus } from '@shared/contract/claims';
import type { SubmissionStatus } from '@shared/contract/submissions';
import type { Queryable, Transaction } from '@server/db/connection';
import {
  brokers,
  claimEvents,
  claimMessages,
  claims,
  files,
  policies,
  specialities,
  submissions,
  users,
} from '@server/db/schema';

/** C-2026-000042: the year it was reported and a sequence number (more digits when it outgrows six). */
const nextClaimNumber = (year: number) =>
  sql<string>`(select 'C-' || ${String(year)}::text || '-' || lpad(seq.n, greatest(6, length(seq.n)), '0') from (select nextval('claim_number_seq')::text as n) as seq)`;

const claimColumns = {
  id: claims.id,
  userId: claims.userId,
  number: claims.number,
  policyId: claims.policyId,
  policyNumber: policies.number,
  specialityName: specialities.name,
  kind: claims.kind,
  dateOfLoss: claims.claimDate,
  actDate: claims.actDate,
  claimant: claims.claimant,
  lawsuitFiled: claims.lawsuitFiled,
  amountDemandedCents: claims.amountDemandedCents,
  description: claims.description,
  status: claims.status,
  createdAt: claims.createdAt,
};

/** Claims with their policy and speciality; only claims on a policy are listed (reportclaim writes no other kind). */
function claimsWhere(db: Queryable, where: SQL) {
  return db
    .select(claimColumns)
    .from(claims)
    .innerJoin(policies, eq(policies.id, claims.policyId))
    .innerJoin(submissions, eq(submissions.id, policies.submissionId))
    .innerJoin(specialities, eq(specialities.id, submissions.specialityId))
    .where(where);
}

export type ClaimRow = Awaited<ReturnType<typeof claimsWhere>>[number];

/** The user's claims, most recently reported first. */
export function claimsOfUser(db: Queryable, userId: number): Promise<ClaimRow[]> {
  return claimsWhere(db, eq(claims.userId, userId)).orderBy(desc(claims.createdAt), desc(claims.id));
}

export async function claimById(db: Queryable, id: number): Promise<ClaimRow | undefined> {
  const [claim] = await claimsWhere(db, eq(claims.id, id));
  return claim;
}

/** The claim the user reported with this key, with the hash of the request that did. */
export async function claimWithKey(db: Queryable, userId: number, keyHash: string) {
  const [row] = await db
    .select({ id: claims.id, requestHash: claims.idempotencyRequestHash })
    .from(claims)
    .where(and(eq(claims.userId, userId), eq(claims.idempotencyKeyHash, keyHash)));
  return row;
}

/** The user's policies whose orders are in these statuses, newest period first. */
export function policiesOfUserIn(
  db: Queryable,
  userId: number,
  statuses: readonly SubmissionStatus[],
): Promise<ClaimablePolicy[]> {
  return db
    .select({
      id: policies.id,
      number: policies.number,
      specialityName: specialities.name,
      effectiveDate: policies.effectiveDate,
      expirationDate: policies.expirationDate,
    })
    .from(policies)
    .innerJoin(submissions, eq(submissions.id, policies.submissionId))
    .innerJoin(specialities, eq(specialities.id, submissions.specialityId))
    .where(and(eq(submissions.userId, userId), inArray(submissions.status, [...statuses])))
    .orderBy(desc(policies.effectiveDate), desc(policies.id));
}

/** The policy with its order's number and status, when the order is the user's. */
export async function usersPolicy(db: Queryable, userId: number, policyId: number) {
  const [policy] = await db
    .select({
      id: policies.id,
      number: policies.number,
      effectiveDate: policies.effectiveDate,
      submissionId: policies.submissionId,
      orderNumber: submissions.number,
      status: submissions.status,
    })
    .from(policies)
    .innerJoin(submissions, eq(submissions.id, policies.submissionId))
    .where(and(eq(policies.id, policyId), eq(submissions.userId, userId)));
  return policy;
}

/** Inserts a claim, numbered in the year it is reported; answers its id. */
export async function insertClaim(
  db: Queryable,
  values: Omit<typeof claims.$inferInsert, 'id' | 'number'> & { createdAt: Date },
): Promise<number> {
  const [row] = await db
    .insert(claims)
    .values({ ...values, number: nextClaimNumber(yearOf(dayOf(values.createdAt))) })
    .returning({ id: claims.id });
  return row!.id;
}

// ---------------------------------------------------------------------------------------------
// Following a claim

/** Inside `tx`: the claim FOR UPDATE (a move), or FOR SHARE (a message: moves wait, messages do not). */
export async function lockClaim(tx: Transaction, claimId: number, strength: 'update' | 'share') {
  const [claim] = await tx
    .select({ id: claims.id, userId: claims.userId, number: claims.number, status: claims.status })
    .from(claims)
    .where(eq(claims.id, claimId))
    .for(strength);
  return claim;
}

export async function setClaimStatus(tx: Transaction, claimId: number, status: ClaimStatus, now: Date) {
  await tx.update(claims).set({ status, updatedAt: now }).where(eq(claims.id, claimId));
}

/** A person's name as the other side reads it; null when they gave none. */
const personName = (table: typeof users) =>
  sql<string | null>`nullif(trim(concat_ws(' ', ${table.firstName}, ${table.lastName})), '')`;

export async function insertClaimEvent(tx: Transaction, values: typeof claimEvents.$inferInsert): Promise<number> {
  const [row] = await tx.insert(claimEvents).values(values).returning({ id: claimEvents.id });
  return row!.id;
}

const claimEventColumns = {
  id: claimEvents.id,
  claimId: claimEvents.claimId,
  from: claimEvents.fromStatus,
  to: claimEvents.toStatus,
  party: claimEvents.party,
  actorName: personName(users),
  note: claimEvents.note,
  requestHash: claimEvents.idempotencyRequestHash,
  createdAt: claimEvents.createdAt,
};

function claimEventsWhere(db: Queryable, where: SQL) {
  return db
    .select(claimEventColumns)
    .from(claimEvents)
    .leftJoin(users, eq(users.id, claimEvents.actorUserId))
    .where(where)
    .orderBy(asc(claimEvents.id));
}

export type ClaimEventRow = Awaited<ReturnType<typeof claimEventsWhere>>[number];

/** The claim's timeline, oldest first. */
export function claimEventsOf(db: Queryable, claimId: number): Promise<ClaimEventRow[]> {
  return claimEventsWhere(db, eq(claimEvents.claimId, claimId));
}

export async function claimEventById(db: Queryable, id: number): Promise<ClaimEventRow | undefined> {
  const [row] = await claimEventsWhere(db, eq(claimEvents.id, id));
  return row;
}

/** The move `userId` made with this key, if any. */
export async function claimEventWithKey(db: Queryable, userId: number, keyHash: string) {
  const [row] = await claimEventsWhere(
    db,
    and(eq(claimEvents.actorUserId, userId), eq(claimEvents.idempotencyKeyHash, keyHash))!,
  );
  return row;
}

export async function insertClaimMessage(tx: Transaction, values: typeof claimMessages.$inferInsert): Promise<number> {
  const [row] = await tx.insert(claimMessages).values(values).returning({ id: claimMessages.id });
  return row!.id;
}

const claimMessageColumns = {
  id: claimMessages.id,
  claimId: claimMessages.claimId,
  party: claimMessages.party,
  authorName: personName(users),
  body: claimMessages.body,
  requestHash: claimMessages.idempotencyRequestHash,
  createdAt: claimMessages.createdAt,
};

function claimMessagesWhere(db: Queryable, where: SQL) {
  return db
    .select(claimMessageColumns)
    .from(claimMessages)
    .innerJoin(users, eq(users.id, claimMessages.authorUserId))
    .where(where)
    .orderBy(asc(claimMessages.id));
}

export type ClaimMessageRow = Awaited<ReturnType<typeof claimMessagesWhere>>[number];

/** The conversation on the claim, oldest first. */
export function claimMessagesOf(db: Queryable, claimId: number): Promise<ClaimMessageRow[]> {
  return claimMessagesWhere(db, eq(claimMessages.claimId, claimId));
}

export async function claimMessageById(db: Queryable, id: number): Promise<ClaimMessageRow | undefined> {
  const [row] = await claimMessagesWhere(db, eq(claimMessages.id, id));
  return row;
}

/** The message `userId` wrote with this key, if any. */
export async function claimMessageWithKey(db: Queryable, userId: number, keyHash: string) {
  const [row] = await claimMessagesWhere(
    db,
    and(eq(claimMessages.authorUserId, userId), eq(claimMessages.idempotencyKeyHash, keyHash))!,
  );
  return row;
}

/** The claim's insured as a handler sees them, with where their mail goes (their broker's branded path if any). */
export async function claimInsured(db: Queryable, claimId: number) {
  const [insured] = await db
    .select({
      id: users.id,
      name: personName(users),
      firstName: users.firstName,
      email: users.email,
      companyName: users.companyName,
      phone: users.phone,
      clientUrl: brokers.clientUrl,
    })
    .from(claims)
    .innerJoin(users, eq(users.id, claims.userId))
    .leftJoin(submissions, eq(submissions.id, claims.submissionId))
    .leftJoin(brokers, eq(brokers.id, submissions.brokerId))
    .where(eq(claims.id, claimId));
  return insured;
}

/** A user's name as the other side reads it (null when they gave none). */
export async function userName(db: Queryable, userId: number): Promise<string | null> {
  const [row] = await db
    .select({ name: personName(users) })
    .from(users)
    .where(eq(users.id, userId));
  return row?.name ?? null;
}

/** When a party last did something on the claim: a move or report, a message, a file (live or not). */
function lastBy(party: ClaimParty) {
  // A file's party is by who uploaded it, as the files module labels it: the claim's owner or not.
  const filesBy = party === 'insured' ? eq(files.ownerUserId, claims.userId) : ne(files.ownerUserId, claims.userId);
  return sql<Date | null>`greatest(
    (select max(${claimEvents.createdAt}) from ${claimEvents} where ${claimEvents.claimId} = ${claims.id} and ${claimEvents.party} = ${party}),
    (select max(${claimMessages.createdAt}) from ${claimMessages} where ${claimMessages.claimId} = ${claims.id} and ${claimMessages.party} = ${party}),
    (select max(${files.createdAt}) from ${files} where ${files.module} = 'claim' and ${files.moduleId} = ${claims.id} and ${filesBy})
  )`.mapWith((value: string | Date | null) => (value === null ? null : new Date(value)));
}

/** The handlers' queue: claims in `statuses`, oldest report first, with the insured and the last activity of each side. */
export function claimQueueRows(db: Queryable, statuses: readonly ClaimStatus[]) {
  return db
    .select({
      ...claimColumns,
      insuredName: personName(users),
      email: users.email,
      companyName: users.companyName,
      updatedAt: claims.updatedAt,
      insuredLast: lastBy('insured'),
      handlerLast: lastBy('handler'),
    })
    .from(claims)
    .innerJoin(policies, eq(policies.id, claims.policyId))
    .innerJoin(submissions, eq(submissions.id, policies.submissionId))
    .innerJoin(specialities, eq(specialities.id, submissions.specialityId))
    .innerJoin(users, eq(users.id, claims.userId))
    .where(inArray(claims.status, [...statuses]))
    .orderBy(asc(claims.createdAt), asc(claims.id));
}

/** Who may handle claims (server/routes/claims-desk.ts guards the desk with the same roles). */
const HANDLER_ROLES = ['underwriter', 'admin'] as const;

const mailColumns = { id: users.id, email: users.email, firstName: users.firstName };

/**
 * The handler who last moved or wrote on the claim, while they still hold a handler's role and
 * are not its insured; undefined when nobody has yet (or they no longer handle claims).
 */
export async function lastHandlerOf(db: Queryable, claimId: number) {
  const lastActor = sql`(select acts.actor from (
      select ${claimEvents.actorUserId} as actor, ${claimEvents.createdAt} as at from ${claimEvents}
        where ${claimEvents.claimId} = ${claimId} and ${claimEvents.party} = 'handler'
      union all
      select ${claimMessages.authorUserId}, ${claimMessages.createdAt} from ${claimMessages}
        where ${claimMessages.claimId} = ${claimId} and ${claimMessages.party} = 'handler'
    ) as acts order by acts.at desc limit 1)`;
  const [handler] = await db
    .select(mailColumns)
    .from(users)
    .where(
      and(
        eq(users.id, lastActor),
        inArray(users.role, [...HANDLER_ROLES]),
        sql`${users.id} <> (select ${claims.userId} from ${claims} where ${claims.id} = ${claimId})`,
      ),
    );
  return handler;
}

/** Everyone with `role` but `exceptUserId` (the claim's insured), oldest account first. */
export function usersWithRole(db: Queryable, role: (typeof HANDLER_ROLES)[number], exceptUserId: number) {
  return db
    .select(mailColumns)
    .from(users)
    .where(and(eq(users.role, role), ne(users.id, exceptUserId)))
    .orderBy(asc(users.id));
}
