/**
 * Certificates of insurance on demand (issue 19, DESIGN.md "The policy after the sale"): on one
 * of their bound policies, in force or starting later, the insured names a certificate holder
 * (optionally also an additional insured) and gets the certificate at once; it is kept and can be
 * downloaded again any time. Each one has an unguessable verification code, whose public page
 * shows only the policy's standing today, its period, its limits and the holder's name.
 *
 * The PDF is drawn once, when the certificate is issued, and stored with it rather than drawn
 * again on each download: a certificate states the cover on the day it was issued, and a later
 * endorsement (another limit) or change of the insured's address must not rewrite one already
 * handed to a landlord — the policy's own documents are kept for the same reason. It lives in the
 * certificate's row, not in `documents`, which keeps one current copy of each kind per order.
 */
import type * as v from 'valibot';
import { businessToday } from '@shared/calendar';
import {
  verificationPath,
  type Certificate,
  type CertificateHolder,
  type CertificateList,
  type CertificateVerification,
  type issueCertificateRequestSchema,
} from '@shared/contract/certificates';
import { formatCalendarDay } from '@shared/contract/date-format';
import type { Trust } from '@shared/contract/runtime-config';
import { checkAddress } from '@server/account/address-check';
import { enforce, ipKey, rateLimitRules } from '@server/auth/rate-limit';
import type { AuthUser } from '@server/auth/user';
import { specialityAndBroker } from '@server/billing/billing-queries';
import {
  certificateByCode,
  certificatesOfPolicy,
  certificateWithKey,
  insertCertificate,
  ownedCertificateFile,
  ownedPolicy,
  type CertificateSummary,
  type OwnedPolicy,
} from '@server/certificates/certificates-queries';
import { certifiable, standingOn } from '@server/certificates/policy-standing';
import { newVerificationCode } from '@server/certificates/verification-code';
import type { Clock } from '@server/clock';
import type { Database, Queryable } from '@server/db/connection';
import { isUniqueViolation } from '@server/db/errors';
import { POLICY_FORM, retroactiveDate } from '@server/billing/retroactive-date';
import {
  additionalInsuredWording,
  certificateFileName,
  certificatePdf,
  certificateProducer,
} from '@server/documents/certificate-pdf';
import { addressLines, namedInsured } from '@server/documents/named-insured';
import { conflict, notFound } from '@server/http/http-error';
import { keyUsedForAnotherRequest, requestHash, sameRequest } from '@server/http/idempotency-key';

export type CertificateDeps = {
  db: Database;
  clock: Clock;
  /** The insurer affording coverage (Config.trust), printed on the certificate. */
  trust: Trust;
  /** The site's public origin (Config.publicUrl): the verification page's address starts with it. */
  publicUrl: string;
};

type IssueInput = v.InferOutput<typeof issueCertificateRequestSchema>;

const IDEMPOTENCY_INDEX = 'certificates_idempotency_key';
const CODE_INDEX = 'certificates_code_key';
/** Draws of a fresh code after a collision (each about one in 10^17): more would mean a broken generator. */
const CODE_ATTEMPTS = 3;

/** The order statuses whose policy is issued. */
const BOUND: readonly string[] = ['bound', 'complete'];

const noSuchPolicy = () => notFound('No such policy (or it is not yours)');

export const verificationUrl = (publicUrl: string, code: string) => `${publicUrl}${verificationPath(code)}`;

const holderOf = (row: CertificateSummary): CertificateHolder => ({
  name: row.holderName,
  address1: row.holderAddress1,
  address2: row.holderAddress2,
  city: row.holderCity,
  state: row.holderState,
  zipcode: row.holderZipcode,
});

const toWire = (row: CertificateSummary, publicUrl: string): Certificate => ({
  id: row.id,
  policyId: row.policyId,
  policyNumber: row.policyNumber,
  code: row.code,
  verificationUrl: verificationUrl(publicUrl, row.code),
  issuedAt: row.issuedAt.toISOString(),
  holder: holderOf(row),
  additionalInsured: row.additionalInsured,
  additionalInsuredWording: row.additionalInsuredWording,
  description: row.description,
});

