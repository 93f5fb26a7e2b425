/**
 * Claims the insured reports against their own policies (the claims screen). Reporting records
 * the claim as `reported` with a number people can quote, starts its timeline with the report,
 * and mails the insured a receipt (the best carriers confirm a report at once; the claim's
 * acknowledgement is the handler's move). Following it is claim-detail.ts's, claim-moves.ts's
 * and claim-messages.ts's.
 */
import type * as v from 'valibot';
import { businessToday } from '@shared/calendar';
import type { Claim, ClaimablePolicy, ClaimKind, reportClaimRequestSchema } from '@shared/contract/claims';
import { formatCalendarDay } from '@shared/contract/date-format';
import { queueHandlerNotice } from '@server/claims/claim-handler-notice';
import { claimReceivedMail, claimUrl } from '@server/claims/claim-mails';
import {
  claimById,
  claimInsured,
  claimsOfUser,
  claimWithKey,
  insertClaim,
  insertClaimEvent,
  policiesOfUserIn,
  usersPolicy,
  type ClaimRow,
} from '@server/claims/claim-queries';
import type { AuthUser } from '@server/auth/user';
import type { Clock } from '@server/clock';
import type { Database, Queryable, Transaction } from '@server/db/connection';
import { isUniqueViolation } from '@server/db/errors';
import { badRequest, conflict, notFound } from '@server/http/http-error';
import { keyUsedForAnotherRequest, requestHash, sameRequest } from '@server/http/idempotency-key';
import type { MailService } from '@server/plugins/mail';

export type ClaimDeps = {
  db: Database;
  clock: Clock;
  mail: Pick<MailService, 'enqueue' | 'kick'>;
  /** Links in mails start here (config.publicUrl). */
  publicUrl: string;
};

type ReportInput = v.InferOutput<typeof reportClaimRequestSchema>;

const IDEMPOTENCY_INDEX = 'claims_idempotency_key';

/** The order statuses in which its policy is in force: claims can be reported against it. */
const IN_FORCE: ('bound' | 'complete')[] = ['bound', 'complete'];

export const claimToWire = (row: ClaimRow): Claim => ({
  id: row.id,
  // Every claim this app records has a number; older rows without one show their id.
  number: row.number ?? `C-${row.id}`,
  policyId: row.policyId!,
  policyNumber: row.policyNumber,
  specialityName: row.specialityName,
  // Written only by reportclaim, which checks it.
  kind: row.kind as ClaimKind,
  dateOfLoss: row.dateOfLoss ?? '',
  actDate: row.actDate,
  claimant: row.claimant,
  lawsuitFiled: row.lawsuitFiled,
  amountDemandedCents: row.amountDemandedCents,
  description: row.description,
  status: row.status,
  reportedAt: row.createdAt.toISOString(),
});

export async function listClaims(db: Database, user: AuthUser): Promise<Claim[]> {
  const rows = await claimsOfUser(db, user.id);
  return rows.map(claimToWire);
}

/** The insured's policies, whose orders are theirs and in force, newest period first. */
export async function listClaimablePolicies(db: Database, user: AuthUser): Promise<ClaimablePolicy[]> {
  return policiesOfUserIn(db, user.id, IN_FORCE);
}

/** The claim an earlier report with this key recorded, when it was this same report (422 otherwise). */
async function byIdempotencyKey(
  db: Queryable,
  user: AuthUser,
  keyHash: string,
  bodyHash: string,
): Promise<Claim | undefined> {
  const row = await claimWithKey(db, user.id, keyHash);
  if (!row) return undefined;
  if (!sameRequest(row.requestHash, bodyHash)) throw keyUsedForAnotherRequest('claim');
  const claim = await claimById(db, row.id);
  return claim ? claimToWire(claim) : undefined;
}

