/**
 * Telling whoever handles a claim that its insured wrote or attached something (issue 19 item
 * 4): one mail per message, one per upload (however many files it carries), never one for a
 * retry answered from its Idempotency-Key. It goes to the handler who last moved or wrote on the
 * claim, the person the insured is talking to; before anyone has (a fresh report), or once that
 * person no longer handles claims, to every underwriter, as the desk's queue is theirs; with no
 * underwriter at all, to the administrators, the only others who may handle claims. The insured
 * is never told about their own words, even when they are an underwriter too. Messages queue it
 * here (claim-messages.ts); uploads by whichever route from the files module (store-upload.ts);
 * a new report from its transaction (claims.ts), when the fallback tells the desk.
 */
import {
  claimDeskUrl,
  claimInsuredFilesMail,
  claimInsuredMessageMail,
  claimReportedDeskMail,
  type ReportedClaim,
} from '@server/claims/claim-mails';
import { claimById, claimInsured, lastHandlerOf, usersWithRole } from '@server/claims/claim-queries';
import type { ClaimDeps } from '@server/claims/claims';
import type { Queryable } from '@server/db/connection';

type Handler = { email: string; firstName: string | null };

/** Who is told: the last handler, else every underwriter, else every administrator. */
async function handlersToTell(db: Queryable, claimId: number, insuredUserId: number): Promise<Handler[]> {
  const last = await lastHandlerOf(db, claimId);
  if (last) return [last];
  const underwriters = await usersWithRole(db, 'underwriter', insuredUserId);
  return underwriters.length > 0 ? underwriters : usersWithRole(db, 'admin', insuredUserId);
}

type What =
  | { kind: 'message'; body: string }
  | { kind: 'files'; filenames: string[] }
  // A fresh report: nobody has handled it yet, so the rule's fallback (the desk) hears of it.
  | { kind: 'reported'; claim: ReportedClaim };

/**
 * Queues the mails telling the claim's handlers what its insured did, in `db` (the transaction
 * that recorded it, when there is one). The caller kicks the sender once that is committed.
 */
export async function queueHandlerNotice(
  db: Queryable,
  deps: Pick<ClaimDeps, 'mail' | 'publicUrl'>,
  claimId: number,
  what: What,
): Promise<number> {
  const [claim, insured] = [await claimById(db, claimId), await claimInsured(db, claimId)];
  if (!claim || !insured) return 0;
  const handlers = await handlersToTell(db, claimId, claim.userId);
  const who = insured.name ?? insured.email;
  const about = {
    claimNumber: claim.number ?? `C-${claim.id}`,
    policyNumber: claim.policyNumber,
    insured: insured.companyName ? `${who} (${insured.companyName})` : who,
    deskUrl: claimDeskUrl(deps.publicUrl, claim.id),
  };
  for (const handler of handlers) {
    const addressee = { ...about, to: handler.email, firstName: handler.firstName };
    await deps.mail.enqueue(
      db,
      what.kind === 'message'
        ? claimInsuredMessageMail({ ...addressee, body: what.body })
        : what.kind === 'files'
          ? claimInsuredFilesMail({ ...addressee, filenames: what.filenames })
          : claimReportedDeskMail({ ...addressee, claim: what.claim }),
    );
  }
  return handlers.length;
}
