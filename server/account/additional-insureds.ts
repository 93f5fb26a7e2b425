/**
 * Additional insureds on an order (the additionally-insured screen) and the certificate of
 * insurance that names one of them. The list belongs to one order of the caller's: it may
 * change while the order is open and not yet bound (the policy is issued with the names it has
 * then); certificates exist once the policy does.
 */
import type * as v from 'valibot';
import type {
  AdditionalInsured,
  AdditionalInsuredList,
  certificateRequestSchema,
  saveAdditionalInsuredRequestSchema,
} from '@shared/contract/additional-insureds';
import type { Deleted } from '@shared/contract/address';
import type { Trust } from '@shared/contract/runtime-config';
import {
  additionalInsuredOn,
  additionalInsuredsOn,
  additionalInsuredWithKey,
  deleteAdditionalInsuredRow,
  insertAdditionalInsured,
  shareLockSubmission,
  updateAdditionalInsured,
  usersAdditionalInsured,
  type AdditionalInsuredRow,
} from '@server/account/additional-insured-queries';
import { checkAddress } from '@server/account/address-check';
import type { AuthUser } from '@server/auth/user';
import { policyOf, specialityAndBroker } from '@server/billing/billing-queries';
import type { Clock } from '@server/clock';
import type { Database, Queryable } from '@server/db/connection';
import { isUniqueViolation } from '@server/db/errors';
import { certificateFileName, certificatePdf, certificateProducer } from '@server/documents/certificate-pdf';
import { POLICY_FORM, retroactiveDate } from '@server/billing/retroactive-date';
import { badRequest, conflict, notFound } from '@server/http/http-error';
import { keyUsedForAnotherRequest, requestHash, sameRequest } from '@server/http/idempotency-key';
import { addressLines, namedInsured } from '@server/documents/named-insured';
import { ownedSubmission, type SubmissionRow } from '@server/submissions/access';

export type AdditionalInsuredDeps = { db: Database; clock: Clock };

type SaveInput = v.InferOutput<typeof saveAdditionalInsuredRequestSchema>;
type CertificateInput = v.InferOutput<typeof certificateRequestSchema>;
type Row = AdditionalInsuredRow;
type Order = Pick<SubmissionRow, 'id' | 'number' | 'status'>;

const IDEMPOTENCY_INDEX = 'additional_insureds_idempotency_key';

/** Once bound the policy carries the names it was issued with; a closed order changes no more. */
const FROZEN_STATUSES: readonly string[] = ['bound', 'complete', 'declined', 'close_lost'];
/** A certificate speaks for a policy in force. */
const CERTIFIED_STATUSES: readonly string[] = ['bound', 'complete'];

const isEditable = (order: Order) => !FROZEN_STATUSES.includes(order.status);

function assertListEditable(order: Order): void {
  if (isEditable(order)) return;
  throw conflict(
    `Order ${order.number} is ${order.status}: its additional insureds can change only before the policy is bound`,
    {
      status: `is ${order.status}`,
    },
  );
}

const noSuchAdditionalInsured = () => notFound('No such additional insured (or it is not yours)');

const toWire = (row: Row): AdditionalInsured => ({
  id: row.id,
  submissionId: row.submissionId!,
  name: row.name,
  relationship: row.relationship,
  email: row.email,
  address1: row.address1,
  address2: row.address2,
  city: row.city,
  state: row.state,
  zipcode: row.zipcode,
});

const callerOf = (user: AuthUser) => ({ user, quoteKeyHash: undefined });

// ---------------------------------------------------------------------------------------------
// GET insured/additionalinsureds

export async function listAdditionalInsureds(
  db: Database,
  user: AuthUser,
  submissionId: number,
): Promise<AdditionalInsuredList> {
  const order = await ownedSubmission(db, callerOf(user), submissionId);
  const rows = await additionalInsuredsOn(db, user.id, order.id);
  const policy = CERTIFIED_STATUSES.includes(order.status) ? await policyOf(db, order.id) : undefined;
  return {
    submissionId: order.id,
    number: order.number,
    status: order.status,
    certificatesAvailable: policy !== undefined,
    editable: isEditable(order),
    additionalInsureds: rows.map(toWire),
  };
}

// ---------------------------------------------------------------------------------------------
// POST insured/saveupdateadditionalinsured

type AddressParts = Pick<SaveInput, 'address1' | 'address2' | 'city' | 'state' | 'zipcode'>;

/** An address is all or nothing: a certificate holder's half address would be worse than none. */
async function checkedAddress(db: Queryable, input: AddressParts) {
  const given = (value: string | null | undefined) => (value ? value : null);
  const address = {
    address1: given(input.address1),
    address2: given(input.address2),
    city: given(input.city),
    state: given(input.state),
    zipcode: given(input.zipcode),
  };
  if (Object.values(address).every((value) => value === null)) return address;
  const missing = (['address1', 'city', 'state', 'zipcode'] as const).filter((field) => address[field] === null);
  if (missing.length) {
    throw badRequest(
      `An address needs ${missing.join(', ')} too (or leave the address out)`,
      Object.fromEntries(missing.map((field) => [field, 'is required when an address is given'])),
    );
  }
  await checkAddress(db, { state: address.state!, zipcode: address.zipcode! });
  return address;
}

/**
 * Reads the order for a change to its list, holding a share lock until the transaction ends:
 * a bind committing meanwhile waits for this change, so nothing is added after the policy
 * was issued with the list it had.
 */
async function lockedOrder(tx: Queryable, user: AuthUser, submissionId: number): Promise<Order> {
  await shareLockSubmission(tx, submissionId);
  return ownedSubmission(tx, callerOf(user), submissionId);
}

