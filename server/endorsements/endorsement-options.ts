/**
 * GET insured/endorsementoptions (issue 19): what a change of a policy in force may be, so the
 * change screen offers only what insured/endorse accepts: the same days (endorsements.ts's
 * firstEffectiveDay … the day before expiry), the limits and deductibles of the rate table
 * version the policy was priced with (not the one in force since), and the named insured and
 * practice address as the policy reads them now (as issued, then each correction).
 */
import { addDays, businessToday } from '@shared/calendar';
import type { EndorsementOptions } from '@shared/contract/endorsements';
import { planRows } from '@server/account/plan-location-queries';
import { primaryLocation } from '@server/account/location-queries';
import type { AuthUser } from '@server/auth/user';
import { awaitingPayment, ownedPolicyWithOrder, pendingChanges } from '@server/endorsements/endorsement-queries';
import {
  assertEndorsable,
  currentInsured,
  firstEffectiveDay,
  pricedWith,
  type EndorsementDeps,
} from '@server/endorsements/endorsements';
import { addressFromLines, printedAddress } from '@server/endorsements/endorsement-addresses';
import { notFound } from '@server/http/http-error';
import { rateTableById } from '@server/rating/rating-queries';

type Address = NonNullable<EndorsementOptions['address']>;

export async function endorsementOptions(
  deps: Pick<EndorsementDeps, 'db' | 'clock'>,
  user: AuthUser,
  policyId: number,
): Promise<EndorsementOptions> {
  const { db } = deps;
  const owned = await ownedPolicyWithOrder(db, user.id, policyId);
  if (!owned) throw notFound('No such policy (or it is not yours)');
  const { policy, order } = owned;
  assertEndorsable(policy);
  const { tableId } = pricedWith(order);
  const table = await rateTableById(db, tableId);
  if (!table) throw new Error(`Rate table ${tableId} is gone`);

  const insured = await currentInsured(db, policy, order.userId!);
  const locations = await planRows(db, order.id);
  const primary = locations.find((row) => row.isprimary) ?? (await primaryLocation(db, order.userId!));
  const held: Address | null = primary
    ? {
        address1: primary.address1,
        address2: primary.address2 ?? null,
        city: primary.city,
        state: primary.state,
        zipcode: primary.zipcode,
      }
    : null;
  // A correction not yet on the account reads only as its lines: take the parts from them.
  const address =
    held && printedAddress(held) === insured.addressLines.join('\n')
      ? held
      : (addressFromLines(insured.addressLines) ?? held);
  const [waiting] = await awaitingPayment(db, policy.id);
  const referred = (await pendingChanges(db, policy.id)).find((row) => row.status === 'referred');

  return {
    policyId: policy.id,
    policyNumber: policy.number,
    status: policy.status,
    effectiveDate: policy.effectiveDate,
    expirationDate: policy.expirationDate,
    earliestEffectiveDate: firstEffectiveDay(policy, businessToday(deps.clock.now())),
    latestEffectiveDate: addDays(policy.expirationDate, -1),
    rateTableId: table.id,
    rateTableVersion: table.version,
    stateCode: order.stateCode!,
    limitCode: policy.limitCode,
    deductibleCode: policy.deductibleCode,
    limits: table.factors.ilf.map(({ code, label, perClaimCents, aggregateCents }) => ({
      code,
      label,
      perClaimCents,
      aggregateCents,
    })),
    deductibles: table.factors.dlf.map(({ code, label, deductibleCents }) => ({
      code,
      label,
      amountCents: deductibleCents,
    })),
    insuredName: insured.name,
    addressLines: insured.addressLines,
    address,
    locations,
    awaitingPayment: waiting ?? null,
    referred: referred ? { id: referred.id, number: referred.number } : null,
  };
}