export async function reportClaim(
  deps: ClaimDeps,
  user: AuthUser,
  input: ReportInput,
  keyHash: string | null,
): Promise<{ created: boolean; claim: Claim }> {
  const { db, clock } = deps;
  const bodyHash = requestHash(input);
  // A retry answers the first report, even after midnight has moved "today" (the same key with
  // another report is a 422).
  if (keyHash) {
    const earlier = await byIdempotencyKey(db, user, keyHash, bodyHash);
    if (earlier) return { created: false, claim: earlier };
  }
  // Ownership goes through the order, as everywhere else: someone else's policy is a 404.
  const policy = await usersPolicy(db, user.id, input.policyid);
  if (!policy) throw notFound('No such policy (or it is not yours)');
  if (!(IN_FORCE as string[]).includes(policy.status)) {
    throw conflict(`Order ${policy.orderNumber} is ${policy.status}: claims can be reported only on a bound policy`, {
      status: `is ${policy.status}`,
    });
  }

  const now = clock.now();
  const today = businessToday(now);
  checkReportDates(input, policy, today);

  try {
    const claim = await db.transaction(async (tx) => {
      const id = await insertClaim(tx, {
        userId: user.id,
        submissionId: policy.submissionId,
        policyId: policy.id,
        kind: input.kind,
        claimDate: input.dateofloss,
        actDate: input.actdate,
        claimant: input.claimant,
        lawsuitFiled: input.lawsuitfiled,
        amountDemandedCents: input.amountdemandedcents,
        reportedDate: today,
        description: input.description,
        status: 'reported',
        idempotencyKeyHash: keyHash,
        idempotencyRequestHash: keyHash ? bodyHash : null,
        createdAt: now,
        updatedAt: now,
      });
      // The timeline starts with the report (the key stays on the claim: one answer per key).
      await insertClaimEvent(tx, {
        claimId: id,
        fromStatus: null,
        toStatus: 'reported',
        party: 'insured',
        actorUserId: user.id,
        createdAt: now,
      });
      const created = claimToWire((await claimById(tx, id))!);
      await queueReceipt(tx, deps, created);
      // The desk hears of it by the one rule for who handles a claim (claim-handler-notice.ts).
      await queueHandlerNotice(tx, deps, created.id, { kind: 'reported', claim: created });
      return created;
    });
    deps.mail.kick();
    return { created: true, claim };
  } catch (error) {
    // The same key at the same moment: the other request recorded it; answer that.
    if (keyHash && isUniqueViolation(error, IDEMPOTENCY_INDEX)) {
      const earlier = await byIdempotencyKey(db, user, keyHash, bodyHash);
      if (earlier) return { created: false, claim: earlier };
    }
    throw error;
  }
}

/**
 * The report's dates, against the policy's own dates and the server's clock only (never the
 * browser's: a time-zone gap must not refuse a valid day). The business day is the latest day any
 * insured lives in (every state is at or west of New York), so their own today always passes.
 * Each refusal names its field, worded as the screens write dates: the insured reads it beside it.
 */
function checkReportDates(
  input: Pick<ReportInput, 'dateofloss' | 'actdate' | 'kind'>,
  policy: { number: string; effectiveDate: string },
  today: string,
): void {
  const day = formatCalendarDay;
  const made = input.kind === 'circumstance' ? 'The day you learned of it' : 'The day the claim was made';
  if (input.dateofloss > today) {
    throw badRequest(`${made}, ${day(input.dateofloss)}, is in the future`, {
      dateofloss: 'must not be in the future',
    });
  }
  if (input.dateofloss < policy.effectiveDate) {
    const began = day(policy.effectiveDate);
    throw badRequest(`${made}, ${day(input.dateofloss)}, is before policy ${policy.number} began (${began})`, {
      dateofloss: `must not be before the policy’s effective date, ${began}`,
    });
  }
  if (input.actdate !== null && input.actdate > input.dateofloss) {
    throw badRequest(`The act or error, ${day(input.actdate)}, cannot come after ${made.toLowerCase()}`, {
      actdate: `must not be after ${day(input.dateofloss)}, the day the ${input.kind === 'circumstance' ? 'circumstance came to light' : 'claim was made'}`,
    });
  }
}

/** Inside the report's transaction: the insured's receipt, naming the claim's number. */
async function queueReceipt(tx: Transaction, deps: ClaimDeps, claim: Claim): Promise<void> {
  const insured = await claimInsured(tx, claim.id);
  if (!insured) return;
  await deps.mail.enqueue(
    tx,
    claimReceivedMail({
      to: insured.email,
      firstName: insured.firstName,
      claimNumber: claim.number,
      claimUrl: claimUrl(deps.publicUrl, insured.clientUrl, claim.id),
      claim,
    }),
  );
}
