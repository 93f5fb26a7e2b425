/**
 * Issuance, inside the transaction that binds: the policy (number P-YYYY-NNNNNN, a year from the
 * effective date, the limits and deductible of the rate table the order was rated with, the
 * premium as approved), then its documents — the policy with its coverage form, the declarations
 * page and the binder — generated once and kept, so a later change of address never rewrites a
 * document already issued.
 */
import { addMonths, businessToday } from '@shared/calendar';
import type { Calculation } from '@shared/contract/rating';
import type { Trust } from '@shared/contract/runtime-config';
import { insertDocuments, insertPolicy, rateTableFactors, type PolicyRow } from '@server/billing/billing-queries';
import { coverStart } from '@server/billing/installment-schedule';
import type { Transaction } from '@server/db/connection';
import { binderPdf } from '@server/documents/binder-pdf';
import { policyDocumentData } from '@server/documents/document-sources';
import { documentFileName } from '@server/documents/document-file-names';
import { policyPdf } from '@server/documents/policy-pdf';
import { markRenewed, renewalTermOf } from '@server/renewals/renewal-issue';
import type { SubmissionRow } from '@server/submissions/access';

export type { PolicyRow };

/** What issuance kept, by kind, for the confirmation mail to attach. */
export type IssuedDocument = { kind: 'policy' | 'declarations' | 'binder'; filename: string; content: Buffer };

/** The limit and deductible amounts of the table the order was rated with. */
async function ratedAmounts(tx: Transaction, rating: Calculation) {
  const factors = await rateTableFactors(tx, rating.rateTableId);
  const limit = factors?.ilf.find((row) => row.code === rating.limit.code);
  const deductible = factors?.dlf.find((row) => row.code === rating.deductible.code);
  if (!limit || !deductible)
    throw new Error(`Rate table ${rating.rateTableId} no longer has ${rating.limit.code} / ${rating.deductible.code}`);
  return {
    perClaimCents: limit.perClaimCents,
    aggregateCents: limit.aggregateCents,
    deductibleCents: deductible.deductibleCents,
  };
}

export async function issuePolicy(
  tx: Transaction,
  order: Pick<SubmissionRow, 'id' | 'userId' | 'effectiveDate' | 'limitCode' | 'deductibleCode'>,
  rating: Calculation,
  now: Date,
  /** The configured insurer and licences: printed on the documents as issued, and kept so. */
  trust: Trust,
): Promise<{ policy: PolicyRow; issued: IssuedDocument[] }> {
  const today = businessToday(now);
  // A renewal's order issues the next term of its policy, for the offer's period (issue 20).
  const renewal = await renewalTermOf(tx, order.id);
  const effectiveDate = coverStart(renewal?.effectiveDate ?? order.effectiveDate, today);
  const amounts = await ratedAmounts(tx, rating);
  const policy = await insertPolicy(
    tx,
    {
      submissionId: order.id,
      userId: order.userId,
      effectiveDate,
      expirationDate:
        renewal && effectiveDate === renewal.effectiveDate ? renewal.expirationDate : addMonths(effectiveDate, 12),
      limitCode: rating.limit.code,
      perClaimLimitCents: amounts.perClaimCents,
      aggregateLimitCents: amounts.aggregateCents,
      deductibleCode: rating.deductible.code,
      deductibleCents: amounts.deductibleCents,
      premiumCents: rating.totalCents,
      status: 'in_force',
      issuedAt: now,
    },
    renewal?.number,
  );
  if (renewal) await markRenewed(tx, renewal, policy, now);
  const data = await policyDocumentData(tx, policy, trust);
  const drawn = [
    { kind: 'policy' as const, bytes: await policyPdf(data, 'policy') },
    { kind: 'declarations' as const, bytes: await policyPdf(data, 'declarations') },
    { kind: 'binder' as const, bytes: await binderPdf(data) },
  ];
  const issued = drawn.map(({ kind, bytes }) => ({
    kind,
    filename: documentFileName(kind, policy.number),
    content: Buffer.from(bytes),
  }));
  await insertDocuments(
    tx,
    issued.map((document) => ({
      submissionId: order.id,
      policyId: policy.id,
      type: document.kind,
      filename: document.filename,
      content: document.content,
      createdAt: now,
    })),
  );
  return { policy, issued };
}