/** 409 unless the policy's order is bound and the policy in force today or starting later. */
function assertIssuable(policy: OwnedPolicy, today: string): void {
  if (!BOUND.includes(policy.orderStatus)) {
    throw conflict(`Order ${policy.orderNumber} is ${policy.orderStatus}: certificates are issued once it is bound`, {
      status: `is ${policy.orderStatus}`,
    });
  }
  const { standing, cancellationDate } = standingOn(policy, today);
  if (certifiable(standing)) return;
  if (standing === 'cancelled') {
    const on = cancellationDate ? ` on ${formatCalendarDay(cancellationDate)}` : '';
    throw conflict(`Policy ${policy.number} was cancelled${on}: certificates are issued only while it is in force`, {
      status: 'is cancelled',
    });
  }
  throw conflict(
    `Policy ${policy.number} expired on ${formatCalendarDay(policy.expirationDate)}: certificates are issued only ` +
      'while it is in force',
    { status: 'is expired' },
  );
}

/** What an earlier issue with this key made, when it was this same request (422 otherwise). */
async function byIdempotencyKey(
  db: Queryable,
  user: AuthUser,
  keyHash: string,
  bodyHash: string,
): Promise<CertificateSummary | undefined> {
  const row = await certificateWithKey(db, user.id, keyHash);
  if (row && !sameRequest(row.idempotencyRequestHash, bodyHash)) throw keyUsedForAnotherRequest('certificate');
  return row;
}

// ---------------------------------------------------------------------------------------------
// POST insured/issuecertificate

export async function issueCertificate(
  deps: CertificateDeps,
  user: AuthUser,
  input: IssueInput,
  keyHash: string | null,
): Promise<{ created: boolean; certificate: Certificate }> {
  const { db, clock, publicUrl } = deps;
  const bodyHash = requestHash(input);
  const answer = (row: CertificateSummary, created: boolean) => ({ created, certificate: toWire(row, publicUrl) });
  // A retry answers the first certificate, whatever happened to the policy since.
  if (keyHash) {
    const earlier = await byIdempotencyKey(db, user, keyHash, bodyHash);
    if (earlier) return answer(earlier, false);
  }
  // Ownership first: someone else's policy is a 404 even when the input has other faults.
  if (!(await ownedPolicy(db, user.id, input.policyid))) throw noSuchPolicy();
  await checkAddress(db, { state: input.state, zipcode: input.zipcode });

  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction(async (tx) => {
        const policy = await ownedPolicy(tx, user.id, input.policyid, true);
        if (!policy) throw noSuchPolicy();
        if (keyHash) {
          const earlier = await byIdempotencyKey(tx, user, keyHash, bodyHash);
          if (earlier) return answer(earlier, false);
        }
        const now = clock.now();
        assertIssuable(policy, businessToday(now));
        const row = await insertCertificate(tx, {
          ...(await drawn(deps, tx, user, policy, input, now)),
          idempotencyKeyHash: keyHash,
          idempotencyRequestHash: keyHash ? bodyHash : null,
        });
        return answer({ ...row, policyNumber: policy.number }, true);
      });
    } catch (error) {
      // The same key at the same moment: the other request made it; answer that.
      if (keyHash && isUniqueViolation(error, IDEMPOTENCY_INDEX)) {
        const earlier = await byIdempotencyKey(db, user, keyHash, bodyHash);
        if (earlier) return answer(earlier, false);
      }
      if (isUniqueViolation(error, CODE_INDEX) && attempt < CODE_ATTEMPTS) continue;
      throw error;
    }
  }
}