/** What an earlier create with this key made, when it was this same request (422 otherwise). */
async function byIdempotencyKey(
  db: Queryable,
  user: AuthUser,
  keyHash: string,
  bodyHash: string,
): Promise<Row | undefined> {
  const row = await additionalInsuredWithKey(db, user.id, keyHash);
  if (row && !sameRequest(row.idempotencyRequestHash, bodyHash)) throw keyUsedForAnotherRequest('additional insured');
  return row;
}

export async function saveAdditionalInsured(
  deps: AdditionalInsuredDeps,
  user: AuthUser,
  input: SaveInput,
  keyHash: string | null,
): Promise<{ created: boolean; record: AdditionalInsured }> {
  const { db, clock } = deps;
  const isCreate = input.id === undefined || input.id === null;
  const bodyHash = requestHash(input);
  // A retried create answers what the first one made, whatever happened to the order since
  // (the same key with another request is a 422).
  if (isCreate && keyHash) {
    const earlier = await byIdempotencyKey(db, user, keyHash, bodyHash);
    if (earlier) return { created: false, record: toWire(earlier) };
  }
  // Ownership first: someone else's order is a 404 even when the input has other faults.
  await ownedSubmission(db, callerOf(user), input.submissionId);
  const address = await checkedAddress(db, input);
  const values = { name: input.name, relationship: input.relationship, email: input.email, ...address };
  const now = clock.now();

  try {
    return await db.transaction(async (tx) => {
      const order = await lockedOrder(tx, user, input.submissionId);
      if (isCreate) {
        if (keyHash) {
          const earlier = await byIdempotencyKey(tx, user, keyHash, bodyHash);
          if (earlier) return { created: false, record: toWire(earlier) };
        }
        assertListEditable(order);
        const row = await insertAdditionalInsured(tx, {
          ...values,
          userId: user.id,
          submissionId: order.id,
          idempotencyKeyHash: keyHash,
          idempotencyRequestHash: keyHash ? bodyHash : null,
          createdAt: now,
          updatedAt: now,
        });
        return { created: true, record: toWire(row) };
      }
      // The record must be the caller's and on this order: moving one between orders is not a thing.
      const existing = await additionalInsuredOn(tx, user.id, order.id, input.id!);
      if (!existing) throw noSuchAdditionalInsured();
      assertListEditable(order);
      const row = await updateAdditionalInsured(tx, existing.id, { ...values, updatedAt: now });
      return { created: false, record: toWire(row) };
    });
  } catch (error) {
    // The same key at the same moment: the other request made it; answer that.
    if (keyHash && isUniqueViolation(error, IDEMPOTENCY_INDEX)) {
      const earlier = await byIdempotencyKey(db, user, keyHash, bodyHash);
      if (earlier) return { created: false, record: toWire(earlier) };
    }
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// DELETE insured/deleteadditionalinsured

export async function deleteAdditionalInsured(db: Database, user: AuthUser, id: number): Promise<Deleted> {
  return db.transaction(async (tx) => {
    const row = await usersAdditionalInsured(tx, user.id, id);
    if (!row) throw noSuchAdditionalInsured();
    // Rows always carry their order; one without (none are written so) is simply the caller's to remove.
    if (row.submissionId !== null) assertListEditable(await lockedOrder(tx, user, row.submissionId));
    await deleteAdditionalInsuredRow(tx, row.id);
    // Additional insureds have no primary one: the shared DELETE answer says so with null.
    return { deletedId: row.id, primaryId: null };
  });
}

// ---------------------------------------------------------------------------------------------
// POST documents/certificateofinsurance

export async function certificateOfInsurance(
  db: Database,
  user: AuthUser,
  input: CertificateInput,
  /** The insurer affording coverage (Config.trust). */
  trust: Trust,
  /** The site's public origin (Config.publicUrl): a direct sale's producer is the portal, reached there. */
  publicUrl: string,
): Promise<{ fileName: string; pdf: Uint8Array }> {
  const order = await ownedSubmission(db, callerOf(user), input.submissionid);
  // The additional insured must be on this order: a 404 before any word about the order's status.
  const holder = await additionalInsuredOn(db, user.id, order.id, input.additionalinsuredid);
  if (!holder) throw noSuchAdditionalInsured();
  const policy = CERTIFIED_STATUSES.includes(order.status) ? await policyOf(db, order.id) : undefined;
  if (!policy) {
    throw conflict(
      `Order ${order.number} is ${order.status}: a certificate of insurance is available once its policy is bound`,
      {
        status: `is ${order.status}`,
      },
    );
  }
  const details = await specialityAndBroker(db, order.id);
  const pdf = await certificatePdf({
    policyNumber: policy.number,
    specialityName: details!.speciality,
    effectiveDate: policy.effectiveDate,
    expirationDate: policy.expirationDate,
    coverageForm: POLICY_FORM,
    retroactiveDate: retroactiveDate(policy.effectiveDate, order.applicationAnswers),
    perClaimLimitCents: policy.perClaimLimitCents,
    aggregateLimitCents: policy.aggregateLimitCents,
    deductibleCents: policy.deductibleCents,
    issuedAt: policy.issuedAt,
    brokerName: details!.broker,
    producer: certificateProducer(details!.broker, trust, publicUrl),
    namedInsured: await namedInsured(db, user.id, order.id),
    holder: { name: holder.name, relationship: holder.relationship, addressLines: addressLines(holder) },
    additionalInsured: true,
    operations: null,
    verification: null,
    trust,
  });
  return { fileName: certificateFileName(policy.number, holder.name), pdf };
}