/** The certificate's row: a fresh code, the holder, and the PDF drawn once, now. */
async function drawn(
  deps: CertificateDeps,
  tx: Queryable,
  user: AuthUser,
  policy: OwnedPolicy,
  input: IssueInput,
  now: Date,
) {
  const code = newVerificationCode();
  const holder = {
    name: input.holderName,
    relationship: null,
    addressLines: addressLines(input),
  };
  const wording = input.additionalInsured ? additionalInsuredWording({ policyNumber: policy.number, holder }) : null;
  const details = await specialityAndBroker(tx, policy.submissionId);
  const pdf = await certificatePdf({
    policyNumber: policy.number,
    specialityName: details!.speciality,
    effectiveDate: policy.effectiveDate,
    expirationDate: policy.expirationDate,
    coverageForm: POLICY_FORM,
    retroactiveDate: retroactiveDate(policy.effectiveDate, policy.applicationAnswers),
    perClaimLimitCents: policy.perClaimLimitCents,
    aggregateLimitCents: policy.aggregateLimitCents,
    deductibleCents: policy.deductibleCents,
    issuedAt: now,
    brokerName: details!.broker,
    producer: certificateProducer(details!.broker, deps.trust, deps.publicUrl),
    namedInsured: await namedInsured(tx, user.id, policy.submissionId),
    holder,
    additionalInsured: input.additionalInsured,
    operations: input.description,
    verification: { code, url: verificationUrl(deps.publicUrl, code) },
    trust: deps.trust,
  });
  return {
    policyId: policy.id,
    userId: user.id,
    code,
    holderName: input.holderName,
    holderAddress1: input.address1,
    holderAddress2: input.address2,
    holderCity: input.city,
    holderState: input.state,
    holderZipcode: input.zipcode,
    additionalInsured: input.additionalInsured,
    additionalInsuredWording: wording,
    description: input.description,
    content: Buffer.from(pdf),
    issuedAt: now,
  };
}

// ---------------------------------------------------------------------------------------------
// GET insured/certificates

export async function listCertificates(
  deps: Pick<CertificateDeps, 'db' | 'clock' | 'publicUrl'>,
  user: AuthUser,
  policyId: number,
): Promise<CertificateList> {
  const policy = await ownedPolicy(deps.db, user.id, policyId);
  if (!policy) throw noSuchPolicy();
  const { standing } = standingOn(policy, businessToday(deps.clock.now()));
  const rows = await certificatesOfPolicy(deps.db, policy.id);
  return {
    policyId: policy.id,
    policyNumber: policy.number,
    standing,
    canIssue: BOUND.includes(policy.orderStatus) && certifiable(standing),
    certificates: rows.map((row) => toWire(row, deps.publicUrl)),
  };
}

// ---------------------------------------------------------------------------------------------
// POST documents/downloadcertificate

/** certificate-p-2026-000042-acme-landlord-llc-abcdefghjkmn.pdf: [a-z0-9.-] only, one per certificate. */
export const issuedCertificateFileName = (policyNumber: string, holderName: string, code: string) =>
  certificateFileName(policyNumber, holderName).replace(/\.pdf$/, `-${code.toLowerCase()}.pdf`);

/** The certificate as it was issued, whatever the policy's standing now. */
export async function certificateFile(
  db: Database,
  user: AuthUser,
  certificateId: number,
): Promise<{ filename: string; content: Buffer }> {
  const row = await ownedCertificateFile(db, user.id, certificateId);
  if (!row) throw notFound('No such certificate (or it is not yours)');
  return { filename: issuedCertificateFileName(row.policyNumber, row.holderName, row.code), content: row.content };
}

// ---------------------------------------------------------------------------------------------
// GET auth/verifycertificate/{code} (public)

/**
 * What anyone holding the code may know. Counted per client address first (429 with Retry-After
 * over the limit), found or not, so guessing costs the same as checking.
 */
export async function verifyCertificate(
  deps: Pick<CertificateDeps, 'db' | 'clock'>,
  code: string,
  ip: string,
): Promise<CertificateVerification> {
  const now = deps.clock.now();
  const rule = rateLimitRules.verifyCertificate.ip;
  await enforce(
    deps.db,
    ipKey('verifyCertificate', ip),
    rule,
    now,
    (wait) => `Too many certificate checks from this address: try again in ${wait}`,
  );
  const row = await certificateByCode(deps.db, code);
  if (!row) throw notFound('No certificate has this verification code');
  const today = businessToday(now);
  const { standing, cancellationDate } = standingOn(row, today);
  return {
    asOf: today,
    standing,
    cancellationDate,
    effectiveDate: row.effectiveDate,
    expirationDate: row.expirationDate,
    perClaimLimitCents: row.perClaimLimitCents,
    aggregateLimitCents: row.aggregateLimitCents,
    holderName: row.holderName,
  };
}
